import type { SocialProvider } from '../../schemas/auth.ts'
import { SOCIAL_SIGN_IN_PATH } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/*
 * "Continue with Google / Apple / Facebook" (ADR 026): one plain form post per provider, so they
 * work without JavaScript. Each button follows its provider's published button guidelines closely
 * enough that a shopper recognises it: Google's white button with the four-colour G and a grey
 * outline, Apple's black button with the white Apple logo, Facebook's blue button with the white
 * "f" (#0866FF, Meta's current Facebook blue: the older #1877F2 fails WCAG contrast with white
 * text). Logos are the providers' marks at their proportions; labels are the allowed
 * "Continue with …" wording.
 */

/** Where each provider's button posts (the worker's start of a sign-in). */
export function socialStartPath(provider: SocialProvider): string {
  return `${SOCIAL_SIGN_IN_PATH}/${provider}/start`
}

const LABELS: Record<SocialProvider, string> = {
  google: MESSAGES.pageContinueWithGoogle,
  apple: MESSAGES.pageContinueWithApple,
  facebook: MESSAGES.pageContinueWithFacebook,
}

const BUTTON_CLASSES: Record<SocialProvider, string> = {
  google:
    'bg-white text-[#1f1f1f] ring-1 ring-inset ring-[#747775] hover:bg-[#f8faff] focus-visible:outline-[#1f1f1f]',
  apple: 'bg-black text-white hover:bg-[#1d1d1f] focus-visible:outline-black',
  facebook: 'bg-[#0866ff] text-white hover:bg-[#0759e0] focus-visible:outline-[#0866ff]',
}

interface Logo {
  viewBox: string
  width: number
  /** Filled paths; 'currentColor' takes the button's text colour. */
  paths: ReadonlyArray<{ fill: string; d: string }>
}

/** The providers' marks: Google's four-colour G, Apple's logo, Facebook's "f" roundel. */
const LOGOS: Record<SocialProvider, Logo> = {
  google: {
    viewBox: '0 0 48 48',
    width: 20,
    paths: [
      {
        fill: '#EA4335',
        d: 'M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z',
      },
      {
        fill: '#4285F4',
        d: 'M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z',
      },
      {
        fill: '#FBBC05',
        d: 'M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z',
      },
      {
        fill: '#34A853',
        d: 'M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z',
      },
    ],
  },
  apple: {
    viewBox: '0 0 814 1000',
    width: 17,
    paths: [
      {
        fill: 'currentColor',
        d: 'M788.1 340.9c-5.8 4.5-108.2 62.2-108.2 190.5 0 148.4 130.3 200.9 134.2 202.2-.6 3.2-20.7 71.9-68.7 141.9-42.8 61.6-87.5 123.1-155.5 123.1s-85.5-39.5-164-39.5c-76.5 0-103.7 40.8-165.9 40.8s-105.6-57-155.5-127C46.7 790.7 0 663 0 541.8c0-194.4 126.4-297.5 250.8-297.5 66.1 0 121.2 43.4 162.7 43.4 39.5 0 101.1-46 176.3-46 28.5 0 130.9 2.6 198.3 99.2zm-234-181.5c31.1-36.9 53.1-88.1 53.1-139.3 0-7.1-.6-14.3-1.9-20.1-50.6 1.9-110.8 33.7-147.1 75.8-28.5 32.4-55.1 83.6-55.1 135.5 0 7.8 1.3 15.6 1.9 18.1 3.2.6 8.4 1.3 13.6 1.3 45.4 0 102.5-30.4 135.5-71.3z',
      },
    ],
  },
  facebook: {
    viewBox: '0 0 24 24',
    width: 20,
    paths: [
      {
        fill: 'currentColor',
        d: 'M24 12.073C24 5.405 18.627 0 12 0S0 5.405 0 12.073C0 18.1 4.388 23.094 10.125 24v-8.437H7.078v-3.49h3.047V9.43c0-3.007 1.792-4.669 4.533-4.669 1.312 0 2.686.235 2.686.235v2.953H15.83c-1.491 0-1.956.925-1.956 1.983v2.38h3.328l-.532 3.49h-2.796V24C19.612 23.094 24 18.1 24 12.073z',
      },
    ],
  },
}

function ProviderLogo({ provider }: { provider: SocialProvider }) {
  const logo = LOGOS[provider]
  return (
    <svg viewBox={logo.viewBox} width={logo.width} height="20" aria-hidden="true" focusable="false">
      {logo.paths.map((path) => (
        <path key={path.d.slice(0, 12)} fill={path.fill} d={path.d} />
      ))}
    </svg>
  )
}

/** The configured providers' buttons; nothing when none is configured. */
export function SocialSignInButtons({
  providers,
  redirect,
}: {
  providers: ReadonlyArray<SocialProvider>
  /** Where to go after signing in (a path of this site). */
  redirect: string | null
}) {
  const text = useText()
  if (providers.length === 0) return null
  return (
    <section aria-label={text(MESSAGES.pageSignInWithAnother)} className="mb-6 grid gap-2">
      {providers.map((provider) => {
        return (
          <form key={provider} method="post" action={socialStartPath(provider)}>
            {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
            <button
              type="submit"
              className={`flex min-h-11 w-full items-center justify-center gap-3 rounded-full px-4 py-2 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${BUTTON_CLASSES[provider]}`}
            >
              <ProviderLogo provider={provider} />
              <span>{text(LABELS[provider])}</span>
            </button>
          </form>
        )
      })}
      <p className="mt-2 flex items-center gap-3 text-sm text-ink/70" aria-hidden="true">
        <span className="h-px flex-1 bg-black/10" />
        {text(MESSAGES.pageOrLower)}
        <span className="h-px flex-1 bg-black/10" />
      </p>
    </section>
  )
}
