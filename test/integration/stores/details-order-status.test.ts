import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { OTHER_GROCER } from '../../support/workers/seed.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { OrderStatusSchema, StoreDetailsSchema } from '../../../schemas/stores.ts'
import { ORDERS, seedStores } from './fixtures.ts'
import { postBackend } from './helpers.ts'

beforeAll(async () => {
  await seedStores(env.DB)
})

afterEach(() => {
  vi.useRealTimers()
})

async function details(body: Record<string, unknown>) {
  const res = await postBackend('/stores/details', { businessId: 1, ...body })
  expect(res.status).toBe(200)
  return StoreDetailsSchema.parse(await res.json())
}

async function failure(path: string, body: Record<string, unknown>) {
  const res = await postBackend(path, body)
  return { status: res.status, error: ApiErrorSchema.parse(await res.json()).error }
}

function at(instant: string): void {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(instant))
}

describe('POST /stores/details', () => {
  it('answers the store with its availability now and no location without a postcode', async () => {
    at('2026-06-03T11:00:00Z') // Wednesday 12:00 BST
    const store = await details({ seoUrl: 'manchester-piccadilly' })
    expect(store).toMatchObject({
      id: 1,
      slug: 'manchester-piccadilly',
      timeZone: 'Europe/London',
      daysInAdvance: 7,
      delivery: { enabled: true, radiusKm: 3, fee: 199, minimumSpend: 1000 },
      availability: {
        state: 'open',
        delivery: 'open',
        collection: 'open',
        closesAt: '2026-06-03T21:00:00+01:00',
        opensAt: null,
      },
      atLocation: null,
    })
    expect(store.openingHours.delivery).toHaveLength(7)
  })

  it('says whether and at what cost it delivers to a postcode', async () => {
    const store = await details({ storeId: '1', postcode: 'm15 5ab' })
    expect(store.atLocation).toMatchObject({
      postcode: 'M15 5AB',
      deliveryAvailable: true,
      deliveryFee: 199,
      minimumSpend: 1000,
    })
    expect(store.atLocation?.distanceKm).toBeCloseTo(1.23, 1)
    const york = await details({ seoUrl: 'york', postcode: 'YO1 7HH' })
    expect(york.atLocation).toMatchObject({ postcode: 'YO1 7HH', deliveryAvailable: false })
  })

  it('answers no location for a valid postcode nobody can place', async () => {
    expect((await details({ seoUrl: 'leeds', postcode: 'ZE9 9ZZ' })).atLocation).toBeNull()
  })

  it('rejects an invalid postcode with the spec message', async () => {
    expect(
      await failure('/stores/details', { businessId: 1, seoUrl: 'leeds', postcode: 'LEEDS' })
    ).toMatchObject({
      status: 422,
      error: {
        message: 'LEEDS is not a valid postcode',
        fields: [{ field: 'postcode', message: 'LEEDS is not a valid postcode' }],
      },
    })
  })

  it('is closed on Christmas Day and takes orders for Boxing Day', async () => {
    at('2026-12-25T12:00:00Z')
    expect((await details({ seoUrl: 'manchester-piccadilly' })).availability).toEqual({
      state: 'preorder',
      delivery: 'preorder',
      collection: 'preorder',
      closesAt: null,
      opensAt: '2026-12-26T08:00:00+00:00',
    })
  })

  it('is closed when staff closed the store', async () => {
    at('2026-06-03T11:00:00Z')
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = 5').run()
    try {
      const leeds = await details({ seoUrl: 'leeds' })
      expect(leeds.temporarilyClosed).toBe(true)
      expect(leeds.availability.state).toBe('closed')
    } finally {
      await env.DB.prepare('update stores set is_temporarily_closed = 0 where id = 5').run()
    }
  })

  it("answers Store not found for another business's store", async () => {
    expect(
      await failure('/stores/details', { businessId: 1, seoUrl: OTHER_GROCER.storeSlug })
    ).toMatchObject({ status: 404, error: { code: 'not_found', message: 'Store not found' } })
    const own = await details({
      businessId: OTHER_GROCER.businessId,
      seoUrl: OTHER_GROCER.storeSlug,
    })
    expect(own.id).toBe(OTHER_GROCER.storeId)
  })
})

describe('POST /stores/order-status', () => {
  async function status(businessOrderId: string, businessId = 1) {
    const res = await postBackend('/stores/order-status', { businessId, businessOrderId })
    expect(res.status).toBe(200)
    const text = await res.text()
    return { order: OrderStatusSchema.parse(JSON.parse(text)), text }
  }

  it('answers the spec label and code, trackable while a driver can be followed', async () => {
    const { order, text } = await status(ORDERS.picking)
    expect(order).toEqual({
      businessOrderId: ORDERS.picking,
      status: 'store_accepted_picking',
      statusCode: 40,
      label: 'Store Accepted / Picking',
      terminal: false,
      trackable: true,
      fulfilmentMethod: 'delivery',
      store: { id: 1, slug: 'manchester-piccadilly', name: 'Manchester Piccadilly' },
      updatedAt: '2026-06-03T11:00:00.000Z',
    })
    // Nothing personal: the order number alone must not reveal the shopper.
    for (const personal of ['Ada', 'Lovelace', 'ada@example.com', '07700', 'Secret', '2699']) {
      expect(text).not.toContain(personal)
    }
  })

  it('does not offer driver tracking for a collection', async () => {
    const { order } = await status(ORDERS.collection)
    expect(order).toMatchObject({ label: 'Picked', statusCode: 60, trackable: false })
  })

  it('labels a draft order without a status code', async () => {
    const { order } = await status(ORDERS.draft)
    expect(order).toMatchObject({
      status: 'draft',
      statusCode: null,
      label: 'Order Not Placed',
      terminal: false,
      trackable: false,
    })
  })

  it("answers another business's order only to that business", async () => {
    expect(
      await failure('/stores/order-status', {
        businessId: 1,
        businessOrderId: ORDERS.otherBusiness,
      })
    ).toMatchObject({
      status: 404,
      error: { code: 'not_found', message: 'Unable to view order, please try again.' },
    })
    const { order } = await status(ORDERS.otherBusiness, OTHER_GROCER.businessId)
    expect(order).toMatchObject({ label: 'Delivered', statusCode: 100, terminal: true })
  })

  it("says the label in the business's language, its codes as they are", async () => {
    const locale = (value: string) =>
      env.DB.prepare('update businesses set locale = ?1 where id = ?2')
        .bind(value, OTHER_GROCER.businessId)
        .run()
    const before = await env.DB.prepare('select locale from businesses where id = ?1')
      .bind(OTHER_GROCER.businessId)
      .first<{ locale: string }>()
    await locale('nl_NL')
    try {
      const { order } = await status(ORDERS.otherBusiness, OTHER_GROCER.businessId)
      expect(order).toMatchObject({
        status: 'delivered',
        label: 'Bezorgd',
        statusCode: 100,
        terminal: true,
      })
    } finally {
      await locale(before?.locale ?? 'en_GB')
    }
    // The UK business's label is the spec's English, as before.
    expect((await status(ORDERS.picking)).order.label).toBe('Store Accepted / Picking')
  })

  it('rejects an empty order number', async () => {
    const { status: code, error } = await failure('/stores/order-status', {
      businessId: 1,
      businessOrderId: '   ',
    })
    expect(code).toBe(422)
    expect(error.fields?.[0]?.field).toBe('businessOrderId')
  })
})
