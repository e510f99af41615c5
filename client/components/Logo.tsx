import type { Brand } from '../../schemas/brand.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/** The brand's logo and name, or a neutral mark when no brand is known (unknown host). */
export function Logo({ brand }: { brand: Brand | null }) {
  const text = useText()
  if (!brand) {
    return (
      <span className="flex items-center gap-2 font-semibold text-ink">
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" className="fill-primary" />
          <path d="M9 13h14l-1.5 10h-11z" className="fill-on-primary" />
          <path
            d="M12 13v-2a4 4 0 0 1 8 0v2"
            fill="none"
            strokeWidth="2"
            className="stroke-on-primary"
          />
        </svg>
        <span>{text(MESSAGES.pageStorefront)}</span>
      </span>
    )
  }
  // Logos are wide wordmarks whose words are a third of their height: 44 px on a phone and 56 px
  // wider keep those words at 14-22 px, readable. On a narrow phone with every header button
  // showing, the logo gives way first, keeping its proportions (object-contain).
  const height = 56
  const width = Math.round((brand.logo.width / brand.logo.height) * height)
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <img
        src={brand.logo.url}
        alt=""
        width={width}
        height={height}
        className="h-11 w-auto max-w-full min-w-0 object-contain object-left sm:h-14"
        fetchPriority="high"
      />
      {/* Brand logos are wordmarks: the name is for assistive technology only. */}
      <span className="sr-only">{brand.name}</span>
    </span>
  )
}
