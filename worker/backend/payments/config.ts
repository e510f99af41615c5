import { CARD_GATEWAYS, type CardGateway } from '../../../schemas/checkout.ts'
import { requireSecret } from '../../lib/crypto.ts'
import { HPP_URLS } from './realex-hpp.ts'

/** The merchant the local sandbox card page signs for when no Realex merchant is configured. */
export const SANDBOX_MERCHANT_ID = 'localsandbox'
/** Where the worker serves the local sandbox card page (worker/sandbox-gateway). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway'
export const SANDBOX_HPP_PATH = `${SANDBOX_GATEWAY_PATH}/hpp/pay`

type PaymentsEnv = Pick<
  Env,
  | 'PAYMENTS_MODE'
  | 'CARD_GATEWAY'
  | 'REALEX_MERCHANT_ID'
  | 'REALEX_ACCOUNT'
  | 'REALEX_SHARED_SECRET'
>

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
