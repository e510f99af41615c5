import { describe, expect, it } from 'vitest'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import type { OrderChanges } from '../../../schemas/order-changes.ts'
import {
  cashRefundMessage,
  withStoreReason,
  withWeighedTotal,
} from '../../../worker/backend/store-orders/action-effects.ts'
import { trackingMessageWithCredit } from '../../../worker/backend/store-orders/credit-effects.ts'
import { changesSentence } from '../../../worker/backend/orders/order-changes.ts'

/*
 * Issue 43: the order status email's sentences made of two messages are said one by one in the
 * business's language; a British business's are byte for byte what they were.
 */

const NL = shopLocaleOf({
  locale: 'nl_NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
})
const GB = shopLocaleOf({
  locale: 'en_GB',
  currency: 'GBP',
  countryCode: 'GB',
  timeZone: 'Europe/London',
})
const euro = (text: string) => text.replace(/€ /g, '€\u00a0')

const CHANGES = {
  lines: [
    {
      kind: 'substituted',
      ordered: { quantity: 2, name: 'Volle melk' },
      supplied: { quantity: 2, name: 'Havermelk' },
    },
    {
      kind: 'short',
      ordered: { quantity: 3, name: 'Appels' },
      supplied: { quantity: 1, name: 'Appels' },
    },
    { kind: 'out_of_stock', ordered: { quantity: 1, name: 'Brood' }, supplied: null },
  ],
} as unknown as OrderChanges

describe('the status email’s composed sentences', () => {
  it('are Dutch on a Dutch business', () => {
    const say = sayIn(NL)
    expect(trackingMessageWithCredit('cancel', 1250, 1250, false, 300, NL)).toBe(
      euro(
        'Je bestelling is geannuleerd. € 12,50 wordt terugbetaald. € 3,00 is teruggezet op je winkeltegoed.'
      )
    )
    expect(trackingMessageWithCredit('finish_picking', 0, 0, true, 300, NL)).toBe(
      euro('Je bestelling is verzameld. € 3,00 is teruggezet op je winkeltegoed.')
    )
    expect(cashRefundMessage('door', 450, NL)).toBe(
      euro('€ 4,50 krijg je contant terug aan de deur.')
    )
    expect(withStoreReason({ closing_reason: 'Gesloten wegens storing' }, 'Klaar.', say)).toBe(
      'Klaar. De winkel zei: Gesloten wegens storing'
    )
    const weighed = withWeighedTotal({ weighed_lines: 1, total: 1789 }, 'finish_picking', null, NL)
    expect(weighed?.startsWith('Je bestelling is verzameld. ')).toBe(true)
    expect(weighed).toContain(euro('€ 17,89'))
    expect(weighed).not.toMatch(/order|picked|priced/i)
    expect(changesSentence(CHANGES, say)).toBe(
      '2 × Havermelk in plaats van 2 × Volle melk; slechts 1 van 3 × Appels; 1 × Brood niet op voorraad'
    )
  })

  it('are as they always were on a British business', () => {
    const say = sayIn(GB)
    expect(trackingMessageWithCredit('cancel', 1250, 1250, false, 300, GB)).toBe(
      'Your order has been cancelled. £12.50 will be refunded. £3.00 has been returned to your store credit.'
    )
    expect(trackingMessageWithCredit('finish_picking', 0, 0, true, 300, GB)).toBe(
      'Your order has been picked. £3.00 has been returned to your store credit.'
    )
    expect(cashRefundMessage('door', 450, GB)).toBe(
      '£4.50 will be given back to you in cash at your door.'
    )
    expect(withStoreReason({ closing_reason: 'Power cut' }, 'Done.', say)).toBe(
      'Done. The store said: Power cut'
    )
    expect(withWeighedTotal({ weighed_lines: 1, total: 1789 }, 'start_route', null, GB)).toBe(
      'Your order has been picked. Your weighed items are priced by what was picked: your order comes to £17.89.'
    )
    // The words the picked email wrote before they came from the catalogue.
    expect(changesSentence(CHANGES, say)).toBe(
      '2 × Havermelk instead of 2 × Volle melk; only 1 of 3 × Appels; 1 × Brood out of stock'
    )
    expect(changesSentence(CHANGES)).toBe(changesSentence(CHANGES, say))
  })
})
