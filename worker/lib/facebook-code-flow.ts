import { toBase64Url } from './crypto.ts'

/*
 * Facebook's web sign-in by the OIDC authorisation code flow with PKCE (ADR 026): its manual login
 * dialog never posts an ID token back, so the callback receives a `code` and redeems it here,
 * server to server, for the ID token the backend's facebook grant verifies. PKCE (RFC 7636) binds
 * the code to the browser that started: only the holder of the verifier (kept in the httpOnly
 * sign-in cookie) can redeem it, so there is no app secret to configure.
 */

/** The Graph API version of the login dialog and the token endpoint: one constant for both. */
export const FACEBOOK_GRAPH_VERSION = 'v19.0'
export const FACEBOOK_DIALOG_URL = `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`
export const FACEBOOK_TOKEN_URL = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}/oauth/access_token`

/** How long the exchange may take before the sign-in is given up as failed. */
export const FACEBOOK_EXCHANGE_TIMEOUT_MS = 5_000

/** A PKCE code verifier: 32 random bytes as base64url, 43 characters of [A-Za-z0-9_-]. */
export function createCodeVerifier(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)))
}

/** The S256 code challenge of a verifier: BASE64URL(SHA-256(ASCII(verifier))), no padding. */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return toBase64Url(new Uint8Array(digest))
}

export interface CodeExchangeRequest {
  code: string
  codeVerifier: string
  /** The redirect_uri the dialog was opened with: Facebook requires the same one. */
  redirectUri: string
  clientId: string
}

/** Why an exchange gave no ID token. Its message never holds the code, verifier or a token. */
export class CodeExchangeError extends Error {
  override name = 'CodeExchangeError'
}

/** The port: a code and its verifier in, Facebook's OIDC ID token out (or CodeExchangeError). */
export interface FacebookCodeExchange {
  exchange(request: CodeExchangeRequest): Promise<string>
}

/**
 * The real adapter: GET graph.facebook.com/<version>/oauth/access_token with client_id,
 * redirect_uri, code_verifier and code, as Facebook's OIDC code flow documents; its JSON answer
 * carries `id_token` beside the access token (which is not kept). `fetcher` is the network
 * unless given (tests: a fake Facebook).
 */
export function facebookCodeExchange(
  fetcher: typeof fetch = fetch,
  timeoutMs = FACEBOOK_EXCHANGE_TIMEOUT_MS
): FacebookCodeExchange {
  return {
    async exchange(request) {
      const url = new URL(FACEBOOK_TOKEN_URL)
      url.searchParams.set('client_id', request.clientId)
      url.searchParams.set('redirect_uri', request.redirectUri)
      url.searchParams.set('code_verifier', request.codeVerifier)
      url.searchParams.set('code', request.code)
      let response: Response
      try {
        response = await fetcher(url.toString(), {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const why = error instanceof Error ? error.name : 'unknown'
        throw new CodeExchangeError(`token endpoint unreachable (${why})`)
      }
      const body: unknown = await response.json().catch(() => null)
      if (!response.ok) {
        // Facebook's error envelope: { error: { type, code, message } }; its type and code only.
        const error =
          typeof body === 'object' && body !== null && 'error' in body ? body.error : null
        const detail =
          typeof error === 'object' && error !== null
            ? `${'type' in error ? String(error.type) : ''} ${'code' in error ? String(error.code) : ''}`
            : ''
        throw new CodeExchangeError(`token endpoint answered ${response.status} ${detail}`.trim())
      }
      const idToken =
        typeof body === 'object' && body !== null && 'id_token' in body ? body.id_token : null
      if (typeof idToken !== 'string' || idToken === '') {
        throw new CodeExchangeError('token endpoint answered without an id_token')
      }
      return idToken
    },
  }
}
