import { HPP_URLS, paymentsSandbox, SANDBOX_GATEWAY_PATH } from '../../../schemas/payment-config.ts'
import { requireSecret } from '../crypto.ts'

// Shared with the storefront's security headers, so they live in schemas.
export {
  cardGatewayName,
  paymentsSandbox,
  SANDBOX_GATEWAY_PATH,
} from '../../../schemas/payment-config.ts'

/** The merchant the local sandbox card page signs for when no Realex merchant is configured. */
export const SANDBOX_MERCHANT_ID = 'localsandbox'
export const SANDBOX_HPP_PATH = `${SANDBOX_GATEWAY_PATH}/hpp/pay`

type PaymentsEnv = Pick<
  Env,
  | 'PAYMENTS_MODE'
  | 'CARD_GATEWAY'
  | 'REALEX_MERCHANT_ID'
  | 'REALEX_ACCOUNT'
  | 'REALEX_SHARED_SECRET'
>

/**
 * The worker's own sandbox card page stands in for Realex: sandbox mode and no merchant id. It
 * signs with REALEX_SHARED_SECRET exactly as a real merchant's page would.
 */
export function localSandboxActive(
  env: Pick<Env, 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID'>
): boolean {
  return env.PAYMENTS_MODE === 'sandbox' && (env.REALEX_MERCHANT_ID ?? '').trim() === ''
}

export interface RealexConfig {
  merchantId: string
  account: string
  secret: string
  /** The card page address for an attempt whose browser is on `origin`. */
  hppUrl(origin: string): string
  localSandbox: boolean
}

/** Realex settings from the environment; a missing or short secret is a logged 500. */
export function realexConfig(env: PaymentsEnv): RealexConfig {
  const localSandbox = localSandboxActive(env)
  const sandbox = paymentsSandbox(env)
  return {
    merchantId: localSandbox ? SANDBOX_MERCHANT_ID : env.REALEX_MERCHANT_ID.trim(),
    account: (env.REALEX_ACCOUNT ?? '').trim() || 'internet',
    secret: requireSecret(env.REALEX_SHARED_SECRET, 'REALEX_SHARED_SECRET'),
    hppUrl: (origin) =>
      localSandbox ? `${origin}${SANDBOX_HPP_PATH}` : sandbox ? HPP_URLS.sandbox : HPP_URLS.live,
    localSandbox,
  }
}
