import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { BasketSchema, type Basket } from '../../../schemas/basket.ts'
import type { Brand } from '../../../schemas/brand.ts'
import type { SlotReservation } from '../../../schemas/slots.ts'
import type { AppEnv } from '../../../worker/env.ts'
import type { BackendCallOptions, BackendClient } from '../../../worker/lib/backend-client.ts'
import { encodeLocation } from '../../../worker/lib/cookies/location.ts'
import { requiresValidSlot, slotIsValid } from '../../../worker/pages/checkout/slot-guards.ts'
import { basketAnswer, basketLineAnswer, PICCADILLY_BASKET_STORE } from '../../support/baskets.ts'

const TOKEN = 'b'.repeat(43)
const LOCATION = `sf_location=${encodeLocation({
  postcode: 'M1 1AE',
  latitude: 53.4794,
  longitude: -2.2453,
  chosenAddress: null,
  selectedAddress: null,
})}`

function reservation(overrides: Partial<SlotReservation>): SlotReservation {
  return {
    reservationId: 7,
    type: 'future',
    storeId: 1,
    fulfilmentMethod: 'delivery',
    timeSlotDate: '2026-11-22',
    timeSlotTime: '09:00',
    endTime: '10:00',
    startDate: '2026-11-22T09:00:00.000Z',
    endDate: '2026-11-22T10:00:00.000Z',
    status: 'held',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    ...overrides,
  }
}

function basket(slot: SlotReservation | null, withStore = true): Basket {
  return BasketSchema.parse(
    basketAnswer(1, 125, {
      store: withStore ? PICCADILLY_BASKET_STORE : null,
      fulfilmentTiming: 'future',
      // Something to check out: an empty basket is checkout's own guard's business.
      lines: [basketLineAnswer()],
      slot,
    })
  )
}

/** A checkout-like page behind the guard, with a backend that answers the given basket. */
function appWith(answer: Basket) {
  const calls: Array<{ path: string; body: unknown }> = []
  const backend = {
    post: <S extends z.ZodType>(path: string, options: BackendCallOptions<S>) => {
      calls.push({ path, body: options.body })
      return Promise.resolve(options.schema.parse(answer))
    },
  } as unknown as BackendClient
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('brand', { businessId: 1 } as Brand)
    c.set('backend', backend)
    await next()
  })
  app.get('/checkout', async (c) => (await requiresValidSlot(c)) ?? c.text('checkout'))
  return { app, calls }
}

function visit(app: Hono<AppEnv>, cookie: string) {
  return app.request('http://localhost/checkout', { headers: { cookie } })
}

describe('requiresValidSlot', () => {
  it('lets a basket with a live hold through, asking with its token', async () => {
    const { app, calls } = appWith(basket(reservation({})))
    const response = await visit(app, `${LOCATION}; sf_basket=${TOKEN}`)
    expect(response.status).toBe(200)
    expect(calls).toEqual([{ path: '/basket', body: { businessId: 1, basketToken: TOKEN } }])
  })

  it('sends a lapsed hold to the time-slot page in change mode with the expiry message', async () => {
    for (const slot of [
      reservation({ status: 'expired' }),
      // Still 'held' in the answer but past its expiry by the clock.
      reservation({ expiresAt: new Date(Date.now() - 1000).toISOString() }),
    ]) {
      const { app } = appWith(basket(slot))
      const response = await visit(app, `${LOCATION}; sf_basket=${TOKEN}`)
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe(
        '/stores/manchester-piccadilly/time-slots?change=1&expired=1'
      )
    }
  })

  it('sends a basket without a slot to choose one, without the expiry message', async () => {
    const { app } = appWith(basket(null))
    const response = await visit(app, `${LOCATION}; sf_basket=${TOKEN}`)
    expect(response.headers.get('location')).toBe(
      '/stores/manchester-piccadilly/time-slots?change=1'
    )
  })

  it('sends a basket without a slot to choose one even without a location, saying why', async () => {
    // The slot page asks for a delivery postcode itself: no loop through checkout.
    const noLocation = appWith(basket(null))
    const response = await visit(noLocation.app, `sf_basket=${TOKEN}`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      '/stores/manchester-piccadilly/time-slots?change=1'
    )
    expect(response.headers.getSetCookie().join()).toContain('sf_flash=slotRequiredDelivery')
  })

  it('lets the page decide without a basket or a store', async () => {
    const noBasket = appWith(basket(null))
    expect((await visit(noBasket.app, LOCATION)).status).toBe(200)
    const noStore = appWith(basket(null, false))
    expect((await visit(noStore.app, `${LOCATION}; sf_basket=${TOKEN}`)).status).toBe(200)
  })

  it('counts a confirmed slot as valid and a released one as missing', () => {
    expect(
      slotIsValid(
        reservation({ status: 'confirmed', expiresAt: '2000-01-01T00:00:00.000Z' }),
        Date.now()
      )
    ).toBe(true)
    expect(slotIsValid(reservation({ status: 'released' }), Date.now())).toBe(false)
    expect(slotIsValid(null, Date.now())).toBe(false)
  })
})

describe('requiresValidSlot with an empty basket', () => {
  it('leaves an empty basket to the checkout pages’ own basket guard', async () => {
    const empty = { ...basket(null), lines: [], totals: { ...basket(null).totals, itemCount: 0 } }
    const { app } = appWith(empty)
    const response = await visit(app, `${LOCATION}; sf_basket=${TOKEN}`)
    expect(response.status).toBe(200)
  })
})
