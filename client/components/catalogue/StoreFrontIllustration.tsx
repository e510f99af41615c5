/**
 * A shop front drawn in the brand's colours (its CSS variables, through Tailwind's fill-* colours):
 * the store page shows it where a store has no photo of its own. Inline, so each brand's page
 * paints it in that brand's theme; decorative, the store's name is the heading beside it.
 */
export function StoreFrontIllustration({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 640 360"
      width={320}
      height={180}
      aria-hidden="true"
      focusable="false"
      data-testid="store-front-illustration"
      className={className}
    >
      <rect width="640" height="360" className="fill-tint" />
      <rect x="120" y="110" width="400" height="210" className="fill-surface" />
      <path d="M100 110h440l-20-50H120z" className="fill-primary" />
      <path
        d="M120 110h50v24h-50zM220 110h50v24h-50zM320 110h50v24h-50zM420 110h50v24h-50z"
        className="fill-on-primary"
        opacity="0.8"
      />
      <rect x="150" y="170" width="150" height="150" className="fill-secondary" />
      <rect x="340" y="170" width="150" height="90" className="fill-secondary" />
      <rect x="340" y="280" width="150" height="12" className="fill-accent" />
    </svg>
  )
}
