import { CARD_GATEWAYS, type CardGateway } from './checkout.ts'

/*
 * The payment settings both the backend's gateways and the storefront's security headers read: the
 * mode, the card gateway, the providers' addresses and the local sandbox's paths. Pure, so the
 * middleware can build its Content-Security-Policy without importing the backend.
 */

/** Where the worker serves the local sandbox gateways (worker/sandbox-gateway). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway'

/** Live and sandbox card page addresses (rxp-js allowedHppUrls). */
export const HPP_URLS = {
  live: 'https://pay.realexpayments.com/pay',
  sandbox: 'https://pay.sandbox.realexpayments.com/pay',
} as const

/** Where the frames provider's card frames are served from (CSP frame-src). */
export const FRAMES_FRAME_ORIGIN = 'https://cdn.checkout.com'

/** The local sandbox's frames, challenge pages and payments API (under the sandbox gateway). */
export const SANDBOX_FRAMES_PATH = `${SANDBOX_GATEWAY_PATH}/frames`
/** The sandbox frame pages: the only pages this site lets itself frame (security headers). */
export const SANDBOX_FRAME_PAGES_PATH = `${SANDBOX_FRAMES_PATH}/frame/`

/** Sandbox unless PAYMENTS_MODE says 'live' (a misspelt mode never takes real money by accident). */
export function paymentsSandbox(env: { PAYMENTS_MODE: string }): boolean {
  return env.PAYMENTS_MODE !== 'live'
}

/** The card gateway of this deployment (CARD_GATEWAY, 'realex' by default). */
export function cardGatewayName(env: { CARD_GATEWAY?: string }): CardGateway {
  const name = (env.CARD_GATEWAY ?? '').trim()
  return (CARD_GATEWAYS as ReadonlyArray<string>).includes(name) ? (name as CardGateway) : 'realex'
}

/** The local sandbox frames stand in: sandbox mode and no provider public key. */
export function framesLocalSandbox(env: {
  PAYMENTS_MODE: string
  FRAMES_PUBLIC_KEY?: string
}): boolean {
  return env.PAYMENTS_MODE === 'sandbox' && (env.FRAMES_PUBLIC_KEY ?? '').trim() === ''
}
