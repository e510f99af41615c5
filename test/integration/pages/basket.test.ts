import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { jsonPost } from '../../support/workers/requests.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { PRIVATE_CACHE_CONTROL } from '../../../schemas/constants.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { pageText } from './storefront.ts'
import { jar } from './cookie-jar.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'
import { DATED } from '../../support/test-clock.ts'

const STORE = 'manchester-piccadilly'
const ORIGIN = 'http://localhost'

interface SimpleItem {
  id: number
  name: string
}

let storeId = 0
let items: Array<SimpleItem> = []

beforeAll(async () => {
  storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  const rows = await env.DB.prepare(
    `select m.id, m.name from menu_items m
     left join store_menu_items s on s.store_id = ?1 and s.menu_item_id = m.id
     where m.business_id = 1 and m.is_active = 1 and m.add_to_basket_type = 'simple'
       and m.sold_by = 'each'
       and m.age_restriction is null and m.out_of_stock = 0 and m.max_quantity is null
       and coalesce(s.is_available, 1) = 1 and coalesce(s.out_of_stock, 0) = 0
     order by m.id limit 2`
  )
    .bind(storeId)
    .all<SimpleItem>()
  items = rows.results
  if (items.length < 2) throw new Error('no simple items in the demo data')
})

async function addItem(itemId: number, quantity: number, cookie = '') {
  const response = await SELF.fetch(`${ORIGIN}/api/basket/items/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ storeId, menuItem: { itemId, quantity } }),
  })
  expect(response.status).toBe(200)
  await response.text()
  return jar(response, cookie)
}

function basketPage(cookie = '', referer?: string) {
  return SELF.fetch(`${ORIGIN}/basket`, {
    headers: { ...(cookie ? { cookie } : {}), ...(referer ? { referer } : {}) },
    redirect: 'manual',
  })
}

function basketToken(cookie: string): string {
  return /sf_basket=([^;]+)/.exec(cookie)?.[1] ?? ''
}

describe('basket page', () => {
  it('shows the empty basket without creating one when the shopper has none', async () => {
    const response = await basketPage()
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
    expect(html).toContain('Your basket is empty')
    expect(html).toContain('Find a store')
    expect(html).toContain('<meta name="robots" content="noindex')
    expect(response.headers.getSetCookie().some((c) => c.startsWith('sf_basket='))).toBe(false)
    const count = await env.DB.prepare('select count(*) as n from baskets').first<{ n: number }>()
    expect(count?.n ?? 0).toBe(0)
  })

  it('lists the lines and totals of a filled basket, privately, without its token', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    let cookie = await addItem(first.id, 2)
    cookie = await addItem(second.id, 1, cookie)
    const token = basketToken(cookie)
    expect(token.length).toBeGreaterThan(15)

    const response = await basketPage(cookie, `${ORIGIN}/stores/${STORE}/category/bakery`)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
    expect(html).toContain('data-island="BasketEditor"')
    expect(html).toContain(escapeHtml(first.name))
    expect(html).toContain(escapeHtml(second.name))
    expect(html).toContain('Items (3)')
    // The way to checkout (a link, or under the minimum spend a button saying what is short).
    expect(html).toMatch(/>Checkout<|more to check out</)
    // Continue shopping goes back where the shopper came from (same origin only).
    expect(html).toContain(`href="/stores/${STORE}/category/bakery"`)
    expect(html).not.toContain(token)
    expect(html).not.toContain('basketToken')
    // The summary cookie the header basket reads is refreshed.
    const summary = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('sf_basket_summary='))
    expect(decodeURIComponent(summary ?? '')).toContain('"itemCount":3')
  })

  it('ignores a Referer from another site for Continue shopping', async () => {
    const [first] = items as [SimpleItem]
    const cookie = await addItem(first.id, 1)
    const html = await (await basketPage(cookie, 'https://evil.example/phish')).text()
    expect(html).not.toContain('evil.example')
    expect(html).toContain(`href="/stores/${STORE}"`)
  })

  it('says the basket cannot be viewed when its store is closed', async () => {
    const [first] = items as [SimpleItem]
    const cookie = await addItem(first.id, 1)
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = ?1')
      .bind(storeId)
      .run()
    try {
      const response = await basketPage(cookie)
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(html).toContain(MESSAGES.basketStoreClosed)
      expect(html).not.toContain('data-island="BasketEditor"')
    } finally {
      await env.DB.prepare('update stores set is_temporarily_closed = 0 where id = ?1')
        .bind(storeId)
        .run()
    }
  })
})

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
}

describe('checkout steps need a slot that still stands', DATED, () => {
  const location = encodeLocation({
    postcode: 'M1 1AD',
    latitude: 53.4808,
    longitude: -2.2426,
    chosenAddress: null,
    selectedAddress: null,
  })

  async function reserveFirstSlot(cookie: string): Promise<void> {
    const post = (path: string, body: unknown) =>
      SELF.fetch(`${ORIGIN}${path}`, jsonPost(body, { origin: ORIGIN, cookie }))
    const list = await post('/api/time-slots', { storeId })
    const { days } = await list.json<{
      days: Array<{
        slots: Array<{ timeSlotDate: string; timeSlotTime: string; available: boolean }>
      }>
    }>()
    const slot = days.flatMap((day) => day.slots).find((candidate) => candidate.available)
    if (!slot) throw new Error('no slot to reserve')
    const reserved = await post('/api/time-slots/reserve', {
      storeId,
      timeSlotDate: slot.timeSlotDate,
      timeSlotTime: slot.timeSlotTime,
    })
    expect(reserved.status).toBe(200)
    await reserved.text()
  }

  it('sends a basket under the minimum back to the basket, which says why and what is short', async () => {
    const item = items[0]
    if (!item) throw new Error('no item')
    const cookie = `${await addItem(item.id, 1)}; sf_location=${location}`
    await reserveFirstSlot(cookie)
    const bounced = await SELF.fetch(`${ORIGIN}/checkout/details`, {
      headers: { cookie },
      redirect: 'manual',
    })
    expect(bounced.status).toBe(302)
    expect(bounced.headers.get('location')).toBe('/basket')
    const flash = bounced.headers.getSetCookie().find((c) => c.startsWith('sf_flash='))
    expect(flash).toBeDefined()

    const basket = await basketPage(`${cookie}; ${flash?.split(';')[0] ?? ''}`)
    const html = await basket.text()
    expect(html).toContain(escapeHtml(MESSAGES.minimumSpendCheckout))
    const short = /Spend (£[\d.]+) more for delivery/.exec(html)?.[1]
    expect(short).toBeDefined()
    // The checkout button says what is short instead of linking to a checkout that bounces.
    expect(html).toMatch(
      new RegExp(
        `<button[^>]*disabled[^>]*>${escapeHtml(formatMessage('minimumSpendShort', short ?? ''))}</button>`
      )
    )
    expect(html).not.toContain('href="/basket/forgotten"')
  })

  it('sends a basket without a slot, then with a lapsed one, to the time-slot page', async () => {
    const item = items[0]
    if (!item) throw new Error('no item')
    const cookie = `${await addItem(item.id, 1)}; sf_location=${location}`
    const none = await SELF.fetch(`${ORIGIN}/checkout`, { headers: { cookie }, redirect: 'manual' })
    expect(none.status).toBe(302)
    expect(none.headers.get('location')).toBe(`/stores/${STORE}/time-slots?change=1`)

    await reserveFirstSlot(cookie)
    const held = await SELF.fetch(`${ORIGIN}/checkout/details`, {
      headers: { cookie },
      redirect: 'manual',
    })
    // Past the slot guard: this one-item basket is under the store's minimum spend, so the
    // checkout's basket guard sends it back to the basket.
    expect(held.status).toBe(302)
    expect(held.headers.get('location')).toBe('/basket')

    await env.DB.prepare(
      `update slot_reservations set expires_at = '2000-01-01T00:00:00.000Z' where status = 'held'`
    ).run()
    const lapsed = await SELF.fetch(`${ORIGIN}/checkout/payment`, {
      headers: { cookie },
      redirect: 'manual',
    })
    expect(lapsed.status).toBe(302)
    expect(lapsed.headers.get('location')).toBe(`/stores/${STORE}/time-slots?change=1&expired=1`)
  })
})

describe('the substitutes switch without JavaScript', () => {
  function postBasketForm(cookie: string, fields: Record<string, string>) {
    return SELF.fetch(`${ORIGIN}/basket`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })
  }

  async function storedLines(cookie: string) {
    const response = await SELF.fetch(`${ORIGIN}/api/basket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: '{}',
    })
    expect(response.status).toBe(200)
    return BasketSchema.parse(await response.json())
  }

  it('renders a form per line and one for all items, each a labelled switch', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    const cookie = await addItem(second.id, 1, await addItem(first.id, 1))
    const html = await (await basketPage(cookie)).text()
    const basket = await storedLines(cookie)
    for (const line of basket.lines) {
      expect(html).toContain(`name="basketLineId" value="${line.basketLineId}"`)
    }
    expect(html.match(/name="intent" value="substitutes"/g)).toHaveLength(3)
    expect(html.match(/role="switch" aria-checked="true"/g)).toHaveLength(3)
    expect(html).toContain('Allow substitutes for all items')
    expect(html).toContain(`<span class="sr-only"> for ${escapeHtml(first.name)}</span>`)
  })

  it('posts one line off, 303 back to the basket with a notice, and shows it off', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    let cookie = await addItem(second.id, 1, await addItem(first.id, 1))
    const before = await storedLines(cookie)
    const line = before.lines[0]
    if (!line) throw new Error('no line')
    const response = await postBasketForm(cookie, {
      intent: 'substitutes',
      basketLineId: String(line.basketLineId),
      allowSubstitutes: '0',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/basket')
    expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
    cookie = jar(response, cookie)
    const after = await storedLines(cookie)
    expect(after.lines.map((l) => l.allowSubstitutes)).toEqual([false, true])
    expect(after.totals).toEqual(before.totals)
    const html = await (await basketPage(cookie)).text()
    expect(html).toContain(MESSAGES.substitutesSaved)
    // The line's switch and the all-items switch are off; the other line's is on.
    expect(html.match(/role="switch" aria-checked="false"/g)).toHaveLength(2)
  })

  it('turns every item off and on with the all-items form', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    let cookie = await addItem(second.id, 1, await addItem(first.id, 1))
    const off = await postBasketForm(cookie, { intent: 'substitutes', allowSubstitutes: '0' })
    expect(off.status).toBe(303)
    cookie = jar(off, cookie)
    expect((await storedLines(cookie)).lines.map((l) => l.allowSubstitutes)).toEqual([false, false])
    cookie = jar(await postBasketForm(cookie, { intent: 'substitutes', allowSubstitutes: '1' }))
    expect((await storedLines(cookie)).lines.every((l) => l.allowSubstitutes)).toBe(true)
  })

  it('refuses a bad or foreign line id and a malformed form with a message, nothing changed', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    const theirs = await storedLines(await addItem(second.id, 1))
    const cookie = await addItem(first.id, 1)
    const before = await storedLines(cookie)
    const bad: Array<Record<string, string>> = [
      { intent: 'substitutes', basketLineId: '99999999', allowSubstitutes: '0' },
      {
        intent: 'substitutes',
        basketLineId: String(theirs.lines[0]?.basketLineId),
        allowSubstitutes: '0',
      },
      { intent: 'substitutes', basketLineId: 'x', allowSubstitutes: '0' },
      { intent: 'substitutes', allowSubstitutes: 'maybe' },
      { intent: 'other', allowSubstitutes: '0' },
    ]
    for (const fields of bad) {
      const response = await postBasketForm(cookie, fields)
      expect(response.status, JSON.stringify(fields)).toBe(303)
      expect(response.headers.get('location')).toBe('/basket')
      const html = await (await basketPage(jar(response, cookie))).text()
      expect(html, JSON.stringify(fields)).toContain(MESSAGES.substitutesUpdateFailed)
    }
    const after = await storedLines(cookie)
    expect(after.version).toBe(before.version)
    expect(after.lines.every((l) => l.allowSubstitutes)).toBe(true)
  })

  it("lists a line's similar items on ?replaceFor= and saves the one chosen", async () => {
    const item = await env.DB.prepare(
      `select m.id from menu_items m
       where m.business_id = 1 and m.is_active = 1 and m.out_of_stock = 0
         and m.age_restriction is null and m.max_quantity is null
         and m.add_to_basket_type = 'simple'
         and exists (select 1 from menu_items o where o.category_id = m.category_id
           and o.id != m.id and o.is_active = 1 and o.out_of_stock = 0
           and o.add_to_basket_type = 'simple')
       order by m.id limit 1`
    ).first<{ id: number }>()
    let cookie = await addItem(item?.id ?? 0, 1)
    const line = (await storedLines(cookie)).lines[0]
    if (!line) throw new Error('no line')
    expect(pageText(await (await basketPage(cookie)).text())).toContain(
      'If out of stock: Best match'
    )
    const listed = await SELF.fetch(`${ORIGIN}/basket?replaceFor=${line.basketLineId}`, {
      headers: { cookie },
    })
    const html = await listed.text()
    expect(html).toContain(`aria-label="Replacements for ${escapeHtml(line.name)}"`)
    const chosen = /name="replacementItemId" value="(\d+)"/.exec(html)?.[1]
    if (!chosen) throw new Error('no similar item offered')
    const response = await postBasketForm(cookie, {
      intent: 'substitutes',
      basketLineId: String(line.basketLineId),
      substitution: 'replacement',
      replacementItemId: chosen,
    })
    expect(response.status).toBe(303)
    cookie = jar(response, cookie)
    const after = (await storedLines(cookie)).lines[0]
    expect(after?.substitution).toBe('replacement')
    expect(after?.replacement?.itemId).toBe(Number(chosen))
    expect(pageText(await (await basketPage(cookie)).text())).toContain(
      `If out of stock: ${after?.replacement?.name}`
    )
  })

  it('refuses a post without a basket, and a post from another site (CSRF)', async () => {
    const none = await postBasketForm('', { intent: 'substitutes', allowSubstitutes: '0' })
    expect(none.status).toBe(303)
    const [first] = items as [SimpleItem]
    const cookie = await addItem(first.id, 1)
    const cross = await SELF.fetch(`${ORIGIN}/basket`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        cookie,
      },
      body: 'intent=substitutes&allowSubstitutes=0',
      redirect: 'manual',
    })
    expect(cross.status).toBe(403)
    expect((await storedLines(cookie)).lines.every((l) => l.allowSubstitutes)).toBe(true)
  })
})

