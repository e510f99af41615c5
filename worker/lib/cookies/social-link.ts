import type { Context } from 'hono'
import { z } from 'zod'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../schemas/auth.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/*
 * A social sign-in that met an account it may not walk into (issue 36.1), kept for the browser in
 * the httpOnly cookie `sf_social_link` for 10 minutes (the backend's link request's lifetime):
 * the provider, the link token and the email the provider gave (to fill the sign-in form). The
 * token links only to the member who then signs in, and only if it is the member the backend
 * named, so the cookie is not signed: a browser can only offer its own pending link.
 */
export type SocialLink = z.infer<typeof SocialLinkSchema>
const SocialLinkSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  linkToken: z.string().min(16).max(200),
  email: z.string().max(254).nullable(),
})

export function rememberSocialLink(c: Context, link: SocialLink): void {
  writeCookie(c, COOKIE_NAMES.socialLink, JSON.stringify(link))
}

/** The pending link, left in place (the sign-in page shows it). */
export function readSocialLink(c: Context): SocialLink | null {
  const value = readCookie(c, COOKIE_NAMES.socialLink)
  if (value === undefined) return null
  try {
    const parsed = SocialLinkSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The pending link, read once: the cookie is cleared either way. */
export function takeSocialLink(c: Context): SocialLink | null {
  const link = readSocialLink(c)
  if (readCookie(c, COOKIE_NAMES.socialLink) !== undefined) clearCookie(c, COOKIE_NAMES.socialLink)
  return link
}

/** This browser's pending link, when it is for the provider the sign-in page's query names. */
export function pendingLinkProvider(
  c: Context,
  provider: SocialProvider | null
): SocialLink | null {
  const link = readSocialLink(c)
  return link && provider === link.provider ? link : null
}
