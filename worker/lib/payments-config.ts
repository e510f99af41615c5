import { CARD_GATEWAYS, type CardGateway } from '../../schemas/checkout.ts'
import { deriveKey, requireSecret, toHex } from './crypto.ts'

/*
 * How this deployment takes payments, read from the environment, and where the local sandbox
 * gateway (worker/sandbox-gateway) answers. Shared by the backend's gateways, the sandbox that
 * stands in for them and the security headers that must allow their pages and frames.
 */

/** Where the worker serves the local sandbox card page (worker/sandbox-gateway). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway'
export const SANDBOX_HPP_PATH = `${SANDBOX_GATEWAY_PATH}/hpp/pay`
/** Where the local sandbox answers the remote API (worker/sandbox-gateway/remote.ts). */
export const SANDBOX_REMOTE_PATH = `${SANDBOX_GATEWAY_PATH}/remote`

/** Where the provider's card frames are served from (CSP frame-src). */
export const FRAMES_FRAME_ORIGIN = 'https://cdn.checkout.com'

/** The local sandbox's frames, challenge pages and payments API (under the sandbox gateway). */
export const SANDBOX_FRAMES_PATH = `${SANDBOX_GATEWAY_PATH}/frames`
export const SANDBOX_FRAMES_API_PATH = `${SANDBOX_FRAMES_PATH}/api`
/** The sandbox frame pages: the only pages this site lets itself frame (security headers). */
export const SANDBOX_FRAME_PAGES_PATH = `${SANDBOX_FRAMES_PATH}/frame/`
/** The public key the local sandbox frames tokenise with. */
export const SANDBOX_FRAMES_PUBLIC_KEY = 'pk_sbx_local'

/** Sandbox unless PAYMENTS_MODE says 'live' (a misspelt mode never takes real money by accident). */
export function paymentsSandbox(env: Pick<Env, 'PAYMENTS_MODE'>): boolean {
  return env.PAYMENTS_MODE !== 'live'
}

/** The card gateway of this deployment (CARD_GATEWAY, 'realex' by default). */
export function cardGatewayName(env: Pick<Env, 'CARD_GATEWAY'>): CardGateway {
  const name = (env.CARD_GATEWAY ?? '').trim()
  return (CARD_GATEWAYS as ReadonlyArray<string>).includes(name) ? (name as CardGateway) : 'realex'
}

/**
 * The worker's own sandbox card page stands in for Realex: sandbox mode and no merchant id. It
 * signs with REALEX_SHARED_SECRET exactly as a real merchant's page would.
 */
export function localSandboxActive(
  env: Pick<Env, 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID'>
): boolean {
  return env.PAYMENTS_MODE === 'sandbox' && (env.REALEX_MERCHANT_ID ?? '').trim() === ''
}

/** The local sandbox frames stand in: sandbox mode and no provider public key. */
export function framesLocalSandbox(
  env: Pick<Env, 'PAYMENTS_MODE'> & { FRAMES_PUBLIC_KEY?: string }
): boolean {
  return env.PAYMENTS_MODE === 'sandbox' && (env.FRAMES_PUBLIC_KEY ?? '').trim() === ''
}

/**
 * The secret key the local sandbox payments API accepts: derived from REALEX_SHARED_SECRET, so the
 * sandbox checks a real Authorization header without another secret to configure.
 */
export async function sandboxFramesSecretKey(
  env: Pick<Env, 'REALEX_SHARED_SECRET'>
): Promise<string> {
  const secret = requireSecret(env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET')
  return `sk_sbx_${toHex(await deriveKey(secret, 'sandbox-frames-api'))}`
}

/**
 * The rebate password the local sandbox's remote API accepts (Realex sets one per account, apart
 * from the shared secret): derived from REALEX_SHARED_SECRET, like the sandbox frames key.
 */
export async function sandboxRebatePassword(
  env: Pick<Env, 'REALEX_SHARED_SECRET'>
): Promise<string> {
  const secret = requireSecret(env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET')
  return `rp_sbx_${toHex(await deriveKey(secret, 'sandbox-realex-rebate'))}`
}
