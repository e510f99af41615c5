import type { Context } from 'hono'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../schemas/auth.ts'
import { SOCIAL_SIGN_IN_PATH } from '../../schemas/constants.ts'
import { developmentToolsEnabled } from '../../schemas/development.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { FACEBOOK_DIALOG_URL } from './facebook-code-flow.ts'

/*
 * Social sign-in's configuration (ADR 026), read from the environment and shared by the pages
 * (which buttons, where to send the shopper), the backend's ID token verifier (which issuer and
 * keys), the sandbox identity provider and the security headers (form-action).
 */

/** Where the worker serves the sandbox identity provider (worker/sandbox-identity). */
export const SANDBOX_IDENTITY_PATH = '/sandbox-identity'
/** The sandbox's published keys (a JWKS document, like each provider's). */
export const SANDBOX_IDENTITY_JWKS_PATH = `${SANDBOX_IDENTITY_PATH}/.well-known/jwks.json`

export type SocialEnv = Pick<
  Env,
  'APP_ENV' | 'SOCIAL_SIGN_IN' | 'GOOGLE_CLIENT_ID' | 'FACEBOOK_APP_ID' | 'APPLE_CLIENT_ID'
>

/**
 * The sandbox stands in for the providers only when SOCIAL_SIGN_IN says 'sandbox' in development
 * or test. Anything else is live: the sandbox page lets anyone claim any email, so a missing
 * or misspelt setting must never accept its tokens.
 */
export function socialSandboxActive(env: Pick<SocialEnv, 'APP_ENV' | 'SOCIAL_SIGN_IN'>): boolean {
  return env.SOCIAL_SIGN_IN === 'sandbox' && developmentToolsEnabled(env.APP_ENV)
}

/** The `iss` of the sandbox's ID tokens for a provider: never one of the real issuers. */
export function sandboxIssuer(provider: SocialProvider): string {
  return `urn:sandbox-identity:${provider}`
}

/** The client id the sandbox issues to when none is configured for a provider. */
export function sandboxClientId(provider: SocialProvider): string {
  return `sandbox-${provider}-client`
}

/**
 * Our client ids at a provider (their `aud`), from a comma-separated list (web, iOS, Android); the
 * first is the web one. In sandbox mode with none configured, the sandbox's own.
 */
export function socialClientIds(env: SocialEnv, provider: SocialProvider): Array<string> {
  const value = {
    google: env.GOOGLE_CLIENT_ID,
    facebook: env.FACEBOOK_APP_ID,
    apple: env.APPLE_CLIENT_ID,
  }[provider]
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
  if (ids.length === 0 && socialSandboxActive(env)) return [sandboxClientId(provider)]
  return ids
}

/**
 * Whether this sign-in uses the authorisation code flow with PKCE: live Facebook. The sandbox
 * answers every provider by form_post, as Google and Apple do.
 */
export function usesCodeFlow(provider: SocialProvider, sandbox: boolean): boolean {
  return provider === 'facebook' && !sandbox
}

/** The order the sign-in buttons are offered in. */
const BUTTON_ORDER: ReadonlyArray<SocialProvider> = ['google', 'apple', 'facebook']

/**
 * The providers offered on this deployment: those with a client id (all three in the sandbox).
 * Each live web flow is completed here: Google and Apple by form_post of an ID token, Facebook
 * by the code flow with PKCE (its dialog never posts an ID token; ADR 026).
 */
export function enabledSocialProviders(env: SocialEnv): Array<SocialProvider> {
  return BUTTON_ORDER.filter((p) => socialClientIds(env, p).length > 0)
}

/** The answer of every failed social sign-in, per provider (spec §8 Accounts). */
export const SOCIAL_SIGN_IN_FAILED: Record<SocialProvider, string> = {
  google: MESSAGES.googleLoginFailed,
  facebook: MESSAGES.facebookLoginFailed,
  apple: MESSAGES.appleLoginFailed,
}

/** The providers' authorisation endpoints (OIDC; Facebook's versioned login dialog). */
export const SOCIAL_AUTHORISATION_URLS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  apple: 'https://appleid.apple.com/auth/authorize',
  facebook: FACEBOOK_DIALOG_URL,
}

/** The origins a sign-in form may lead to (CSP form-action follows the start's redirect). */
export function socialFormActionOrigins(env: SocialEnv): Array<string> {
  if (socialSandboxActive(env)) return []
  return enabledSocialProviders(env).map((p) => new URL(SOCIAL_AUTHORISATION_URLS[p]).origin)
}

export interface AuthorisationRequest {
  provider: SocialProvider
  clientId: string
  /** Our callback, absolute. */
  redirectUri: string
  state: string
  nonce: string
  /** This request's origin: where the sandbox is served. */
  origin: string
  sandbox: boolean
  /** The PKCE S256 challenge of the code flow's verifier (live Facebook, {@link usesCodeFlow}). */
  codeChallenge?: string
}

/**
 * Where the start sends the shopper: the provider's (or the sandbox's) authorisation endpoint
 * asking for an ID token posted back to the callback (response_mode=form_post), bound to `nonce`
 * and `state`. Apple asks for `code id_token` (its web flow requires a code) and the name and
 * email scopes; Google and the sandbox's Facebook for the ID token alone with OpenID scopes. Live
 * Facebook asks for a code (redirected back by GET) bound to the PKCE challenge.
 */
export function authorisationUrl(request: AuthorisationRequest): string {
  const { provider } = request
  const endpoint = request.sandbox
    ? `${request.origin}${SANDBOX_IDENTITY_PATH}/${provider}/authorize`
    : SOCIAL_AUTHORISATION_URLS[provider]
  const url = new URL(endpoint)
  const params = usesCodeFlow(provider, request.sandbox)
    ? codeFlowParams(request)
    : formPostParams(request)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

function codeFlowParams(request: AuthorisationRequest): Record<string, string> {
  if (!request.codeChallenge) throw new Error('the code flow needs a PKCE challenge')
  return {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: request.state,
    nonce: request.nonce,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  }
}

function formPostParams(request: AuthorisationRequest): Record<string, string> {
  const { provider } = request
  return {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: provider === 'apple' ? 'code id_token' : 'id_token',
    response_mode: 'form_post',
    scope: provider === 'apple' ? 'name email' : 'openid email profile',
    state: request.state,
    nonce: request.nonce,
    ...(provider === 'google' ? { prompt: 'select_account' } : {}),
  }
}

/** Our callback for a provider, absolute on this request's origin. */
export function socialCallbackUrl(origin: string, provider: SocialProvider): string {
  return `${origin}${SOCIAL_SIGN_IN_PATH}/${provider}/callback`
}

/**
 * `?social_link=google` on the sign-in page: that provider's sign-in met an account with its
 * email, which it links once the shopper signs in to it (issue 36.1).
 */
export const SOCIAL_LINK_QUERY = 'social_link'

/** `?social_failed=google` on the sign-in page: that provider's sign-in was refused or cancelled. */
export const SOCIAL_FAILED_QUERY = 'social_failed'

function isSocialProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as ReadonlyArray<string | undefined>).includes(value)
}

/** The provider named by a path parameter or query, when it is one. */
export function socialProviderOf(value: string | undefined): SocialProvider | null {
  return isSocialProvider(value) ? value : null
}

/** The provider's failure message when the page was reached after a failed social sign-in. */
export function socialSignInFailure(c: Context): string | null {
  const provider = socialProviderOf(c.req.query(SOCIAL_FAILED_QUERY))
  return provider ? SOCIAL_SIGN_IN_FAILED[provider] : null
}
