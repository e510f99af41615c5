import { createExecutionContext, env, SELF } from 'cloudflare:test'
import { createApp } from '../../../worker/app.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { withAppVersion } from '../../support/app-version.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { routePath } from '../../../client/lib/routes.ts'
import { storeSearchFlowPath } from '../../../client/lib/store-search.ts'
import type { GeolocationState } from '../../../schemas/location.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { decodeLocation, encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { seedDemo } from '../../support/workers/seed.ts'

// Demo brands: localhost (postcode search, results first), 127.0.0.1 (postcode search, nearest
// store selected automatically), greenway.localhost (address search, results first).
const CORNER = 'localhost'
const NORTHSIDE = '127.0.0.1'
const GREENWAY = 'greenway.localhost'

interface DemoAddress {
  placeId: string
  description: string
  postcode: string
  latitude: number
  longitude: number
}
let manchesterAddress: DemoAddress

beforeAll(async () => {
  await seedDemo(env.DB)
  const row = await env.DB.prepare(
    `select place_id as placeId, description, postcode, latitude, longitude from geo_addresses
     where postcode like 'M1 %' order by place_id limit 1`
  ).first<DemoAddress>()
  if (!row) throw new Error('the demo data has no central Manchester address')
  manchesterAddress = row
})

// Each request comes from its own address so the store-search rate limit (per shopper IP) is
// only reached where a test means to reach it.
let nextIp = 1
function freshIp(): string {
  nextIp++
  return `198.51.${Math.floor(nextIp / 250)}.${nextIp % 250}`
}

/** The worker's app, for a test that gives it bindings of its own. */
const app = createApp()

function get(
  path: string,
  init: RequestInit & { host?: string; cookie?: string; ip?: string; bindings?: Env } = {}
): Promise<Response> {
  const { host = CORNER, cookie, ip = freshIp(), bindings, ...rest } = init
  const headers = new Headers(rest.headers)
  headers.set('cf-connecting-ip', ip)
  headers.set('cookie', withAppVersion(cookie))
  const request = new Request(`http://${host}${path}`, { redirect: 'manual', ...rest, headers })
  if (!bindings) return SELF.fetch(request)
  return Promise.resolve(app.fetch(request, bindings, createExecutionContext()))
}

/** The Set-Cookie header of a cookie, if the response sets it. */
function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`))
}

/** The value a response sets for a cookie ('' when it deletes it). */
function cookieValue(response: Response, name: string): string | undefined {
  const header = setCookie(response, name)
  return header === undefined
    ? undefined
    : decodeURIComponent(header.slice(name.length + 1).split(';')[0] ?? '')
}

function savedLocation(response: Response): GeolocationState | null {
  return decodeLocation(cookieValue(response, 'sf_location'))
}

function locationCookie(state: Partial<GeolocationState> = {}): string {
  return `sf_location=${encodeLocation({
    postcode: 'M1 1AE',
    latitude: 53.48348,
    longitude: -2.23118,
    chosenAddress: null,
    selectedAddress: null,
    ...state,
  })}`
}

async function nearestStoreSlug(host: string, body: Record<string, unknown>): Promise<string> {
  const response = await get('/api/stores/search', {
    host,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://${host}` },
    body: JSON.stringify({ ...body, returnNearestOnly: true }),
  })
  const json: { stores: Array<{ slug: string }> } = await response.json()
  const slug = json.stores[0]?.slug
  if (!slug) throw new Error('no store near the demo location')
  return slug
}

