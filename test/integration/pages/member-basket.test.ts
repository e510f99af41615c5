import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { BasketSchema } from '../../../schemas/basket.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { PASSWORD, registerMember } from '../auth/fixtures.ts'
import { plainItem, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { ORIGIN, pageClient, pageText, testEnv } from './storefront.ts'

// A member's basket answers to that member only (docs/decisions/012). The shopper's side of it:
// signing out leaves a guest with a basket of their own, signing in again brings the member's back.
const app = createApp()
const { get, postForm } = pageClient(app, '198.51.100')
let item = { id: 0, name: '' }

beforeAll(async () => {
  await seedCheckout(env.DB)
  item = await plainItem(500, 4000)
})

function api(path: string, body: object, cookie = ''): Promise<Response> {
  return Promise.resolve(
    app.request(`${ORIGIN}/api${path}`, jsonPost(body, { origin: ORIGIN, cookie }), testEnv)
  )
}

function addItem(cookie: string): Promise<Response> {
  return api(
    '/basket/items/add',
    { storeId: STORES.main, fulfilmentMethod: 'collection', menuItem: { itemId: item.id } },
    cookie
  )
}

/** A cookie's value in a Cookie header, if there. */
function cookieValue(cookies: string, name: string): string | undefined {
  return new RegExp(`(?:^|; )${name}=([^;]*)`).exec(cookies)?.[1]
}

async function ownerOf(token: string): Promise<number | null | undefined> {
  const row = await env.DB.prepare('select customer_id from baskets where token_hash = ?1')
    .bind(await hashBasketToken(token))
    .first<{ customer_id: number | null }>()
  return row?.customer_id
}

/** A member signed in on the login page, with one item in their basket. */
async function memberWithBasket(): Promise<{ email: string; cookies: string; token: string }> {
  const { email } = await registerMember()
  const signedIn = await postForm('/login', { email, password: PASSWORD })
  expect(signedIn.status).toBe(303)
  const added = await addItem(jar(signedIn))
  expect(added.status, await added.clone().text()).toBe(200)
  const cookies = jar(added, jar(signedIn))
  const token = cookieValue(cookies, 'sf_basket') ?? ''
  // Made while signed in: the member's from the start.
  expect(await ownerOf(token)).not.toBeNull()
  return { email, cookies, token }
}

async function basketText(cookies: string): Promise<string> {
  return pageText(await (await get('/basket', cookies)).text())
}

describe("signing out with a member's basket", () => {
  it('leaves the guest without it: basket and header summary cookies cleared, basket page empty', async () => {
    const { cookies, token } = await memberWithBasket()
    expect(await basketText(cookies)).toContain(item.name)
    const out = await postForm('/logout', {}, cookies)
    expect(out.status).toBe(303)
    expect(setCookieLine(out, 'sf_basket')).toMatch(/Max-Age=0/)
    expect(setCookieLine(out, 'sf_basket_summary')).toMatch(/Max-Age=0/)
    expect(setCookieLine(out, 'sf_member_basket')).toMatch(/HttpOnly/)
    const guest = jar(out, cookies)
    expect(cookieValue(guest, 'sf_basket')).toBeUndefined()
    expect(cookieValue(guest, 'sf_member_basket')).toBe(token)
    expect(await basketText(guest)).toContain('Your basket is empty')

    // The guest's first add starts a basket of their own.
    const added = await addItem(guest)
    expect(added.status).toBe(200)
    const guestToken = cookieValue(jar(added, guest), 'sf_basket') ?? ''
    expect(guestToken).not.toBe(token)
    expect(await ownerOf(guestToken)).toBeNull()
  })

  it('brings the member’s basket back when they sign in again', async () => {
    const { email, cookies, token } = await memberWithBasket()
    const out = jar(await postForm('/logout', {}, cookies), cookies)
    const back = await postForm('/login', { email, password: PASSWORD }, out)
    expect(back.status).toBe(303)
    const signedIn = jar(back, out)
    expect(cookieValue(signedIn, 'sf_basket')).toBe(token)
    expect(cookieValue(signedIn, 'sf_member_basket')).toBeUndefined()
    expect(decodeURIComponent(cookieValue(signedIn, 'sf_basket_summary') ?? '')).toContain(
      '"itemCount":1'
    )
    expect(await basketText(signedIn)).toContain(item.name)
  })

  it('keeps the basket a guest filled since, and never gives the basket to another member', async () => {
    const first = await memberWithBasket()
    const out = jar(await postForm('/logout', {}, first.cookies), first.cookies)
    const other = await memberWithBasket()
    // The other member signs in on this browser: the first member's basket stays theirs.
    const signedIn = jar(
      await postForm('/login', { email: other.email, password: PASSWORD }, out),
      out
    )
    // Their own basket follows them here instead.
    const theirs = cookieValue(signedIn, 'sf_basket') ?? ''
    expect(theirs).not.toBe(first.token)
    expect(await basketText(signedIn)).toContain(item.name)
    expect(cookieValue(signedIn, 'sf_member_basket')).toBeUndefined()
    expect(await ownerOf(first.token)).not.toBe(await ownerOf(other.token))

    // A guest who filled a basket after signing out, signing in: its lines go into the member's
    // basket, which this browser now holds, and the guest basket is closed (issue 35 item 13).
    const again = jar(await postForm('/logout', {}, first.cookies), first.cookies)
    const guest = jar(await addItem(again), again)
    const guestToken = cookieValue(guest, 'sf_basket') ?? ''
    expect(await ownerOf(guestToken)).toBeNull()
    const back = jar(
      await postForm('/login', { email: first.email, password: PASSWORD }, guest),
      guest
    )
    expect(cookieValue(back, 'sf_basket')).not.toBe(guestToken)
    expect(decodeURIComponent(cookieValue(back, 'sf_basket_summary') ?? '')).toContain(
      '"itemCount":2'
    )
    expect(await basketText(back)).toContain(formatMessage('basketMerged', '1 item'))
    const closed = await env.DB.prepare('select status from baskets where token_hash = ?1')
      .bind(await hashBasketToken(guestToken))
      .first<{ status: string }>()
    expect(closed?.status).toBe('abandoned')
  }, 20_000)
})

describe("a member's basket cookie without the member", () => {
  it('is dropped by the pages and the API, and the next add starts a new basket', async () => {
    const { token } = await memberWithBasket()
    const stale = `sf_basket=${token}`
    const page = await get('/basket', stale)
    expect(pageText(await page.text())).toContain('Your basket is empty')
    expect(setCookieLine(page, 'sf_basket')).toMatch(/Max-Age=0/)

    const refused = await addItem(stale)
    expect(refused.status).toBe(403)
    expect(setCookieLine(refused, 'sf_basket')).toMatch(/Max-Age=0/)
    expect(setCookieLine(refused, 'sf_basket_summary')).toMatch(/Max-Age=0/)
    const retried = await addItem(jar(refused, stale))
    expect(retried.status).toBe(200)
    expect(cookieValue(jar(retried, stale), 'sf_basket')).not.toBe(token)
  })

  it('still answers to its member after the access token lapsed: the proxy renews it first', async () => {
    const { cookies } = await memberWithBasket()
    // The browser drops the access cookie after its 15 minutes; the refresh token stays.
    const lapsed = cookies
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access='))
      .join('; ')
    const added = await addItem(lapsed)
    expect(added.status, await added.clone().text()).toBe(200)
    expect(BasketSchema.parse(await added.json()).totals.itemCount).toBe(2)
    expect(setCookieLine(added, 'sf_access')).toMatch(/^sf_access=[^;]+;/)
  })
})
