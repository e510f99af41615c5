import { describe, expect, it } from 'vitest'
import { slotPrice, type SlotPriceInput } from '../../../schemas/slot-price.ts'

const store = { deliveryFee: 350, freeDeliveryThreshold: 4000 }

function basket(
  fulfilmentMethod: 'delivery' | 'collection',
  itemCount: number,
  subtotal: number,
  deliveryFee: number
): SlotPriceInput['basket'] {
  return { fulfilmentMethod, totals: { itemCount, subtotal, deliveryFee } }
}

describe('the delivery price a slot shows', () => {
  it('is Free for collection, whatever the basket', () => {
    expect(slotPrice({ ...store, method: 'collection', basket: null })).toEqual({
      pence: 0,
      label: 'Free',
      note: null,
    })
  })

  it('is the fee an order will pay when there is no basket or it is empty, with how to make it free', () => {
    for (const none of [null, basket('delivery', 0, 0, 0)]) {
      expect(slotPrice({ ...store, method: 'delivery', basket: none })).toEqual({
        pence: 350,
        label: '£3.50',
        note: 'Free delivery on orders of £40.00 or more.',
      })
    }
  })

  it('is what a delivery basket charges now (its zone, threshold and coupon included)', () => {
    const zone = slotPrice({
      ...store,
      method: 'delivery',
      basket: basket('delivery', 3, 1200, 499),
    })
    expect(zone).toMatchObject({ pence: 499, label: '£4.99' })
    const free = slotPrice({ ...store, method: 'delivery', basket: basket('delivery', 9, 4500, 0) })
    expect(free).toEqual({ pence: 0, label: 'Free', note: null })
  })

  it('applies the threshold to a collection basket looking at delivery slots', () => {
    const under = slotPrice({
      ...store,
      method: 'delivery',
      basket: basket('collection', 2, 3999, 0),
    })
    expect(under.label).toBe('£3.50')
    const over = slotPrice({
      ...store,
      method: 'delivery',
      basket: basket('collection', 2, 4000, 0),
    })
    expect(over.label).toBe('Free')
  })

  it('says nothing about a threshold the store does not have', () => {
    const price = slotPrice({
      method: 'delivery',
      deliveryFee: 250,
      freeDeliveryThreshold: null,
      basket: basket('collection', 2, 90_000, 0),
    })
    expect(price).toEqual({ pence: 250, label: '£2.50', note: null })
  })
})