/** Text as React escapes it in HTML. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')
}

async function interestRows(email: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from interest_requests where email = ?')
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? -1
}

describe('store search flow: postcode', () => {
  it('saves the location and shows the results when automatic selection is off', async () => {
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'm11ae' }))
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/stores-near-by/M1%201AE')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(savedLocation(response)).toEqual({
      postcode: 'M1 1AE',
      latitude: 53.48348,
      longitude: -2.23118,
      chosenAddress: null,
      selectedAddress: null,
    })
    const header = setCookie(response, 'sf_location') ?? ''
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).toContain('Max-Age=2592000')
    expect(header).toContain('Path=/')
    // Plain-http local development: a Secure cookie would be dropped by the browser.
    expect(header).not.toContain('Secure')
  })

  it('marks the location cookie Secure on https', async () => {
    const response = await SELF.fetch('https://localhost/stores-near-by?postcode=M1%201AE', {
      redirect: 'manual',
      headers: { 'cf-connecting-ip': freshIp() },
    })
    expect(setCookie(response, 'sf_location')).toContain('Secure')
  })

  it('opens the nearest store when the brand selects it automatically', async () => {
    const expected = await nearestStoreSlug(NORTHSIDE, { postcode: 'M1 1AE' })
    expect(expected).toMatch(/^manchester-/)
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'M1 1AE' }), {
      host: NORTHSIDE,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/stores/${expected}`)
    expect(savedLocation(response)?.postcode).toBe('M1 1AE')
    const store = await get(`/stores/${expected}`, {
      host: NORTHSIDE,
      cookie: `sf_location=${cookieValue(response, 'sf_location')}`,
    })
    expect(store.status).toBe(200)
  })

  it('falls back to the results page when no store is near', async () => {
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'KW1 4YT' }), {
      host: NORTHSIDE,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/stores-near-by/KW1%204YT')
  })

  it('ignores a failed coordinates lookup', async () => {
    // A well-formed postcode in a district the geocoder does not know.
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'ZZ9 9ZZ' }))
    expect(response.headers.get('location')).toBe('/stores-near-by/ZZ9%209ZZ')
    expect(savedLocation(response)).toMatchObject({
      postcode: 'ZZ9 9ZZ',
      latitude: null,
      longitude: null,
    })
    const results = await get('/stores-near-by/ZZ9%209ZZ')
    expect(results.status).toBe(200)
    expect(await results.text()).toContain(escaped(formatMessage('noStoresNear', 'ZZ9 9ZZ')))
  })

  it('sends an invalid or empty postcode back to the search box with the spec message', async () => {
    const invalid = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'ZZ1' }))
    expect(invalid.status).toBe(303)
    expect(invalid.headers.get('location')).toBe('/?postcode=ZZ1#store-search')
    expect(setCookie(invalid, 'sf_location')).toBeUndefined()
    expect(await (await get('/?postcode=ZZ1')).text()).toContain('ZZ1 is not a valid postcode')

    const empty = await get('/stores-near-by?postcode=')
    expect(empty.headers.get('location')).toBe('/?postcode=#store-search')
    expect(await (await get('/?postcode=')).text()).toContain(MESSAGES.postcodeRequired)
  })

  it('sends a bare /stores-near-by to the saved results, or to the search box', async () => {
    const none = await get('/stores-near-by')
    expect(none.status).toBe(302)
    expect(none.headers.get('location')).toBe('/#store-search')
    const saved = await get('/stores-near-by', { cookie: locationCookie() })
    expect(saved.headers.get('location')).toBe('/stores-near-by/M1%201AE')
  })
})

describe('store search flow: address', () => {
  it("uses the suggestion's own place and saves the chosen address", async () => {
    const { placeId, description, postcode, latitude, longitude } = manchesterAddress
    const response = await get(
      storeSearchFlowPath({ kind: 'address', placeId, description, postcode, latitude, longitude }),
      { host: GREENWAY }
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(routePath('stores-near-by', { postcode }))
    expect(savedLocation(response)).toMatchObject({
      postcode,
      chosenAddress: { description, placeId },
      selectedAddress: null,
    })
  })

  it('looks the place up when the suggestion lacks coordinates', async () => {
    const { placeId, description, postcode } = manchesterAddress
    const response = await get(storeSearchFlowPath({ kind: 'address', placeId, description }), {
      host: GREENWAY,
    })
    expect(response.headers.get('location')).toBe(routePath('stores-near-by', { postcode }))
    const saved = savedLocation(response)
    expect(saved).toMatchObject({
      postcode,
      latitude: manchesterAddress.latitude,
      longitude: manchesterAddress.longitude,
      chosenAddress: { description, placeId },
      selectedAddress: { postcode, town: 'Manchester' },
    })
  })

  it("answers 'Unable to get address info' when the place lookup fails", async () => {
    const response = await get(
      storeSearchFlowPath({ kind: 'address', placeId: 'no-such-place', description: 'Nowhere' }),
      { host: GREENWAY }
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/?searchError=addressInfoFailed#store-search')
    expect(setCookie(response, 'sf_location')).toBeUndefined()
    const home = await get('/?searchError=addressInfoFailed', { host: GREENWAY })
    expect(await home.text()).toContain(MESSAGES.addressInfoFailed)
  })

  it("answers 'Not a valid address' when no suggestion was chosen", async () => {
    const response = await get('/stores-near-by?description=12%20Oxford%20Road', {
      host: GREENWAY,
    })
    expect(response.headers.get('location')).toBe('/?searchError=addressInvalid#store-search')
    const home = await get('/?searchError=addressInvalid', { host: GREENWAY })
    const html = await home.text()
    expect(html).toContain(MESSAGES.addressInvalid)
    expect(html).toContain('data-island="AddressSearch"')
  })
})

describe('store search flow: device location', () => {
  const manchester = () => ({
    kind: 'device' as const,
    latitude: manchesterAddress.latitude,
    longitude: manchesterAddress.longitude,
    variant: 'postcode' as const,
  })

  it('saves the nearest address and shows its results', async () => {
    const response = await get(storeSearchFlowPath(manchester()))
    expect(response.status).toBe(303)
    const saved = savedLocation(response)
    expect(saved?.postcode).toMatch(/^M\d+ /)
    expect(saved?.chosenAddress?.placeId).toBeTruthy()
    expect(saved?.selectedAddress?.town).toBe('Manchester')
    expect(response.headers.get('location')).toBe(
      routePath('stores-near-by', { postcode: saved?.postcode ?? '' })
    )
  })

  it('opens the nearest store when the brand selects it automatically', async () => {
    const response = await get(storeSearchFlowPath(manchester()), { host: NORTHSIDE })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(/^\/stores\/manchester-/)
  })

  it('goes back with the toast when nothing matches the detected location', async () => {
    // Wick: far from every demo address.
    const response = await get(
      storeSearchFlowPath({
        kind: 'device',
        latitude: 58.4429,
        longitude: -3.0926,
        variant: 'postcode',
      }),
      { headers: { referer: 'http://localhost/faqs' } }
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/faqs')
    expect(setCookie(response, 'sf_location')).toBeUndefined()
    expect(cookieValue(response, 'sf_flash')).toBe('deviceLocationNoMatch')
    const page = await get('/faqs', { cookie: 'sf_flash=deviceLocationNoMatch' })
    expect(await page.text()).toContain(
      'Sorry, no matching locations for your detected location. Please try entering your address.'
    )
  })

  it('treats impossible coordinates the same way', async () => {
    const response = await get('/stores-near-by?lat=123&lng=0&source=device&variant=postcode')
    expect(response.headers.get('location')).toBe('/')
    expect(cookieValue(response, 'sf_flash')).toBe('deviceLocationNoMatch')
  })
})

describe('store search flow: too many requests', () => {
  it('answers 429 with Retry-After, the message and the search box', async () => {
    const ip = '203.0.113.77'
    // A limiter whose window never turns over (the local binding's follows the wall clock's
    // minute), so the allowance runs out at the same search at any hour.
    const bindings: Env = {
      ...env,
      STORE_SEARCH_LIMITER: countingLimiter(WRANGLER_LIMITS.STORE_SEARCH_LIMITER),
    }
    // Use up this shopper's store-search allowance (varied inputs: no cached answer).
    const statuses: Array<number> = []
    for (let i = 0; i <= WRANGLER_LIMITS.STORE_SEARCH_LIMITER; i++) {
      const search = await get('/api/stores/nearby', {
        host: NORTHSIDE,
        ip,
        bindings,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${NORTHSIDE}` },
        body: JSON.stringify({ lat: 53.48 + i / 10_000, lng: -2.24 }),
      })
      await search.arrayBuffer()
      statuses.push(search.status)
    }
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true)
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'M1 1AE' }), {
      host: NORTHSIDE,
      ip,
      bindings,
    })
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain(MESSAGES.tooManyRequests)
    // The search box is there to try again once the minute has passed.
    expect(html).toContain('name="postcode"')
  })
})

describe('results page', () => {
  it('lists the stores near a postcode, nearest first, publicly cacheable', async () => {
    const response = await get('/stores-near-by/M1%201AE')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const html = await response.text()
    expect(html).toContain('<title>Stores near M1 1AE | Corner Fresh</title>')
    const names = ['Manchester Piccadilly', 'Manchester Deansgate', 'Manchester Spinningfields']
    for (const name of names) expect(html).toContain(name)
    const nearest = await nearestStoreSlug(CORNER, { postcode: 'M1 1AE' })
    expect(html).toContain(`href="/stores/${nearest}"`)
    expect(html).not.toContain(escaped(formatMessage('noStoresNear', 'M1 1AE')))
  })

  it('moves a postcode that is not normalised to its normalised path', async () => {
    const response = await get('/stores-near-by/m11ae?interest=registered')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/stores-near-by/M1%201AE?interest=registered')
  })

  it('sends an invalid postcode back to the search box', async () => {
    const response = await get('/stores-near-by/ZZ1')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/?postcode=ZZ1#store-search')
  })

  it('offers the interest form where there are no stores', async () => {
    const response = await get('/stores-near-by/KW1%204YT')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(escaped(formatMessage('noStoresNear', 'KW1 4YT')))
    expect(html).toContain('action="/stores-near-by/KW1%204YT/interest"')
    expect(html).toContain('data-island="InterestForm"')
  })
})

describe('interest form without JavaScript', () => {
  const post = (postcode: string, body: string, origin = 'http://localhost') =>
    get(`/stores-near-by/${encodeURIComponent(postcode)}/interest`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })

  it('registers interest and says so on the results page', async () => {
    const response = await post('KW1 4YT', 'email=Wick.Shopper%40example.com')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/stores-near-by/KW1%204YT?interest=registered')
    expect(await interestRows('wick.shopper@example.com')).toBe(1)
    const page = await get('/stores-near-by/KW1%204YT?interest=registered')
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    expect(await page.text()).toContain(escaped(formatMessage('interestRegistered', 'KW1 4YT')))
  })

  it('writes nothing for a bad email and shows it back with the message', async () => {
    const response = await post('KW1 4YT', 'email=not-an-email')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      '/stores-near-by/KW1%204YT?interest=invalid&email=not-an-email'
    )
    expect(await interestRows('not-an-email')).toBe(0)
    const page = await (
      await get('/stores-near-by/KW1%204YT?interest=invalid&email=not-an-email')
    ).text()
    expect(page).toContain(MESSAGES.emailInvalid)
    expect(page).toContain('value="not-an-email"')
  })

  it('refuses a cross-site post', async () => {
    const response = await post('KW1 4YT', 'email=evil%40example.com', 'https://evil.example')
    expect(response.status).toBe(403)
    expect(await interestRows('evil@example.com')).toBe(0)
  })
})

describe('last ordered store', () => {
  const lastOrder = (restore: boolean) =>
    `sf_last_order=${encodeURIComponent(
      JSON.stringify({
        restoreLastOrderedStore: restore,
        hasLastOrder: true,
        lastOrderStoreSlug: 'york',
      })
    )}`

  it("sends home to the last ordered store's page", async () => {
    const response = await get('/', { cookie: lastOrder(true) })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/stores/york')
    // Told why (every guard's redirect says why), on the store page it lands on.
    const store = await get('/stores/york', {
      cookie: `sf_flash=${cookieValue(response, 'sf_flash')}`,
    })
    expect(await store.text()).toContain(escaped(MESSAGES.lastStoreRestored))
  })

  // Issue 35 item 14: only arriving restores the store; going home from the shop never does.
  it('stays home for a link of ours, a search coming back and a store search', async () => {
    const cookie = lastOrder(true)
    const fromOurPage = await get('/', {
      cookie,
      headers: { referer: `http://${CORNER}/stores/york` },
    })
    expect(fromOurPage.status).toBe(200)
    const navigated = await get('/', { cookie, headers: { 'sec-fetch-site': 'same-origin' } })
    expect(navigated.status).toBe(200)
    // A search that failed on the server comes back home with what was typed.
    expect((await get('/?postcode=ZZ1', { cookie })).status).toBe(200)
    expect((await get('/?searchError=postcodeInvalid', { cookie })).status).toBe(200)
    // Arriving from another site, with a campaign's tags, still restores it.
    const fromOutside = await get('/?utm_source=mail', {
      cookie,
      headers: { referer: 'https://mail.example/inbox', 'sec-fetch-site': 'cross-site' },
    })
    expect(fromOutside.status).toBe(302)
    expect(fromOutside.headers.get('location')).toBe('/stores/york')
  })

  it('stays home once the shopper chose to change store', async () => {
    expect((await get('/', { cookie: lastOrder(false) })).status).toBe(200)
    expect((await get('/', { cookie: 'sf_last_order=garbage' })).status).toBe(200)
  })

  it('stops restoring the store after "Change store"', async () => {
    const response = await get('/?changeStore=1', { cookie: lastOrder(true) })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(JSON.parse(cookieValue(response, 'sf_last_order') ?? '{}')).toEqual({
      restoreLastOrderedStore: false,
      hasLastOrder: true,
      lastOrderStoreSlug: 'york',
    })
  })
})

describe('deep link', () => {
  it('without a location: saves the link as pending and asks for a postcode search', async () => {
    const response = await get('/faqs?dl_action=category&dl_store=12&dl_category=5&utm_source=mail')
    expect(response.status).toBe(302)
    // ADR 025: STORE_SEARCH_REQUIRED, shown at the home page's search box.
    expect(response.headers.get('location')).toBe('/?searchError=storeSearchRequired#store-search')
    const home = await get('/?searchError=storeSearchRequired')
    expect(await home.text()).toContain(escaped(MESSAGES.storeSearchRequired))
    expect(JSON.parse(cookieValue(response, 'sf_deeplink') ?? '{}')).toEqual({
      action: 'category',
      storeId: 12,
      categoryId: 5,
    })
    expect(setCookie(response, 'sf_deeplink')).toContain('Max-Age=3600')
  })

  it('drops a malformed link without saving it', async () => {
    const response = await get('/?dl_action=basket&dl_store=1')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
    expect(setCookie(response, 'sf_deeplink')).toBeUndefined()
  })

  it('resumes the pending action on a postcode search, then forgets it', async () => {
    const pending = `sf_deeplink=${encodeURIComponent(
      JSON.stringify({ action: 'category', storeId: 12, categoryId: 5 })
    )}`
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'M1 1AE' }), {
      cookie: pending,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/stores/york?category=5')
    expect(cookieValue(response, 'sf_deeplink')).toBe('')
    expect(savedLocation(response)?.postcode).toBe('M1 1AE')
  })

  it('navigates by default when the pending store does not exist', async () => {
    const pending = `sf_deeplink=${encodeURIComponent(JSON.stringify({ action: 'store', storeId: 9999 }))}`
    const response = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'M1 1AE' }), {
      cookie: pending,
    })
    expect(response.headers.get('location')).toBe('/stores-near-by/M1%201AE')
    expect(cookieValue(response, 'sf_deeplink')).toBe('')
  })
})

describe('pages that need a location', () => {
  it('let a shopper with a saved location through to the time-slot page', async () => {
    const response = await get('/stores/manchester-piccadilly/time-slots', {
      cookie: locationCookie(),
    })
    // Past the guard: the slot page, or its calendar when only future slots exist right now.
    if (response.status === 302) {
      expect(response.headers.get('location')).toMatch(
        /^\/stores\/manchester-piccadilly\/time-slots\/calendar/
      )
    } else {
      expect(response.status).toBe(200)
    }
  })

  it('treat a tampered location cookie like a missing one: the page asks for a postcode', async () => {
    const response = await get('/stores/manchester-piccadilly/time-slots?method=delivery', {
      cookie: 'sf_location=eyJwb3N0Y29kZSI6MX0',
      headers: { referer: 'http://localhost/stores/manchester-piccadilly' },
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Where should we deliver?')
  })
})

describe('store page', () => {
  it('carries GroceryStore structured data and stays public without a location', async () => {
    const response = await get('/stores/york')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const html = await response.text()
    const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1]
    const data: Record<string, unknown> = JSON.parse(json ?? '{}')
    expect(data).toMatchObject({
      '@type': 'GroceryStore',
      name: 'York Deangate',
      url: 'http://localhost/stores/york',
      // No photo of its own: the brand's hero, in the brand's colour.
      image: 'http://localhost/images/brands/corner-fresh-hero.svg',
      address: { '@type': 'PostalAddress', addressLocality: 'York', postalCode: 'YO1 7HH' },
      geo: { '@type': 'GeoCoordinates' },
    })
    // The shop front is drawn in the brand's colours (its CSS variables), not fixed ones.
    const front = /<svg[^>]*data-testid="store-front-illustration"[\s\S]*?<\/svg>/.exec(html)?.[0]
    expect(front).toContain('class="fill-primary"')
    expect(front).not.toMatch(/fill="#/)
    // "Change store" leads to the search without the last-ordered-store redirect.
    expect(html).toContain('href="/?changeStore=1"')
    expect(data.openingHoursSpecification).toEqual(
      expect.arrayContaining([expect.objectContaining({ '@type': 'OpeningHoursSpecification' })])
    )
  })

  it('becomes personal with a saved location', async () => {
    const response = await get('/stores/manchester-piccadilly', { cookie: locationCookie() })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('home page search box', () => {
  it('shows the variant of the brand with its device-location button', async () => {
    const postcode = await (await get('/')).text()
    expect(postcode).toContain('data-island="PostcodeSearch"')
    const address = await (await get('/', { host: GREENWAY })).text()
    expect(address).toContain('data-island="AddressSearch"')
    expect(address).not.toContain('data-island="PostcodeSearch"')
  })

  it("gives the error page and the results page the brand's search box", async () => {
    const notFound = await get('/no-such-page', { host: GREENWAY })
    expect(notFound.status).toBe(404)
    expect(await notFound.text()).toContain('data-island="AddressSearch"')
    const results = await (await get('/stores-near-by/M1%201AE', { host: GREENWAY })).text()
    expect(results).toContain('data-island="AddressSearch"')
    const postcode = await (await get('/stores-near-by/M1%201AE')).text()
    expect(postcode).toContain('"initialValue":"M1 1AE"')
  })

  it('ignores an unknown error key', async () => {
    const html = await (await get('/?searchError=somethingElse')).text()
    expect(html).not.toContain(MESSAGES.addressInvalid)
    expect(html).not.toContain('somethingElse')
  })
})

describe('store search flow: asked for by another page (returnTo)', () => {
  const slotPage = '/stores/manchester-piccadilly/time-slots?method=delivery&change=1'

  it('saves the location and returns to the page that asked, on every brand', async () => {
    for (const host of [CORNER, NORTHSIDE]) {
      const response = await get(
        storeSearchFlowPath({ kind: 'postcode', postcode: 'm11ae' }, slotPage),
        { host }
      )
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(slotPage)
      expect(savedLocation(response)?.postcode).toBe('M1 1AE')
    }
    const address = await get(
      storeSearchFlowPath({ kind: 'address', ...manchesterAddress }, slotPage),
      { host: GREENWAY }
    )
    expect(address.headers.get('location')).toBe(slotPage)
    expect(savedLocation(address)?.postcode).toBe(manchesterAddress.postcode)
  })

  it('sends an invalid postcode back to that page, whose box shows the message', async () => {
    const invalid = await get(storeSearchFlowPath({ kind: 'postcode', postcode: 'ZZ1' }, slotPage))
    expect(invalid.headers.get('location')).toBe(`${slotPage}&postcode=ZZ1#location-prompt`)
    expect(setCookie(invalid, 'sf_location')).toBeUndefined()
  })

  it('ignores a return address that is not a path of this site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const response = await get(
        storeSearchFlowPath({ kind: 'postcode', postcode: 'M1 1AE' }, returnTo)
      )
      expect(response.headers.get('location')).toBe('/stores-near-by/M1%201AE')
    }
  })
})
