import { describe, expect, it } from 'vitest'
import { GB_LOCALE } from '../../../schemas/locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  cardFormPage,
  errorPage,
  sandboxTexts,
  type CardFormView,
} from '../../../worker/sandbox-gateway/pages.ts'

// The sandbox's hosted card page speaks the language of the brand that sent the shopper there
// (issue 43): a Dutch brand's shopper reads Dutch labels and euros written the Dutch way; a
// British one reads the page as it always was.

const DUTCH = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }
const VIEW: CardFormView = {
  orderId: 'ORD-1',
  merchantId: 'sandbox',
  amount: '1349',
  currency: 'EUR',
  cancelUrl: null,
  storedCard: null,
  error: null,
}

const render = async (page: ReturnType<typeof cardFormPage>) => (await page).toString()

describe('the sandbox card page', () => {
  it('says its labels, amount and banner in the brand’s language', async () => {
    const html = await render(
      cardFormPage({ ...VIEW, error: MESSAGES.cvvRequired }, 'n', sandboxTexts(DUTCH))
    )
    expect(html).toContain('<html lang="nl-NL">')
    expect(html).toContain('<label for="cardNumber">Kaartnummer</label>')
    expect(html).toContain('<button type="submit">Nu betalen</button>')
    expect(html).toMatch(/<h1>\s*€\s13,49 betalen\s*<\/h1>/)
    expect(html).toContain('Sandbox — alleen testkaarten.')
    expect(html).not.toContain(MESSAGES.cvvRequired)
  })

  it('is English for a British brand, as it was', async () => {
    const html = await render(cardFormPage({ ...VIEW, amount: '1349', currency: 'GBP' }, 'n'))
    expect(html).toContain('<html lang="en-GB">')
    expect(html).toContain('<label for="cardNumber">Card number</label>')
    expect(html).toMatch(/<h1>\s*Pay £13\.49\s*<\/h1>/)
    expect(html).toContain(MESSAGES.sandboxBanner)
    const refused = await render(errorPage(MESSAGES.paymentNotFound, 'n'))
    expect(refused).toContain('<h1>Payment request refused</h1>')
    expect(refused).toContain(MESSAGES.paymentNotFound)
  })
})
