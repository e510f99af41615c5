import { requireSecret } from '../../lib/crypto.ts'
import {
  framesLocalSandbox,
  paymentsSandbox,
  SANDBOX_FRAMES_API_PATH,
  SANDBOX_FRAMES_PUBLIC_KEY,
  sandboxFramesSecretKey,
} from '../../lib/payments-config.ts'

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

export type FramesEnv = Pick<Env, 'PAYMENTS_MODE' | 'REALEX_SHARED_SECRET'> & {
  /** Optional in the type: make-payment's environment names only what every gateway needs. */
  FRAMES_PUBLIC_KEY?: string
  /** The provider's secret key (a secret, absent locally). */
  FRAMES_SECRET_KEY?: string
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
