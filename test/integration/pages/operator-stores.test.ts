import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { storeTimeFrom } from '../../../client/lib/store-console-format.ts'
import { createApp } from '../../../worker/app.ts'
import { seedCatalogue, OTHER } from '../catalogue/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { jar } from './cookie-jar.ts'
import { operatorPagesClient } from './operator/console-client.ts'
import { ORIGIN, pageText, testEnv } from './storefront.ts'

/*
 * The operator console's store pages (ADR 027) without JavaScript: forms post, a change answers
 * 303 with a flash and purges the shop's cached store answers, a refusal shows the form again.
 */

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.107', app)
let cookies = ''

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const operator = await seedStaff({ operator: true })
  cookies = await signIn(operator.email)
  // Seeding and the sign-in's password hashing take a while on a busy machine.
}, 60_000)

const NEW_STORE = {
  name: 'Salford Quays',
  slug: 'salford-quays',
  description: '',
  phone: '0161 496 0000',
  email: '',
  addressLine1: '1 The Quays',
  addressLine2: '',
  town: 'Salford',
  county: '',
  postcode: 'M50 3AZ',
  latitude: '',
  longitude: '',
  timeZone: 'Europe/London',
  isActive: 'on',
}

let storeId = 0

const storeRow = () =>
  env.DB.prepare(
    `select delivery_fee, service_fee, free_delivery_threshold, is_temporarily_closed, latitude
       from stores where id = ?1`
  )
    .bind(storeId)
    .first<Record<string, number | null>>()

async function searchFromShop() {
  const ctx = createExecutionContext()
  const res = await app.request(
    `${ORIGIN}/api/stores/search`,
    jsonPost({ postcode: 'M50 3AZ' }, { ip: `198.51.108.${Math.floor(Math.random() * 250)}` }),
    testEnv,
    ctx
  )
  await waitOnExecutionContext(ctx)
  return res
}

describe('the stores list and a new store', () => {
  it('lists the business’s stores with their state, and links to adding one', async () => {
    const res = await get('/store/operator/stores', cookies)
    expect(res.status).toBe(200)
    const text = pageText(await res.text())
    expect(text).toContain('Add a store')
    expect(text).toMatch(/Open now|Closed/)
    expect(text).not.toContain('Other Piccadilly')
  })

  it('shows a store its manager paused with the end time and the reason (issue 44)', async () => {
    const store = await env.DB.prepare(
      "select id, name from stores where business_id = 1 and time_zone = 'Europe/London' limit 1"
    ).first<{ id: number; name: string }>()
    // Two and a half hours ahead, on the minute: the list shows the time in the store's zone.
    const until = new Date(Math.ceil((Date.now() + 150 * 60_000) / 60_000) * 60_000).toISOString()
    await env.DB.prepare(
      "update stores set paused_until = ?2, pause_reason = 'A coach party' where id = ?1"
    )
      .bind(store?.id, until)
      .run()
    try {
      const text = pageText(await (await get('/store/operator/stores', cookies)).text())
      const shown = storeTimeFrom(until, 'Europe/London', new Date().toISOString())
      expect(text).toContain(`${store?.name}`)
      expect(text).toContain(`Paused until ${shown} — A coach party`)
    } finally {
      await env.DB.prepare('update stores set paused_until = null, pause_reason = null').run()
    }
  })

  it('finds the coordinates of the postcode for the operator to check, saving nothing', async () => {
    const res = await postForm(
      '/store/operator/stores/new',
      { ...NEW_STORE, intent: 'locate' },
      cookies
    )
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toMatch(/name="latitude"[^>]*value="53\.\d+"/)
    expect(pageText(html)).toContain('check the point and move it to the store')
  })

  it('shows the form again with each error and the values kept', async () => {
    const res = await postForm(
      '/store/operator/stores/new',
      { ...NEW_STORE, phone: '123', slug: 'Bad Slug', intent: 'save' },
      cookies
    )
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(html).toContain('aria-describedby="store-phone-error"')
    expect(pageText(html)).toContain(MESSAGES.phoneInvalid)
    expect(html).toContain('value="Salford Quays"')
  })

  it('adds the store and goes on to its opening hours, saying so', async () => {
    const res = await postForm(
      '/store/operator/stores/new',
      { ...NEW_STORE, intent: 'save' },
      cookies
    )
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/^\/store\/operator\/stores\/\d+\/hours\/store$/)
    storeId = Number(location.split('/')[4])
    const page = await get(location, jar(res, cookies))
    expect(pageText(await page.text())).toContain(MESSAGES.storeCreated)
    expect((await storeRow())?.latitude).toBeGreaterThan(53)
  })
})

