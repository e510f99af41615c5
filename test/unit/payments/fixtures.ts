import type { RealexConfig } from '../../../worker/backend/payments/config.ts'
import type { PaymentAttempt } from '../../../worker/backend/payments/gateway.ts'

/** A Realex merchant (account 'internet', no hosted page needed) signing with `secret`. */
export function realexTestConfig(merchantId: string, secret: string): RealexConfig {
  return { merchantId, account: 'internet', secret, hppUrl: () => '', localSandbox: false }
}

/** What a gateway adapter is handed for a guest's card payment, with `overrides`. */
export function testAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    businessId: 1,
    paymentId: 7,
    orderId: 3,
    businessOrderId: 'CF-1001',
    gatewayOrderId: 'CF-1001-abc123',
    amount: 4250,
    currency: 'GBP',
    method: 'paymentCard',
    responseUrl: '',
    successUrl: 'https://shop.example.com/checkout/success',
    failureUrl: 'https://shop.example.com/checkout/payment',
    cancelUrl: 'https://shop.example.com/checkout/payment',
    customer: {
      customerId: null,
      email: 'a@example.com',
      phone: null,
      firstName: 'A',
      lastName: 'B',
    },
    billingAddress: null,
    saveCard: false,
    savedCardToken: null,
    token: null,
    ...overrides,
  }
}
