import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { insertRow, seedDemo } from '../../support/workers/seed.ts'
import { uniqueEmail } from '../auth/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText, registration } from './storefront.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '192.0.13')
const PATH = '/member/cards'

beforeAll(async () => {
  await seedDemo(env.DB)
})

/** A member signed up through the page, with two saved cards: one good, one expired (Oct 2026). */
async function memberWithCards(): Promise<{ cookies: string; cardIds: Array<number> }> {
  const email = uniqueEmail('cards')
  const res = await postForm('/register', registration(email))
  expect(res.status).toBe(303)
  const customer = await env.DB.prepare('select id from customers where email = ?1')
    .bind(email)
    .first<{ id: number }>()
  const card = { customerId: customer!.id, gateway: 'realex', cardholderName: 'Ada Lovelace' }
  await env.DB.batch([
    insertRow(env.DB, 'saved_cards', {
      ...card,
      token: `payer-${email}:pmt-1`,
      brand: 'visa',
      last4: '5262',
      expiryMonth: 4,
      expiryYear: 2029,
    }),
    insertRow(env.DB, 'saved_cards', {
      ...card,
      token: `payer-${email}:pmt-2`,
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 10,
      expiryYear: 2026,
    }),
  ])
  const { results } = await env.DB.prepare(
    'select id from saved_cards where customer_id = ?1 order by id'
  )
    .bind(customer!.id)
    .all<{ id: number }>()
  return { cookies: jar(res), cardIds: results.map(({ id }) => id) }
}

describe('/member/cards without JavaScript', () => {
  it('sends a signed-out shopper away', async () => {
    const res = await get(PATH)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
  })

  it('lists brand, last four and expiry, marks the expired card, and is private', async () => {
    const { cookies } = await memberWithCards()
    const res = await get(PATH, cookies)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('no-store')
    const text = pageText(await res.text())
    expect(text).toContain('Visa •••• 5262 Expires 04/29')
    // Pinned test clock: 25 November 2026, so October 2026 is over.
    expect(text).toContain('Mastercard •••• 4444 Expired 10/26')
  })

  it('asks before deleting, deletes with a post and a 303, and says so', async () => {
    const { cookies, cardIds } = await memberWithCards()
    const visa = cardIds[0]!
    const confirm = pageText(await (await get(`${PATH}?delete=${visa}`, cookies)).text())
    expect(confirm).toContain('Delete your Visa ending 5262?')
    const res = await postForm(PATH, { cardId: String(visa) }, cookies)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`${PATH}?done=deleted`)
    const after = pageText(await (await get(`${PATH}?done=deleted`, cookies)).text())
    expect(after).toContain(MESSAGES.cardDeleted)
    expect(after).not.toContain('5262')
    expect(after).toContain('4444')
  })

  it("refuses another member's card with 'We could not find that card.', deleting nothing", async () => {
    const owner = await memberWithCards()
    const intruder = await memberWithCards()
    const res = await postForm(PATH, { cardId: String(owner.cardIds[0]) }, intruder.cookies)
    expect(res.status).toBe(422)
    expect(pageText(await res.text())).toContain(MESSAGES.cardNotFound)
    expect(pageText(await (await get(PATH, owner.cookies)).text())).toContain('5262')
  })
})
