import { MESSAGES } from '../../../schemas/messages.ts'
import { ApplePayMerchantSessionSchema } from '../../../schemas/payments.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { assertMethodAccepted, findStorePayment } from '../checkout/refusals.ts'
import { deriveKey, hmacSha256, randomToken, requireSecret, toHex } from '../../lib/crypto.ts'
import { paymentsSandbox } from '../../lib/payments-config.ts'
import { isBusinessUrl } from './repo.ts'

/*
 * Spec §7 Apple Pay merchant validation: Apple Pay JS hands the page a validationURL; the server
 * posts the merchant's identity to it over mutual TLS (the merchant identity certificate, bound
 * as the APPLE_PAY_CERTIFICATE fetcher) and passes Apple's opaque merchant session back. Without
 * APPLE_PAY_MERCHANT_ID in sandbox mode, a sandbox merchant session signed by us stands in.
 */

/** Apple's merchant validation hosts (production, China, pods, and the sandbox "-cert" ones). */
const APPLE_PAY_HOST = /^(cn-)?apple-pay-gateway(-[a-z0-9]+)*\.apple\.com$/

/** How long a sandbox merchant session is good for (Apple's are 5 minutes too). */
export const SANDBOX_SESSION_SECONDS = 5 * 60

/** The sandbox merchant identifier (no Apple merchant configured). */
export const SANDBOX_APPLE_MERCHANT_ID = 'merchant.sandbox.local'

export type ApplePayEnv = Pick<Env, 'DB' | 'PAYMENTS_MODE' | 'REALEX_SHARED_SECRET'> & {
  APPLE_PAY_MERCHANT_ID?: string
  /** mTLS fetcher with the merchant identity certificate ([[mtls_certificates]] in wrangler.toml). */
  APPLE_PAY_CERTIFICATE?: Pick<Fetcher, 'fetch'>
}

/** Whether a validation URL is one of Apple's (https, an Apple Pay gateway host, default port). */
export function isApplePayValidationUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.port === '' && APPLE_PAY_HOST.test(url.hostname)
  } catch {
    return false
  }
}

function refused(field: string): AppError {
  return new AppError('validation_error', MESSAGES.applePayAvailability, {
    fields: [{ field, message: MESSAGES.applePayAvailability }],
  })
}

/** The signature of a sandbox merchant session over its other fields. */
export async function sandboxSessionSignature(
  secretValue: string | undefined,
  session: Readonly<Record<string, unknown>>
): Promise<string> {
  const secret = requireSecret(secretValue, 'REALEX_SHARED_SECRET')
  const key = await deriveKey(secret, 'sandbox-apple-pay-session')
  return toHex(await hmacSha256(key, JSON.stringify(session)))
}

/**
 * Validates the merchant for an Apple Pay sheet of `storeId` on `domain` (one of the business's
 * hosts): Apple's session from validationURL, or the sandbox's. The store must take Apple Pay.
 */
export async function validateApplePayMerchant(
  env: ApplePayEnv,
  input: { businessId: number; storeId: number; validationURL: string; domain: string },
  now: Date
): Promise<Record<string, unknown>> {
  if (!isApplePayValidationUrl(input.validationURL)) throw refused('validationURL')
  const domain = input.domain.toLowerCase()
  if (!(await isBusinessUrl(env.DB, input.businessId, `https://${domain}/`))) {
    throw refused('domain')
  }
  const store = await findStorePayment(env.DB, input.businessId, input.storeId, now)
  assertMethodAccepted(store.paymentOptions, 'applePay')
  const merchantId = (env.APPLE_PAY_MERCHANT_ID ?? '').trim()
  if (merchantId === '') {
    if (!paymentsSandbox(env)) throw refused('validationURL')
    const session = {
      merchantIdentifier: SANDBOX_APPLE_MERCHANT_ID,
      merchantSessionIdentifier: randomToken(24),
      nonce: randomToken(8),
      domainName: domain,
      displayName: store.name.slice(0, 64),
      epochTimestamp: now.getTime(),
      expiresAt: now.getTime() + SANDBOX_SESSION_SECONDS * 1000,
      sandbox: true,
    }
    return {
      ...session,
      signature: await sandboxSessionSignature(env.REALEX_SHARED_SECRET, session),
    }
  }
  const certificate = env.APPLE_PAY_CERTIFICATE
  if (!certificate) {
    logError(
      new Error('APPLE_PAY_MERCHANT_ID is set but the APPLE_PAY_CERTIFICATE binding is missing'),
      {
        config: 'APPLE_PAY_CERTIFICATE',
      }
    )
    throw new AppError('internal_error', MESSAGES.applePayAvailability)
  }
  let response: Response
  try {
    response = await certificate.fetch(input.validationURL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantIdentifier: merchantId,
        displayName: store.name.slice(0, 64),
        initiative: 'web',
        initiativeContext: domain,
      }),
    })
  } catch (error) {
    logError(error, { gateway: 'apple-pay', call: 'merchant validation' })
    throw new AppError('upstream_error', MESSAGES.applePayAvailability)
  }
  let json: unknown = null
  try {
    json = await response.json()
  } catch {
    // Answered below.
  }
  const session = ApplePayMerchantSessionSchema.safeParse(json)
  if (response.status !== 200 || !session.success) {
    logError(new Error(`Apple Pay merchant validation answered ${response.status}`), {
      gateway: 'apple-pay',
    })
    throw new AppError('upstream_error', MESSAGES.applePayAvailability)
  }
  return session.data
}
