import type { Context } from 'hono'
import { html } from 'hono/html'
import { routePath } from '../../../client/lib/routes.ts'
import {
  NonceResponseSchema,
  SOCIAL_LINK_REQUIRED,
  type SocialProvider,
  TokenRequestSchema,
} from '../../../schemas/auth.ts'
import { PRIVATE_CACHE_CONTROL } from '../../../schemas/constants.ts'
import type { AppEnv } from '../../env.ts'
import { randomToken } from '../../lib/crypto.ts'
import { rememberSocialSignIn, takeSocialSignIn } from '../../lib/cookies/social-sign-in.ts'
import { rememberSocialLink } from '../../lib/cookies/social-link.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { pathnameOf, redirectTo, redirectToIdentityProvider } from '../../lib/redirect.ts'
import {
  SOCIAL_FAILED_QUERY,
  SOCIAL_LINK_QUERY,
  authorisationUrl,
  enabledSocialProviders,
  socialCallbackUrl,
  socialClientIds,
  socialProviderOf,
  socialSandboxActive,
  usesCodeFlow,
} from '../../lib/social-sign-in.ts'
import {
  codeChallengeS256,
  createCodeVerifier,
  facebookCodeExchange,
} from '../../lib/facebook-code-flow.ts'
import type { SocialSignIn } from '../../lib/cookies/social-sign-in.ts'
import { readForm } from '../shared/forms.ts'
import { REDIRECT_QUERY, safeReturnPath } from '../shared/guards.ts'
import { signInWithGrant } from './login.tsx'

/*
 * Social sign-in on the storefront (ADR 026), server-side so it works without JavaScript:
 * POST /auth/social/:provider/start asks the backend for a nonce, keeps state, nonce and the
 * return path in the sf_social_sign_in cookie and sends the shopper to the provider (or the
 * sandbox identity provider); the provider posts its answer to POST /auth/social/:provider/callback,
 * which checks the state, exchanges the ID token at the backend's grant and signs in exactly as
 * the password form does. Live Facebook uses the code flow with PKCE instead: it redirects back
 * by GET /auth/social/facebook/callback with a code, which is redeemed server-side for the ID
 * token, and from there the same path.
 */

/** The configured provider named by the path, or null (an unknown or unconfigured one). */
function configuredProvider(c: Context<AppEnv>): SocialProvider | null {
  const provider = socialProviderOf(c.req.param('provider'))
  return provider && enabledSocialProviders(c.env).includes(provider) ? provider : null
}

/**
 * Back to the sign-in page the shopper started from, saying the provider's sign-in failed (spec
 * §8 message, focused): checkout's login step for a checkout sign-in, else /login.
 */
function failed(c: Context<AppEnv>, provider: SocialProvider, redirect: string | null): Response {
  const fromCheckout = redirect !== null && pathnameOf(redirect).startsWith('/checkout')
  const query: Record<string, string> = { [SOCIAL_FAILED_QUERY]: provider }
  if (redirect && !fromCheckout) query[REDIRECT_QUERY] = redirect
  return redirectTo(c, routePath(fromCheckout ? 'checkout-login' : 'login', undefined, query), 303)
}

/**
 * The backend met an account with the provider's email that it may not walk into (issue 36.1):
 * the link waits in the sf_social_link cookie, and the sign-in page asks the shopper to sign in
 * to that account (password or one-time code), which links it. Null for any other refusal.
 */
function askToSignInToLink(
  c: Context<AppEnv>,
  provider: SocialProvider,
  refusal: unknown,
  redirect: string | null
): Response | null {
  if (!(refusal instanceof AppError) || refusal.details?.reason !== SOCIAL_LINK_REQUIRED)
    return null
  const { linkToken } = refusal.details
  if (typeof linkToken !== 'string') return null
  const email = typeof refusal.details.email === 'string' ? refusal.details.email : null
  rememberSocialLink(c, { provider, linkToken, email })
  const query: Record<string, string> = { [SOCIAL_LINK_QUERY]: provider }
  if (redirect) query[REDIRECT_QUERY] = redirect
  return redirectTo(c, routePath('login', undefined, query), 303)
}

