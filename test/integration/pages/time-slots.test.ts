import { env, SELF } from 'cloudflare:test'
import { withAppVersion } from '../../support/app-version.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { TimeSlotListSchema } from '../../../schemas/slots.ts'
import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { purgePublicCache } from '../../../worker/lib/cache-purge.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { DATED } from '../../support/test-clock.ts'

const ORIGIN = 'http://localhost'
const LOCATION = `sf_location=${encodeLocation({
  postcode: 'M1 1AE',
  latitude: 53.4794,
  longitude: -2.2453,
  chosenAddress: null,
  selectedAddress: null,
})}`

/** Test stores next to the demo ones, with slot settings the tests rely on whatever the time. */
const STORES = {
  // No ASAP, orders 3 days ahead: only future slots exist, so the calendar is pushed.
  calendar: { id: 9101, slug: 'slot-test-calendar', asap: 0, days: 3, hours: ['08:00', '20:00'] },
  // No ASAP, today only: the slot page itself, never the calendar.
  todayOnly: { id: 9102, slug: 'slot-test-today', asap: 0, days: 0, hours: ['08:00', '20:00'] },
  // ASAP allowed, open round the clock (a window past midnight), 2 days ahead.
  asap: { id: 9103, slug: 'slot-test-asap', asap: 1, days: 2, hours: ['00:00', '00:00'] },
} as const

beforeAll(async () => {
  await seedDemo(env.DB)
  const business = await env.DB.prepare(
    `select b.business_id as id from brand_hosts h join brands b on b.id = h.brand_id
     where h.host = 'localhost'`
  ).first<{ id: number }>()
  if (!business) throw new Error('no brand on localhost in the demo data')
  const statements = Object.values(STORES).flatMap((store) => [
    env.DB.prepare(
      `insert into stores (id, business_id, slug, name, address_line1, town, postcode, latitude,
         longitude, delivery_radius_km, days_in_advance, asap_enabled)
       values (?1, ?2, ?3, ?4, '1 Test Street', 'Manchester', 'M1 1AE', 53.4794, -2.2453, 20, ?5, ?6)`
    ).bind(store.id, business.id, store.slug, `Test ${store.slug}`, store.days, store.asap),
    ...(['delivery', 'collection', 'store'] as const).flatMap((method) =>
      [0, 1, 2, 3, 4, 5, 6].map((day) =>
        env.DB.prepare(
          `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at,
             closes_at) values (?1, ?2, ?3, ?4, ?5)`
        ).bind(store.id, method, day, store.hours[0], store.hours[1])
      )
    ),
  ])
  await env.DB.batch(statements)
})

function slotPath(slug: string, suffix = '') {
  return `/stores/${slug}/time-slots${suffix}`
}

function get(path: string, headers: Record<string, string> = {}) {
  const cookie = withAppVersion(headers.cookie)
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual', headers: { ...headers, cookie } })
}

function setCookies(response: Response): Array<string> {
  return response.headers.getSetCookie()
}

function cookieHeader(response: Response, name: string): string | undefined {
  return setCookies(response).find((cookie) => cookie.startsWith(`${name}=`))
}

function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
}

const WICK = `sf_location=${encodeLocation({
  postcode: 'KW1 4YT',
  latitude: 58.4388,
  longitude: -3.0935,
  chosenAddress: null,
  selectedAddress: null,
})}`

