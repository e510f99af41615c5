import { describe, expect, it } from 'vitest'
import { GB_LOCALE, shopLocaleOf } from '../../../schemas/locale.ts'
import {
  applePayRequest,
  googlePayDetails,
} from '../../../client/components/payment/wallet-request.ts'

const NL = shopLocaleOf({ locale: 'nl_NL', currency: 'EUR', countryCode: 'NL' })

describe('the wallets’ payment requests', () => {
  it('ask a UK brand’s shopper for GBP in GB, as before', () => {
    expect(applePayRequest(1250, GB_LOCALE)).toMatchObject({
      countryCode: 'GB',
      currencyCode: 'GBP',
      total: { label: 'Total', amount: '12.50' },
    })
    expect(googlePayDetails(1250, GB_LOCALE).total).toEqual({
      label: 'Total',
      amount: { currency: 'GBP', value: '12.50' },
    })
  })

  it('ask a Dutch brand’s shopper for EUR in NL', () => {
    expect(applePayRequest(1250, NL)).toMatchObject({
      countryCode: 'NL',
      currencyCode: 'EUR',
      total: { amount: '12.50' },
    })
    expect(googlePayDetails(1250, NL).total?.amount).toEqual({ currency: 'EUR', value: '12.50' })
  })
})
