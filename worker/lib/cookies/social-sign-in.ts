import type { Context } from 'hono'
import { z } from 'zod'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../schemas/auth.ts'
import { COOKIE_NAMES } from '../../../schemas/cookies.ts'
import { constantTimeEqual } from '../crypto.ts'
import { clearCookie, readCookie, writeCookie } from './cookies.ts'

/*
 * The social sign-in under way (ADR 026), kept for the browser in the httpOnly cookie
 * `sf_social_sign_in` for 10 minutes (the backend nonce's lifetime): which provider, the `state`
 * the provider must post back (binds the answer to this browser: a forged or replayed answer
 * from elsewhere carries another), the nonce the ID token must carry, the return path and, for
 * the code flow, the PKCE verifier that alone can redeem the provider's code.
 * Like the other cookies it is not signed: the browser could only change its own sign-in, and
 * the backend checks the nonce is one it issued, once.
 */
export type SocialSignIn = z.infer<typeof SocialSignInSchema>
const SocialSignInSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().min(32).max(200),
  nonce: z.string().min(16).max(200),
  redirect: z.string().max(2000).nullable(),
  /** The PKCE code verifier of a code-flow sign-in (live Facebook): it never leaves this cookie. */
  codeVerifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/)
    .optional(),
})

export function rememberSocialSignIn(c: Context, pending: SocialSignIn): void {
  writeCookie(c, COOKIE_NAMES.socialSignIn, JSON.stringify(pending))
}

/**
 * The sign-in under way for this provider, when the answer's `state` is the one it was sent with
 * (compared in constant time); otherwise null. Read once: the cookie is cleared either way.
 */
export function takeSocialSignIn(
  c: Context,
  provider: SocialProvider,
  state: string | undefined
): SocialSignIn | null {
  const value = readCookie(c, COOKIE_NAMES.socialSignIn)
  if (value === undefined) return null
  clearCookie(c, COOKIE_NAMES.socialSignIn)
  try {
    const parsed = SocialSignInSchema.safeParse(JSON.parse(value))
    if (!parsed.success || parsed.data.provider !== provider || !state) return null
    const encoder = new TextEncoder()
    const same = constantTimeEqual(encoder.encode(parsed.data.state), encoder.encode(state))
    return same ? parsed.data : null
  } catch {
    return null
  }
}