describe('where a delivery goes', DATED, () => {
  it('asks a shopper without a location for a delivery postcode, on both pages', async () => {
    for (const path of [
      `${slotPath(STORES.todayOnly.slug)}?change=1`,
      `${slotPath(STORES.calendar.slug, '/calendar')}?method=delivery`,
    ]) {
      const response = await get(path, { referer: `${ORIGIN}/basket` })
      expect(response.status, path).toBe(200)
      const html = await response.text()
      const page = text(html)
      expect(page).toContain('Where should we deliver?')
      expect(page).toContain('Enter your delivery postcode')
      // The brand's own search box, returning here (change mode kept) once the postcode is saved.
      expect(html).toContain('data-island="PostcodeSearch"')
      expect(html).toMatch(/name="returnTo" value="\/stores\/[a-z-]+\/time-slots\?method=delivery/)
      expect(page).toContain('collect from the store')
      expect(html).not.toContain('data-island="SlotPicker"')
    }
    const changeMode = await get(`${slotPath(STORES.todayOnly.slug)}?change=1`, {
      referer: `${ORIGIN}/basket`,
    })
    expect(await changeMode.text()).toContain(
      `value="/stores/${STORES.todayOnly.slug}/time-slots?method=delivery&amp;change=1"`
    )
  })

  it('lists collection slots without any location', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?method=collection`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('data-island="SlotPicker"')
    expect(text(html)).not.toContain('Where should we deliver?')
  })

  it('shows the delivery slots with the postcode they are for, and a way to change it', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?method=delivery`, {
      cookie: LOCATION,
    })
    const html = await response.text()
    expect(html).toContain('data-island="SlotPicker"')
    expect(text(html)).toContain('Delivering to M1 1AE')
    expect(html).toContain('method=delivery&amp;location=change')
    const again = await get(`${slotPath(STORES.todayOnly.slug)}?method=delivery&location=change`, {
      cookie: LOCATION,
    })
    expect(text(await again.text())).toContain('Where should we deliver?')
  })

  it('says the store does not deliver to a postcode outside its area, and offers the ways on', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?method=delivery`, {
      cookie: WICK,
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    const page = text(html)
    expect(page).toContain(
      `Test ${STORES.todayOnly.slug} doesn't deliver to KW1 4YT. You can collect your order from the store instead, or choose another store.`
    )
    expect(html).toContain(`href="/stores/${STORES.todayOnly.slug}/time-slots?method=collection"`)
    expect(html).toContain('href="/stores-near-by/KW1%204YT"')
    expect(html).not.toContain('data-island="SlotPicker"')
  })

  it('shows a search box error the store search flow sent back, in the prompt', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?method=delivery&postcode=ZZ1`, {
      cookie: LOCATION,
    })
    expect(text(await response.text())).toContain('ZZ1 is not a valid postcode')
  })
})

describe('guards and caching', () => {
  it('renders both pages private and no-store, out of search results', async () => {
    for (const path of [
      slotPath(STORES.todayOnly.slug),
      slotPath(STORES.calendar.slug, '/calendar'),
    ]) {
      const response = await get(path, { cookie: LOCATION })
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const html = await response.text()
      expect(html).toContain('name="robots" content="noindex')
    }
  })

  it('answers 404 for a store that does not exist', async () => {
    const response = await get(slotPath('no-such-store'), { cookie: LOCATION })
    expect(response.status).toBe(404)
  })
})

describe('the calendar rule (spec §2)', DATED, () => {
  it('pushes the calendar when only future slots exist and the store takes orders ahead', async () => {
    const response = await get(`${slotPath(STORES.calendar.slug)}?method=collection`, {
      cookie: LOCATION,
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `${slotPath(STORES.calendar.slug, '/calendar')}?method=collection`
    )
  })

  it('keeps a today-only store on the slot page, which says when today has no slots', async () => {
    const response = await get(slotPath(STORES.todayOnly.slug), { cookie: LOCATION })
    expect(response.status).toBe(200)
    const page = text(await response.text())
    expect(page).toContain('Choose a delivery time')
    const list = await listFor(STORES.todayOnly.id, 'delivery')
    const today = list.days[0]
    const free = today?.slots.filter((slot) => slot.available) ?? []
    if (free.length === 0) expect(page).toContain(MESSAGES.slotsNoneToday)
    else expect(page).toContain(`${free[0]?.timeSlotTime}–${free[0]?.endTime}`)
  })

  it('shows ASAP with its estimate while the store can fulfil it, else the calendar', async () => {
    const list = await listFor(STORES.asap.id, 'delivery')
    const response = await get(slotPath(STORES.asap.slug), { cookie: LOCATION })
    if (list.asap.available) {
      expect(response.status).toBe(200)
      const page = text(await response.text())
      expect(page).toContain('As soon as possible')
      expect(page).toMatch(/Delivered at about \d{2}:\d{2}\b/)
      expect(page).toContain('Order up to 2 days in advance')
    } else {
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toContain('/calendar')
    }
  })

  it('lists the calendar days as month grids and the chosen day with its slots', async () => {
    const list = await listFor(STORES.calendar.id, 'delivery')
    const open = list.days.filter((day) => day.slots.some((slot) => slot.available))
    const chosen = open[open.length - 1]
    expect(chosen).toBeDefined()
    const response = await get(
      `${slotPath(STORES.calendar.slug, '/calendar')}?method=delivery&date=${chosen?.date}`,
      { cookie: LOCATION }
    )
    expect(response.status).toBe(200)
    const html = await response.text()
    const [year, month, day] = (chosen?.date ?? '').split('-')
    const monthName = new Date(`${chosen?.date}T12:00:00Z`).toLocaleString('en-GB', {
      month: 'short',
      timeZone: 'UTC',
    })
    // The DD MMM YYYY heading of the chosen day, and its day link marked current.
    expect(text(html)).toContain(`${day} ${monthName} ${year}`)
    expect(html).toMatch(
      new RegExp(
        `aria-current="date"[^>]*>${Number(day)}<|href="[^"]*date=${year}-${month}-${day}"[^>]*aria-current="date"`
      )
    )
    expect(text(html)).toContain(`${chosen?.slots[0]?.timeSlotTime}–${chosen?.slots[0]?.endTime}`)
  })

  it("shows each open slot's delivery price as the basket would charge it; collection is Free", async () => {
    const fees = { fee: 350, threshold: 4000 }
    await env.DB.prepare(
      'update stores set delivery_fee = ?2, free_delivery_threshold = ?3 where id = ?1'
    )
      .bind(STORES.calendar.id, fees.fee, fees.threshold)
      .run()
    // As an operator's change does: the page reads the store's shared details from KV.
    await purgePublicCache(env.CACHE, 1, ['stores'])
    const list = await listFor(STORES.calendar.id, 'delivery')
    const open = list.days.find((day) => day.slots.some((slot) => slot.available))
    const opened = open?.slots.filter((slot) => slot.available).length ?? 0
    const prices = async (method: string) => {
      const response = await get(
        `${slotPath(STORES.calendar.slug, '/calendar')}?method=${method}&date=${open?.date}`,
        { cookie: LOCATION }
      )
      expect(response.status).toBe(200)
      const html = await response.text()
      return {
        html,
        found: [...html.matchAll(/data-slot-price=""[^>]*>([^<]+)</g)].map((m) => m[1]),
      }
    }
    const delivery = await prices('delivery')
    expect(delivery.found).toEqual(Array.from({ length: opened }, () => '£3.50'))
    expect(text(delivery.html)).toContain('Free delivery on orders of £40.00 or more.')
    const collection = await prices('collection')
    expect(collection.found.length).toBeGreaterThan(0)
    expect(new Set(collection.found)).toEqual(new Set([MESSAGES.slotPriceFree]))
  })

  it('shows the expiry message when a guard sends the shopper back with ?expired', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?expired=1`, { cookie: LOCATION })
    expect(text(await response.text())).toContain(MESSAGES.slotExpired)
  })
})

describe('change mode (spec §4)', () => {
  it('remembers the basket it came from and offers the way back', async () => {
    const response = await get(slotPath(STORES.todayOnly.slug), {
      cookie: LOCATION,
      referer: `${ORIGIN}/basket`,
    })
    expect(response.status).toBe(200)
    const cookie = cookieHeader(response, 'sf_slot_referrer') ?? ''
    expect(cookie).toContain('sf_slot_referrer=%2Fbasket')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('Max-Age=1800')
    const html = await response.text()
    expect(text(html)).toContain('Back to basket')
    expect(html).toContain('"returnTo":"/basket"')
  })

  it('keeps the checkout step while moving between slot pages, and drops it elsewhere', async () => {
    const fromCheckout = await get(slotPath(STORES.calendar.slug, '/calendar'), {
      cookie: LOCATION,
      referer: `${ORIGIN}/checkout/payment`,
    })
    expect(cookieHeader(fromCheckout, 'sf_slot_referrer')).toContain('%2Fcheckout%2Fpayment')
    const remembered = 'sf_slot_referrer=%2Fcheckout%2Fpayment'
    const inside = await get(`${slotPath(STORES.calendar.slug, '/calendar')}?method=delivery`, {
      cookie: `${LOCATION}; ${remembered}`,
      referer: `${ORIGIN}${slotPath(STORES.calendar.slug, '/calendar')}`,
    })
    expect(text(await inside.text())).toContain('Back to checkout')
    const outside = await get(slotPath(STORES.todayOnly.slug), {
      cookie: `${LOCATION}; ${remembered}`,
      referer: `${ORIGIN}/stores/${STORES.todayOnly.slug}`,
    })
    expect(cookieHeader(outside, 'sf_slot_referrer')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    expect(text(await outside.text())).toContain(`Test ${STORES.todayOnly.slug}`)
  })

  it('turns on with ?change=1 and ignores a referrer from another site', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?change=1`, {
      cookie: `${LOCATION}; sf_slot_referrer=https%3A%2F%2Fevil.example%2Fbasket`,
      referer: 'https://evil.example/basket',
    })
    expect(cookieHeader(response, 'sf_slot_referrer')).toContain('sf_slot_referrer=%2Fbasket')
  })
})

