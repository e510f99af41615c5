import type { PaymentResult } from '../../../schemas/payments.ts'
import { postJson } from '../../lib/api.ts'
import { PAYMENT_API } from '../../lib/api-paths.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { applePayRequest } from './wallet-request.ts'

/** The parts of Apple Pay JS the payment step uses (not in TypeScript's DOM library). */
interface ApplePaySessionLike {
  begin(): void
  abort(): void
  completeMerchantValidation(merchantSession: unknown): void
  completePayment(status: number): void
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null
  onpaymentauthorized: ((event: { payment: { token: { paymentData: unknown } } }) => void) | null
  oncancel: (() => void) | null
}
interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike
  readonly STATUS_SUCCESS: number
  readonly STATUS_FAILURE: number
}

function applePaySessionClass(): ApplePaySessionClass | undefined {
  return (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession
}

/** How a device wallet's sheet hands its token to the payment step and hears the outcome. */
export interface DeviceWalletPayment {
  /** The order total in pence, shown on the sheet. */
  total: number
  /** The brand's country and currency the sheet asks in. */
  shop: ShopLocale
  /** Pays with the wallet's token data; `beforeFollow` closes the sheet with the outcome. */
  pay: (tokenData: string, beforeFollow: (result: PaymentResult) => void) => Promise<void>
  /** The wallet could not pay: `caught` is the refused call, if one was made. */
  failed: (caught?: unknown) => void
  /** The shopper closed the sheet. */
  cancelled: () => void
}

/**
 * The device's Apple Pay sheet: merchant validation through the proxy (the backend talks to
 * Apple), then the authorised payment's token paid like any other source.
 */
export function startApplePay({
  storeId,
  total,
  shop,
  pay,
  failed,
  cancelled,
}: DeviceWalletPayment & { storeId: number }): void {
  const Session = applePaySessionClass()
  if (!Session) {
    failed()
    return
  }
  const session = new Session(3, applePayRequest(total, shop))
  session.onvalidatemerchant = (event) => {
    postJson(PAYMENT_API.applePayValidation, {
      storeId,
      validationURL: event.validationURL,
      domain: window.location.hostname,
    }).then(
      (merchantSession) => session.completeMerchantValidation(merchantSession),
      (caught: unknown) => {
        session.abort()
        failed(caught)
      }
    )
  }
  session.onpaymentauthorized = (event) => {
    pay(JSON.stringify(event.payment.token.paymentData), (result) =>
      session.completePayment(
        result.status === 'succeeded' ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE
      )
    ).catch((caught: unknown) => {
      session.completePayment(Session.STATUS_FAILURE)
      failed(caught)
    })
  }
  session.oncancel = cancelled
  session.begin()
}
