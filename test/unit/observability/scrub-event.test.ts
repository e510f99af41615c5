import { describe, expect, it } from 'vitest'
import { scrubEvent, type SentryEvent } from '../../../worker/lib/error-reporter.ts'

describe('scrubEvent', () => {
  it('drops cookies, headers of identity, the body, the user and the query; masks emails and postcodes', () => {
    const event: SentryEvent = {
      message: 'Order for ada@example.com to EC1A 1BB failed',
      user: { email: 'ada@example.com', ip_address: '203.0.113.9' },
      request: {
        url: 'https://shop.example/checkout?email=ada@example.com',
        query_string: 'email=ada@example.com',
        cookies: { sf_session: 'abc' },
        headers: { cookie: 'sf_session=abc', 'user-agent': 'Safari' },
        data: { address: '1 High Street' },
      },
      extra: { phone: '07700 900456', note: 'Eircode D02 X285 given', basketId: 42 },
      tags: { requestId: 'r-1' },
    }
    expect(scrubEvent(event)).toEqual({
      message: 'Order for [email] to [postcode] failed',
      request: { url: 'https://shop.example/checkout', headers: { 'user-agent': 'Safari' } },
      extra: { note: 'Eircode [postcode] given', basketId: 42 },
      tags: { requestId: 'r-1' },
    })
  })

  it('leaves a report without personal data as it was', () => {
    const event: SentryEvent = {
      exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
      tags: { requestId: 'r-2' },
    }
    expect(scrubEvent(event)).toEqual(event)
  })
})
