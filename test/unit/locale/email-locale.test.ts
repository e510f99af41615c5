import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { inBusinessLocale } from '../../../worker/backend/messaging/messenger.ts'
import type { OutgoingMessage } from '../../../worker/backend/messaging/message.ts'

// Emails in the business's language (issue 43): the order's status email of a Dutch business
// names its locale and says its prose in Dutch; a British business's email is as it was.

function businessDb(row: { locale: string; currency: string; countryCode: string }) {
  const statement = {
    bind: () => statement,
    first: () => Promise.resolve({ ...row, timeZone: 'Europe/London' }),
  }
  return { prepare: () => statement } as unknown as D1Database
}

const EMAIL: OutgoingMessage = {
  businessId: 22,
  channel: 'email',
  to: 'ada@example.com',
  template: 'order_status',
  data: {
    firstName: 'Delivered',
    statusLabel: 'Delivered',
    message: MESSAGES.orderTrackingSentToStore,
    status: 'sent_to_store',
  },
}

describe('a shopper’s email', () => {
  it('is in the Dutch business’s language: its locale named, its prose in Dutch', async () => {
    const dutch = businessDb({ locale: 'nl_NL', currency: 'EUR', countryCode: 'NL' })
    const sent = await inBusinessLocale(dutch, EMAIL)
    expect(sent.data).toMatchObject({
      locale: 'nl-NL',
      message: 'Je bestelling is naar de winkel gestuurd.',
      status: 'sent_to_store',
      // A name is said as it is, even one that reads like a word of the catalogue.
      firstName: 'Delivered',
    })
    expect(sent.data.statusLabel).toBe('Bezorgd')
  })

  it('is as it always was for a British business', async () => {
    const british = businessDb({ locale: 'en_GB', currency: 'GBP', countryCode: 'GB' })
    expect(await inBusinessLocale(british, EMAIL)).toEqual(EMAIL)
  })
})