async function listFor(storeId: number, fulfilmentMethod: 'delivery' | 'collection') {
  const response = await SELF.fetch(`${ORIGIN}/api/time-slots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ storeId, fulfilmentMethod }),
  })
  expect(response.status).toBe(200)
  return TimeSlotListSchema.parse(await response.json())
}

describe('the basket the slot pages go on with (ADR 068)', () => {
  it('gives a shopper whose basket cookie names no basket a new one, so a slot can be held', async () => {
    const gone = 'sf_basket=0f5b8f0e-3c5d-4b8e-9a53-2f6f1d0c7a11'
    const response = await get(`${slotPath(STORES.calendar.slug, '/calendar')}?method=collection`, {
      cookie: gone,
    })
    expect(response.status).toBe(200)
    const fresh = cookieHeader(response, 'sf_basket')?.split(';')[0]
    expect(fresh).toMatch(/^sf_basket=.{16,}/)
    expect(fresh).not.toBe(gone)
    expect(cookieHeader(response, 'sf_basket_summary')).toContain('itemCount')
  })
})

describe("the slot picker island's props (ADR 068)", () => {
  const SLOT_KEYS = ['available', 'endTime', 'remaining', 'timeSlotDate', 'timeSlotTime']
  const PICKER_KEYS = [
    'asap',
    'days',
    'displayAsap',
    'hasBasket',
    'initialDay',
    'islandId',
    'method',
    'price',
    'reservation',
    'returnTo',
    'serverTime',
    'storeHref',
    'storeId',
    'storeSlug',
    'timeZone',
    'today',
  ]

  /** The props the page serialised for the island, with each key set it holds. */
  function pickerProps(html: string): Record<string, unknown> {
    const raw =
      /<script type="application\/json" data-island-props="SlotPicker"[^>]*>([^<]*)<\/script>/.exec(
        html
      )?.[1]
    if (!raw) throw new Error('no SlotPicker props in the page')
    return JSON.parse(raw) as Record<string, unknown>
  }

  it('sends only what the picker shows and posts: no slot instants, no price in pence, no store on the hold', async () => {
    // A basket of its own (the page gives one for a cookie naming none), then a hold in it.
    const first = await get(`${slotPath(STORES.calendar.slug, '/calendar')}?method=collection`, {
      cookie: 'sf_basket=5d3c1a2b-7e4f-4a6b-8c9d-0e1f2a3b4c5d',
    })
    await first.text()
    const basket = cookieHeader(first, 'sf_basket')?.split(';')[0] ?? ''
    expect(basket).toMatch(/^sf_basket=.{16,}/)
    const list = await listFor(STORES.calendar.id, 'collection')
    const slot = list.days.flatMap((day) => day.slots).find((candidate) => candidate.available)
    if (!slot) throw new Error('no open slot at the calendar store')
    const reserved = await SELF.fetch(`${ORIGIN}/api/time-slots/reserve`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        cookie: withAppVersion(basket),
      },
      body: JSON.stringify({
        storeId: STORES.calendar.id,
        fulfilmentMethod: 'collection',
        timeSlotDate: slot.timeSlotDate,
        timeSlotTime: slot.timeSlotTime,
      }),
    })
    expect(reserved.status).toBe(200)
    await reserved.text()

    const response = await get(
      `${slotPath(STORES.calendar.slug, '/calendar')}?method=collection&date=${slot.timeSlotDate}`,
      { cookie: basket }
    )
    expect(response.status).toBe(200)
    const props = pickerProps(await response.text())
    expect(Object.keys(props).sort()).toEqual(PICKER_KEYS)
    expect(Object.keys(props.price as object).sort()).toEqual(['label', 'note'])
    const days = props.days as Array<Record<string, unknown>>
    expect(days.length).toBe(1)
    for (const day of days) expect(Object.keys(day).sort()).toEqual(['closed', 'date', 'slots'])
    const slots = days.flatMap((day) => day.slots as Array<Record<string, unknown>>)
    expect(slots.length).toBeGreaterThan(0)
    for (const sent of slots) expect(Object.keys(sent).sort()).toEqual(SLOT_KEYS)
    const hold = props.reservation as Record<string, unknown>
    expect(hold).toMatchObject({ timeSlotTime: slot.timeSlotTime, status: 'held' })
    expect(Object.keys(hold).sort()).toEqual([
      'endTime',
      'expiresAt',
      'fulfilmentMethod',
      'reservationId',
      'startDate',
      'status',
      'timeSlotDate',
      'timeSlotTime',
      'type',
    ])
  })

  it('sends every day of the slot page with the same slot fields', async () => {
    const response = await get(`${slotPath(STORES.todayOnly.slug)}?method=collection`)
    expect(response.status).toBe(200)
    const props = pickerProps(await response.text())
    expect(Object.keys(props).sort()).toEqual(PICKER_KEYS)
    const days = props.days as Array<Record<string, unknown>>
    expect(days.length).toBeGreaterThan(0)
    for (const day of days) {
      expect(Object.keys(day).sort()).toEqual(['closed', 'date', 'slots'])
      for (const sent of day.slots as Array<Record<string, unknown>>) {
        expect(Object.keys(sent).sort()).toEqual(SLOT_KEYS)
      }
    }
  })
})
