import type { Context } from 'hono'
import type { RedirectStatusCode } from 'hono/utils/http-status'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../schemas/constants.ts'
import { hasUnsafeCharacter, safePath } from '../../schemas/safe-path.ts'

export { pathnameOf, safePath } from '../../schemas/safe-path.ts'

/*
 * Where the app may send a browser. Every redirect goes through redirectTo() (ESLint forbids
 * c.redirect() anywhere else), and every target through safePath(): a path of the request's own
 * origin, or home. Referers, `?redirect=`, `?returnTo=`, form fields, deep-link paths and the
 * payment gateways' return addresses are all input; none of them may name another site.
 */

const HOME = '/'

export interface RedirectOptions {
  /**
   * 'public' only for a redirect that depends on nothing but the URL and the host (a canonical
   * 301): never on cookies, the session or a Referer. Everything else is private, no-store.
   */
  cache?: 'public' | 'private'
}

/**
 * The app's only way to redirect: the target must pass safePath() against the request (else
 * home), and the answer says how it may be cached (private, no-store unless asked otherwise).
 *
 * @example return redirectTo(c, routePath('basket'), 303)
 */
export function redirectTo(
  c: Context,
  target: string,
  status: RedirectStatusCode = 302,
  options: RedirectOptions = {}
): Response {
  c.header(
    'Cache-Control',
    options.cache === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL
  )
  return c.redirect(safePath(target, c.req.url) ?? HOME, status)
}

/**
 * An operator's outside link (a banner pointing to a campaign site or an app store): content the
 * business published, not request input, so it may leave the shop. Only `https:` URLs with a
 * host and no userinfo, credentials or control characters; null otherwise.
 */
export function operatorLink(value: string | null | undefined): string | null {
  if (!value || hasUnsafeCharacter(value)) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null
    return url.href
  } catch {
    return null
  }
}

/**
 * Follows an operator's link: a path or URL of this site through redirectTo(), an outside
 * `https:` link (see operatorLink) as it is, anything else to `fallback`. Never cached.
 */
export function redirectToOperatorLink(
  c: Context,
  link: string | null,
  fallback: string,
  status: RedirectStatusCode = 302
): Response {
  const inside = safePath(link, c.req.url)
  const outside = inside ? null : operatorLink(link)
  if (!outside) return redirectTo(c, inside ?? fallback, status)
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  return c.redirect(outside, status)
}

/**
 * A 303 to a sign-in provider's authorisation page (ADR 026): the URL authorisationUrl built, on
 * https or this origin (the sandbox identity provider) only. Never cached.
 */
export function redirectToIdentityProvider(c: Context, url: string): Response {
  const target = new URL(url)
  const ours = target.origin === new URL(c.req.url).origin
  if (!ours && target.protocol !== 'https:') throw new Error('identity provider must be https')
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  return c.redirect(target.toString(), 303)
}