describe('a store’s hours, fees, zones and closures', () => {
  it('copies Monday to every day without saving, then saves the week', async () => {
    const grid = {
      d0r0open: '08:00',
      d0r0close: '12:00',
      d0r1open: '13:00',
      d0r1close: '22:00',
    }
    const copied = await postForm(
      `/store/operator/stores/${storeId}/hours/store`,
      { ...grid, intent: 'copy-monday' },
      cookies
    )
    expect(copied.status).toBe(200)
    const html = await copied.text()
    expect(html).toMatch(/name="d6r1close"[^>]*value="22:00"/)
    const overlap = await postForm(
      `/store/operator/stores/${storeId}/hours/store`,
      { ...grid, d0r1open: '11:00', intent: 'save' },
      cookies
    )
    expect(overlap.status).toBe(422)
    expect(pageText(await overlap.text())).toContain(MESSAGES.storeHoursOverlap)
    const week: Record<string, string> = { intent: 'save' }
    for (let day = 0; day < 7; day++) {
      week[`d${day}r0open`] = '00:00'
      week[`d${day}r0close`] = '23:59'
    }
    const saved = await postForm(`/store/operator/stores/${storeId}/hours/store`, week, cookies)
    expect(saved.status).toBe(303)
  })

  it('takes fees in pounds and stores pence', async () => {
    const form = {
      deliveryEnabled: 'on',
      collectionEnabled: 'on',
      deliveryRadiusKm: '5',
      deliveryFee: '2.50',
      collectionFee: '0',
      serviceFee: '£0.75',
      freeDeliveryThreshold: '40',
      minimumSpend: '10',
      collectionMinimumSpend: '0',
      asapEnabled: 'on',
      deliveryLeadMinutes: '45',
      collectionLeadMinutes: '20',
      slotDurationMinutes: '60',
      slotCapacity: '10',
      daysInAdvance: '7',
      maxBasketItems: '',
      acceptsCard: 'on',
    }
    const bad = await postForm(
      `/store/operator/stores/${storeId}/fulfilment`,
      { ...form, deliveryFee: 'two pounds', slotDurationMinutes: '5' },
      cookies
    )
    expect(bad.status).toBe(422)
    const text = pageText(await bad.text())
    expect(text).toContain(MESSAGES.amountInvalid)
    expect(text).toContain('Enter a slot length from 15 to 240 minutes.')
    const res = await postForm(`/store/operator/stores/${storeId}/fulfilment`, form, cookies)
    expect(res.status).toBe(303)
    expect(await storeRow()).toMatchObject({
      delivery_fee: 250,
      service_fee: 75,
      free_delivery_threshold: 4000,
    })
  })

  it('adds a delivery zone and a closure, and refuses a past date', async () => {
    const zone = await postForm(
      `/store/operator/stores/${storeId}/zones`,
      { kind: 'outcode', outcode: 'm50', deliveryFee: '1.99', minimumSpend: '', isActive: 'on' },
      cookies
    )
    expect(zone.status).toBe(303)
    const zonesPage = pageText(
      await (await get(`/store/operator/stores/${storeId}/zones`, cookies)).text()
    )
    expect(zonesPage).toContain('District M50')
    const past = await postForm(
      `/store/operator/stores/${storeId}/closures`,
      { closedOn: '2020-01-01', reason: 'Too late' },
      cookies
    )
    expect(past.status).toBe(422)
    expect(pageText(await past.text())).toContain(MESSAGES.storeClosurePast)
  })

  it("answers 404 for another business's store", async () => {
    const res = await get(`/store/operator/stores/${OTHER.storeId}`, cookies)
    expect(res.status).toBe(404)
  })
})

describe('purging the shop’s cached store answers', () => {
  it('drops a cached store search after the switch, so shoppers see the store closed', async () => {
    const first = await searchFromShop()
    expect(first.status).toBe(200)
    await first.text()
    const cached = await searchFromShop()
    expect(cached.headers.get('x-cache')).toBe('HIT')
    const ours = (body: string) =>
      (
        JSON.parse(body) as { stores: Array<{ id: number; availability: { state: string } }> }
      ).stores.find((store) => store.id === storeId)
    expect(ours(await cached.text())?.availability.state).toBe('open')

    const switched = await postForm(
      `/store/operator/stores/${storeId}/switch`,
      { temporarilyClosed: 'on' },
      cookies
    )
    expect(switched.status).toBe(303)
    expect((await storeRow())?.is_temporarily_closed).toBe(1)
    const after = await searchFromShop()
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(ours(await after.text())?.availability.state).toBe('closed')
  })
})