/** POST /auth/social/:provider/start (same-origin form): off to the provider's sign-in. */
export async function socialStartForm(c: Context<AppEnv>): Promise<Response> {
  const provider = configuredProvider(c)
  if (!provider) return c.notFound()
  const form = await readForm(c)
  const redirect = safeReturnPath(form.redirect)
  let nonce: string
  try {
    ;({ nonce } = await c.var.backend.post('/auth/nonce', {
      body: { businessId: c.var.brand.businessId },
      schema: NonceResponseSchema,
    }))
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: `${provider} sign-in start failed` })
    return failed(c, provider, redirect)
  }
  const state = randomToken()
  const sandbox = socialSandboxActive(c.env)
  const codeVerifier = usesCodeFlow(provider, sandbox) ? createCodeVerifier() : undefined
  rememberSocialSignIn(c, {
    provider,
    state,
    nonce,
    redirect,
    ...(codeVerifier ? { codeVerifier } : {}),
  })
  const origin = new URL(c.req.url).origin
  const target = authorisationUrl({
    provider,
    clientId: socialClientIds(c.env, provider)[0] ?? '',
    redirectUri: socialCallbackUrl(origin, provider),
    state,
    nonce,
    origin,
    sandbox,
    ...(codeVerifier ? { codeChallenge: await codeChallengeS256(codeVerifier) } : {}),
  })
  return redirectToIdentityProvider(c, target)
}

/** The fields a provider posts back (OIDC form_post; Apple adds `code` and, once, `user`). */
const ANSWER_FIELDS = ['state', 'id_token', 'code', 'user', 'error'] as const

/**
 * The provider's answer posted from its own site arrives without our SameSite=Lax cookies (the
 * sign-in state, the basket): a page that posts the same fields again from this origin, by script
 * at once or by its button without JavaScript.
 */
