import type { ShopLocale } from '../../../schemas/locale.ts'
import type { DeviceWalletPayment } from './apple-pay.ts'
import { googlePayDetails } from './wallet-request.ts'

/** Google Pay's gateway tokenisation (real Google Pay). */
export interface GooglePayConfig {
  merchantId: string
  gateway: string
  gatewayMerchantId: string
}

function googlePayRequest(
  config: GooglePayConfig,
  total: number,
  shop: ShopLocale
): PaymentRequest {
  return new PaymentRequest(
    [
      {
        supportedMethods: 'https://google.com/pay',
        data: {
          apiVersion: 2,
          apiVersionMinor: 0,
          merchantInfo: { merchantId: config.merchantId },
          allowedPaymentMethods: [
            {
              type: 'CARD',
              parameters: {
                allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
                allowedCardNetworks: ['VISA', 'MASTERCARD', 'DISCOVER', 'JCB'],
              },
              tokenizationSpecification: {
                type: 'PAYMENT_GATEWAY',
                parameters: {
                  gateway: config.gateway,
                  gatewayMerchantId: config.gatewayMerchantId,
                },
              },
            },
          ],
        },
      },
    ],
    googlePayDetails(total, shop)
  )
}

/** The gateway token inside a Google Pay answer, if it carries one. */
function gatewayToken(details: unknown): string | null {
  const token = (details as { paymentMethodData?: { tokenizationData?: { token?: unknown } } })
    .paymentMethodData?.tokenizationData?.token
  return typeof token === 'string' ? token : null
}

/** The device's Google Pay sheet (Payment Request API), its gateway token paid like any source. */
export async function startGooglePay({
  config,
  total,
  shop,
  pay,
  failed,
  cancelled,
}: DeviceWalletPayment & { config: GooglePayConfig | null }): Promise<void> {
  if (!config) {
    failed()
    return
  }
  let response: PaymentResponse
  try {
    response = await googlePayRequest(config, total, shop).show()
  } catch {
    // Closing the sheet is not an error worth a message.
    cancelled()
    return
  }
  const token = gatewayToken(response.details)
  if (token === null) {
    await response.complete('fail')
    failed()
    return
  }
  try {
    await pay(token, (result) => {
      void response.complete(result.status === 'succeeded' ? 'success' : 'fail')
    })
  } catch (caught) {
    await response.complete('fail')
    failed(caught)
  }
}