/** A basket form posted as a browser without JavaScript does (same origin, 303 not followed). */
function postBasketForm(
  path: '/basket' | '/basket/add',
  cookie: string,
  fields: Record<string, string>,
  referer?: string
) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(referer ? { referer } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
}

/** The basket the cookie names, as the API answers it. */
async function storedBasket(cookie: string) {
  const response = await SELF.fetch(`${ORIGIN}/api/basket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    body: '{}',
  })
  expect(response.status).toBe(200)
  return BasketSchema.parse(await response.json())
}

// Issue 35 item 13: the basket page's − / + and Remove are forms that work without JavaScript.
describe('the basket lines’ − / + and Remove without JavaScript', () => {
  it('renders − / + as buttons carrying the new quantity, and Remove, in forms', async () => {
    const [first] = items as [SimpleItem]
    const cookie = await addItem(first.id, 2)
    const html = await (await basketPage(cookie)).text()
    expect(html).toContain('name="intent" value="quantity"')
    expect(html).toContain('name="intent" value="remove"')
    expect(html).toMatch(
      /<button type="submit" value="1"[^>]*aria-label="One less [^>]*name="quantity"/
    )
    expect(html).toMatch(
      /<button type="submit" value="3"[^>]*aria-label="One more [^>]*name="quantity"/
    )
  })

  it('sets a quantity, then removes the line: 303 back, each time saying what changed', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    let cookie = await addItem(second.id, 1, await addItem(first.id, 2))
    const line = (await storedBasket(cookie)).lines.find((l) => l.itemId === first.id)
    if (!line) throw new Error('no line')
    const more = await postBasketForm('/basket', cookie, {
      intent: 'quantity',
      basketLineId: String(line.basketLineId),
      quantity: '3',
    })
    expect(more.status).toBe(303)
    expect(more.headers.get('location')).toBe('/basket')
    cookie = jar(more, cookie)
    expect((await storedBasket(cookie)).lines.map((l) => [l.itemId, l.quantity])).toEqual([
      [first.id, 3],
      [second.id, 1],
    ])
    let html = await (await basketPage(cookie)).text()
    expect(html).toContain(escapeHtml(formatMessage('basketQuantityChanged', `3 × ${first.name}`)))

    const removed = await postBasketForm('/basket', cookie, {
      intent: 'remove',
      basketLineId: String(line.basketLineId),
    })
    expect(removed.status).toBe(303)
    cookie = jar(removed, cookie)
    expect((await storedBasket(cookie)).lines.map((l) => l.itemId)).toEqual([second.id])
    html = await (await basketPage(cookie)).text()
    expect(html).toContain(escapeHtml(formatMessage('basketLineRemoved', first.name)))
  })

  it('refuses a line not in the basket or a malformed form with a message, nothing changed', async () => {
    const [first, second] = items as [SimpleItem, SimpleItem]
    const theirs = await storedBasket(await addItem(second.id, 1))
    const cookie = await addItem(first.id, 2)
    const before = await storedBasket(cookie)
    const bad: Array<Record<string, string>> = [
      { intent: 'quantity', basketLineId: '99999999', quantity: '1' },
      { intent: 'quantity', basketLineId: String(theirs.lines[0]?.basketLineId), quantity: '1' },
      { intent: 'quantity', basketLineId: String(before.lines[0]?.basketLineId), quantity: 'x' },
      { intent: 'quantity', quantity: '1' },
    ]
    for (const fields of bad) {
      const response = await postBasketForm('/basket', cookie, fields)
      expect(response.status, JSON.stringify(fields)).toBe(303)
      const html = await (await basketPage(jar(response, cookie))).text()
      expect(html, JSON.stringify(fields)).toContain(MESSAGES.updateQuantityFailed)
    }
    const after = await storedBasket(cookie)
    expect(after.version).toBe(before.version)
    expect(after.lines.map((l) => l.quantity)).toEqual([2])
  })
})

// Issue 35 item 11: the add-to-basket forms post to the worker when JavaScript does not run.
describe('the add-to-basket forms without JavaScript', () => {
  it('adds, then 303 back to the page that posted, saying what was added', async () => {
    const [first] = items as [SimpleItem]
    const from = `${ORIGIN}/stores/${STORE}/category/milk?sort=price-low`
    const response = await postBasketForm(
      '/basket/add',
      '',
      { storeId: String(storeId), itemId: String(first.id), quantity: '2' },
      from
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/stores/${STORE}/category/milk?sort=price-low`)
    expect(response.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL)
    const cookie = jar(response)
    const basket = await storedBasket(cookie)
    expect(basket.lines.map((line) => [line.itemId, line.quantity])).toEqual([[first.id, 2]])
    const html = await (await basketPage(cookie)).text()
    expect(html).toContain(escapeHtml(`Added to basket: 2 × ${first.name}`))
  })

  it('says the refusal in its own words and adds nothing; a malformed form adds nothing', async () => {
    const [first] = items as [SimpleItem]
    const cookie = await addItem(first.id, 1)
    const before = await storedBasket(cookie)
    const bad: Array<Record<string, string>> = [
      { storeId: String(storeId), itemId: '99999999' },
      { storeId: String(storeId), itemId: String(first.id), quantity: 'lots' },
      { storeId: String(storeId), itemId: String(first.id), 'choice-1': 'x' },
      { storeId: 'x', itemId: String(first.id) },
      { returnTo: '//evil.example/' },
    ]
    for (const fields of bad) {
      const response = await postBasketForm('/basket/add', cookie, fields)
      expect(response.status, JSON.stringify(fields)).toBe(303)
      // No Referer and no usable returnTo: the basket, never another site.
      expect(response.headers.get('location')).toBe('/basket')
      const html = await (await basketPage(jar(response, cookie))).text()
      // The flash: the backend's own refusal, or the add's message for a form that does not parse.
      const flash = /role="status" tabindex="-1"[^>]*>([^<]*)</.exec(html)?.[1]
      expect([MESSAGES.itemUnavailable, MESSAGES.addItemFailed], JSON.stringify(fields)).toContain(
        flash
      )
    }
    const after = await storedBasket(cookie)
    expect(after.version).toBe(before.version)
    expect(after.lines.map((line) => line.quantity)).toEqual([1])
  })

  it('refuses a post from another site (CSRF)', async () => {
    const [first] = items as [SimpleItem]
    const cross = await SELF.fetch(`${ORIGIN}/basket/add`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: `storeId=${storeId}&itemId=${first.id}`,
      redirect: 'manual',
    })
    expect(cross.status).toBe(403)
  })
})