function postAgainFromHere(
  c: Context<AppEnv>,
  form: Record<string, string>
): Response | Promise<Response> {
  const nonce = c.var.nonce
  const fields = ANSWER_FIELDS.filter((name) => form[name] !== undefined)
  c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>Signing you in</title>
        </head>
        <body>
          <main>
            <h1>Signing you in</h1>
            <form id="social-answer" method="post" action="${c.req.path}">
              ${fields.map(
                (name) => html`<input type="hidden" name="${name}" value="${form[name]}" />`
              )}
              <button type="submit">Continue</button>
            </form>
          </main>
          <script nonce="${nonce}">
            document.getElementById('social-answer').submit()
          </script>
        </body>
      </html>`
  )
}

/** Apple's `user` JSON (first sign-in only): the name it holds. */
function appleName(user: string | undefined): { firstName?: string; lastName?: string } {
  if (!user) return {}
  try {
    const parsed: unknown = JSON.parse(user)
    if (typeof parsed !== 'object' || parsed === null || !('name' in parsed)) return {}
    const name = parsed.name
    if (typeof name !== 'object' || name === null) return {}
    const first = 'firstName' in name && typeof name.firstName === 'string' ? name.firstName : ''
    const last = 'lastName' in name && typeof name.lastName === 'string' ? name.lastName : ''
    return {
      ...(first.trim() ? { firstName: first.trim().slice(0, 50) } : {}),
      ...(last.trim() ? { lastName: last.trim().slice(0, 50) } : {}),
    }
  } catch {
    return {}
  }
}

/**
 * POST /auth/social/:provider/callback (the provider's form_post; no csrf(): the state is the
 * proof). A cross-site post is posted again from this origin first. Then: the state must be the
 * one this browser's sign-in was sent with, the provider must have answered with an ID token and
 * the backend must accept it; anything else is the provider's failure message on the sign-in
 * page. Signed in, the shopper goes where password sign-in would take them.
 */
export async function socialCallbackForm(c: Context<AppEnv>): Promise<Response> {
  const provider = configuredProvider(c)
  if (!provider) return c.notFound()
  const form = await readForm(c)
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') return postAgainFromHere(c, form)

  const pending = takePending(c, provider, form.state)
  if (!pending) return failed(c, provider, null)
  const redirect = safeReturnPath(pending.redirect)
  // A form_post answer is never the code flow's: its verifier must not meet a posted id_token.
  if (form.error || !form.id_token || pending.codeVerifier) return failed(c, provider, redirect)
  return grantAndSignIn(c, provider, pending, form.id_token, form.user)
}

/** The sign-in under way whose state the answer carries (the cookie is cleared either way). */
function takePending(
  c: Context<AppEnv>,
  provider: SocialProvider,
  state: string | undefined
): SocialSignIn | null {
  const pending = takeSocialSignIn(c, provider, state)
  if (!pending) {
    logError(
      new Error('state missing or mismatched'),
      { requestId: c.var.requestId, event: `${provider} sign-in answer refused` },
      'warn'
    )
  }
  return pending
}

/**
 * THE end of every social sign-in, form_post or code flow: the provider's ID token and the
 * pending nonce to the backend's grant, then signed in by signInWithGrant as the password form
 * does; a refusal is the provider's failure message.
 */
async function grantAndSignIn(
  c: Context<AppEnv>,
  provider: SocialProvider,
  pending: SocialSignIn,
  idToken: string,
  /** Apple's `user` JSON of a form_post answer; ignored for the other providers. */
  appleUser: string | undefined
): Promise<Response> {
  const redirect = safeReturnPath(pending.redirect)
  const parsed = TokenRequestSchema.safeParse({
    grant_type: provider,
    businessId: c.var.brand.businessId,
    id_token: idToken,
    nonce: pending.nonce,
    ...(provider === 'apple' ? appleName(appleUser) : {}),
  })
  if (!parsed.success) return failed(c, provider, redirect)
  const outcome = await signInWithGrant(c, parsed.data, redirect)
  if ('signedIn' in outcome) return outcome.signedIn
  const askToSignIn = askToSignInToLink(c, provider, outcome.refusal, redirect)
  if (askToSignIn) return askToSignIn
  // Expected (a cancelled or stale answer): the backend logged why; a warning here.
  logError(
    outcome.refusal,
    { requestId: c.var.requestId, event: `${provider} sign-in refused` },
    'warn'
  )
  return failed(c, provider, redirect)
}

/**
 * GET /auth/social/:provider/callback: the code flow's answer (live Facebook), a top-level
 * redirect from the provider, so our SameSite=Lax cookies come with it. The state must be this
 * browser's and the sign-in a code-flow one; the code is redeemed with the cookie's PKCE verifier
 * for the ID token (never logged), which then takes the form_post path's end. `error` (the
 * shopper cancelled), a missing code or a failed exchange is the provider's failure message.
 */
export async function socialCodeCallback(c: Context<AppEnv>): Promise<Response> {
  const provider = configuredProvider(c)
  if (!provider || !usesCodeFlow(provider, socialSandboxActive(c.env))) return c.notFound()
  const pending = takePending(c, provider, c.req.query('state'))
  if (!pending) return failed(c, provider, null)
  const redirect = safeReturnPath(pending.redirect)
  const code = c.req.query('code')
  if (c.req.query('error') || !code || !pending.codeVerifier) return failed(c, provider, redirect)
  const exchange = c.var.facebookCodeExchange ?? facebookCodeExchange()
  let idToken: string
  try {
    idToken = await exchange.exchange({
      code,
      codeVerifier: pending.codeVerifier,
      redirectUri: socialCallbackUrl(new URL(c.req.url).origin, provider),
      clientId: socialClientIds(c.env, provider)[0] ?? '',
    })
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: `${provider} code exchange failed` })
    return failed(c, provider, redirect)
  }
  return grantAndSignIn(c, provider, pending, idToken, undefined)
}
