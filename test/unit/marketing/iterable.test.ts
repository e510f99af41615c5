import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  createMarketingService,
  IterableMarketingService,
  LocalMarketingService,
} from '../../../worker/backend/marketing/adapters.ts'
import {
  cartBody,
  penceToPounds,
  purchaseBody,
  trackBody,
  userUpdateBody,
} from '../../../worker/backend/marketing/iterable-payload.ts'
import type { Purchase } from '../../../worker/backend/marketing/port.ts'
import * as log from '../../../worker/lib/log.ts'

const AT = new Date('2026-11-25T12:00:00Z')
const SCOPE = { businessId: 1, brandId: null }
const MEMBER = { userId: 'member-7', email: 'ada@example.com' }
const ANONYMOUS = { userId: 'anon-abc' }

const PURCHASE: Purchase = {
  ...SCOPE,
  user: MEMBER,
  id: 'ORD-1',
  items: [{ id: '12', name: 'Milk', quantity: 3, unitPrice: 105 }],
  total: 1999,
  createdAt: AT,
  dataFields: { storeId: 4 },
}

describe('Iterable payloads', () => {
  it('converts pence to pounds exactly', () => {
    expect(penceToPounds(1999)).toBe(19.99)
    expect(penceToPounds(5)).toBe(0.05)
    expect(penceToPounds(0)).toBe(0)
    expect(penceToPounds(100_001)).toBe(1000.01)
  })

  it('builds trackPurchase in pounds, with epoch seconds', () => {
    expect(purchaseBody(PURCHASE)).toEqual({
      id: 'ORD-1',
      user: { userId: 'member-7', email: 'ada@example.com', preferUserId: true },
      items: [{ id: '12', name: 'Milk', price: 1.05, quantity: 3 }],
      total: 19.99,
      createdAt: AT.getTime() / 1000,
      dataFields: { storeId: 4 },
    })
  })

  it('never invents an email for an anonymous shopper', () => {
    expect(cartBody({ ...SCOPE, user: ANONYMOUS, items: [] })).toEqual({
      user: { userId: 'anon-abc', preferUserId: true },
      items: [],
    })
    expect(userUpdateBody({ ...SCOPE, user: MEMBER, dataFields: { firstName: 'Ada' } })).toEqual({
      userId: 'member-7',
      email: 'ada@example.com',
      preferUserId: true,
      dataFields: { firstName: 'Ada' },
    })
  })

  it("sends a numeric campaign as Iterable's campaignId, any other as a field; amounts in pounds", () => {
    const event = {
      ...SCOPE,
      user: ANONYMOUS,
      eventName: 'checkoutStarted',
      dataFields: { orderNumber: 'ORD-1' },
      amounts: { total: 1250 },
      createdAt: AT,
    }
    expect(trackBody({ ...event, campaignId: '123' })).toMatchObject({
      campaignId: 123,
      dataFields: { orderNumber: 'ORD-1', total: 12.5 },
    })
    const named = trackBody({ ...event, campaignId: 'spring-sale' })
    expect(named).not.toHaveProperty('campaignId')
    expect(named.dataFields).toEqual({ orderNumber: 'ORD-1', total: 12.5, campaign: 'spring-sale' })
  })
})

describe('the Iterable adapter', () => {
  it('POSTs each call to its endpoint with the Api-Key header', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"code":"Success"}')
    )
    const service = createMarketingService(
      { DB: env.DB, MARKETING_PROVIDER: 'iterable', ITERABLE_API_KEY: ' key-1 ' },
      () => AT,
      fetch
    )
    expect(service).toBeInstanceOf(IterableMarketingService)
    await service.trackPurchase(PURCHASE)
    await service.updateUser({ ...SCOPE, user: MEMBER, dataFields: {} })
    await service.track({ ...SCOPE, user: MEMBER, eventName: 'e', dataFields: {}, createdAt: AT })
    await service.updateCart({ ...SCOPE, user: MEMBER, items: [] })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      'https://api.iterable.com/api/commerce/trackPurchase',
      'https://api.iterable.com/api/users/update',
      'https://api.iterable.com/api/events/track',
      'https://api.iterable.com/api/commerce/updateCart',
    ])
    const init = fetch.mock.calls[0]?.[1]
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('Api-Key')).toBe('key-1')
    expect(JSON.parse(String(init?.body))).toEqual(purchaseBody(PURCHASE))
  })

  it('refuses an answer other than 2xx, and a failed fetch, as upstream_error', async () => {
    const refused = new IterableMarketingService({
      apiKey: 'k',
      fetch: async () => new Response('{"code":"BadApiKey"}', { status: 401 }),
    })
    await expect(refused.trackPurchase(PURCHASE)).rejects.toMatchObject({ code: 'upstream_error' })
    const down = new IterableMarketingService({
      apiKey: 'k',
      fetch: () => Promise.reject(new TypeError('network')),
    })
    await expect(down.trackPurchase(PURCHASE)).rejects.toMatchObject({ code: 'upstream_error' })
  })

  it("without a key: logs 'Iterable API key is missing.' and refuses every call with it", async () => {
    const logError = vi.spyOn(log, 'logError').mockImplementation(() => undefined)
    const fetch = vi.fn()
    const service = createMarketingService(
      { DB: env.DB, MARKETING_PROVIDER: 'iterable' },
      () => AT,
      fetch
    )
    expect(logError).toHaveBeenCalledWith(new Error(MESSAGES.iterableKeyMissing), {
      config: 'ITERABLE_API_KEY',
    })
    await expect(service.trackPurchase(PURCHASE)).rejects.toMatchObject({
      code: 'upstream_error',
      message: MESSAGES.iterableKeyMissing,
    })
    expect(fetch).not.toHaveBeenCalled()
    logError.mockRestore()
  })

  it('local is the default; an unknown provider refuses calls', async () => {
    expect(createMarketingService({ DB: env.DB, MARKETING_PROVIDER: '' }, () => AT)).toBeInstanceOf(
      LocalMarketingService
    )
    const logError = vi.spyOn(log, 'logError').mockImplementation(() => undefined)
    const unknown = createMarketingService(
      { DB: env.DB, MARKETING_PROVIDER: 'mailchimp' },
      () => AT
    )
    await expect(
      unknown.track({ ...SCOPE, user: MEMBER, eventName: 'e', dataFields: {}, createdAt: AT })
    ).rejects.toMatchObject({ code: 'upstream_error' })
    expect(logError).toHaveBeenCalledOnce()
    logError.mockRestore()
  })
})
