/**
 * Cloudflare Turnstile in the browser (the basket's coupon robot check when
 * ROBOT_CHECK_PROVIDER=turnstile): its script loads on first use, and one widget gives the token
 * the coupon call sends. The server verifies it with siteverify (worker/backend/basket/robot-check.ts).
 */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'
const SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`

/** The part of Turnstile's API the basket uses (developers.cloudflare.com/turnstile). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string
      callback?: (token: string) => void
      'error-callback'?: () => void
      'expired-callback'?: () => void
    }
  ): string | undefined
  getResponse(widgetId: string): string | undefined
  reset(widgetId: string): void
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let loading: Promise<TurnstileApi> | null = null

/** Turnstile's API, loading its script once; rejects when it cannot load. */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile)
      else reject(new Error('Turnstile did not start'))
    }
    script.onerror = () => {
      loading = null
      reject(new Error('Turnstile could not load'))
    }
    document.head.append(script)
  })
  return loading
}

/**
 * A token from the widget: the one it holds, or the next it issues (the widget runs its check
 * when rendered). Rejects after `timeoutMs` or when the widget reports an error.
 */
export function waitForToken(
  api: TurnstileApi,
  widgetId: string,
  next: Promise<string>,
  timeoutMs = 15_000
): Promise<string> {
  const held = api.getResponse(widgetId)
  if (held) return Promise.resolve(held)
  return Promise.race([
    next,
    new Promise<string>((_, reject) =>
      setTimeout(() => reject(new Error('Turnstile gave no token')), timeoutMs)
    ),
  ])
}
