import { deriveKey, requireSecret, toHex } from '../../lib/crypto.ts'
import { SANDBOX_GATEWAY_PATH, paymentsSandbox } from './config.ts'

/*
 * Settings of the embedded card frames provider (CARD_GATEWAY="frames", spec §9): a
 * Checkout.com-style payments API. FRAMES_PUBLIC_KEY empty in sandbox mode: the worker's own
 * sandbox frames and payments API (worker/sandbox-gateway/frames.ts) stand in for the provider.
 */

/** The provider's payments API: sandbox or live by PAYMENTS_MODE. */
export const FRAMES_API_URLS = {
  sandbox: 'https://api.sandbox.checkout.com',
  live: 'https://api.checkout.com',
} as const

/** Where the provider's card frames are served from (CSP frame-src). */
export const FRAMES_FRAME_ORIGIN = 'https://cdn.checkout.com'

/** The local sandbox's frames, challenge pages and payments API (under the sandbox gateway). */
export const SANDBOX_FRAMES_PATH = `${SANDBOX_GATEWAY_PATH}/frames`
export const SANDBOX_FRAMES_API_PATH = `${SANDBOX_FRAMES_PATH}/api`
/** The sandbox frame pages: the only pages this site lets itself frame (security headers). */
export const SANDBOX_FRAME_PAGES_PATH = `${SANDBOX_FRAMES_PATH}/frame/`
/** The public key the local sandbox frames tokenise with. */
export const SANDBOX_FRAMES_PUBLIC_KEY = 'pk_sbx_local'

export type FramesEnv = Pick<Env, 'PAYMENTS_MODE' | 'REALEX_SHARED_SECRET'> & {
  /** Optional in the type: make-payment's environment names only what every gateway needs. */
  FRAMES_PUBLIC_KEY?: string
  /** The provider's secret key (a secret, absent locally). */
  FRAMES_SECRET_KEY?: string
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

export interface FramesSettings {
  apiUrl: string
  publicKey: string
  secretKey: string
  localSandbox: boolean
}

/**
 * The API address and keys; `origin` is the shop's own origin, where the local sandbox API is
 * served. A provider key without its secret key is a logged 500.
 */
export async function framesSettings(env: FramesEnv, origin: string): Promise<FramesSettings> {
  if (framesLocalSandbox(env)) {
    return {
      apiUrl: `${origin}${SANDBOX_FRAMES_API_PATH}`,
      publicKey: SANDBOX_FRAMES_PUBLIC_KEY,
      secretKey: await sandboxFramesSecretKey(env),
      localSandbox: true,
    }
  }
  return {
    apiUrl: paymentsSandbox(env) ? FRAMES_API_URLS.sandbox : FRAMES_API_URLS.live,
    publicKey: (env.FRAMES_PUBLIC_KEY ?? '').trim(),
    secretKey: requireSecret(env.FRAMES_SECRET_KEY, 'FRAMES_SECRET_KEY'),
    localSandbox: false,
  }
}
