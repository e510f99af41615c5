import { requireSecret } from '../../lib/crypto.ts'
import { localSandboxActive, paymentsSandbox, SANDBOX_HPP_PATH } from '../../lib/payments-config.ts'
import { HPP_URLS } from '../../realex/hpp.ts'

/** The merchant the local sandbox card page signs for when no Realex merchant is configured. */
export const SANDBOX_MERCHANT_ID = 'localsandbox'

type PaymentsEnv = Pick<
  Env,
  | 'PAYMENTS_MODE'
  | 'CARD_GATEWAY'
  | 'REALEX_MERCHANT_ID'
  | 'REALEX_ACCOUNT'
  | 'REALEX_SHARED_SECRET'
>

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
