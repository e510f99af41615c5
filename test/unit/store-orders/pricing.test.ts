import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ORDER_ACTION_TYPES } from '../../../schemas/order-states.ts'
import { ORDER_ACTION_TYPE_LIST } from '../../../schemas/store-orders.ts'
import {
  chargedPrice,
  type LineOutcome,
  lineRefundAmount,
  pickingAdjustment,
  receivedUnits,
} from '../../../worker/backend/orders/pricing.ts'

const line = { quantity: 3, totalPrice: 1000 }

describe('chargedPrice', () => {
  it('charges the line, a short line pro rata rounded down, nothing out of stock', () => {
    expect(chargedPrice(line, { mark: 'picked' })).toBe(1000)
    expect(chargedPrice(line, { mark: 'short', pickedQuantity: 1 })).toBe(333)
    expect(chargedPrice(line, { mark: 'short', pickedQuantity: 2 })).toBe(666)
    expect(chargedPrice(line, { mark: 'out_of_stock' })).toBe(0)
  })

  it('charges a substitute at its price, never above the line', () => {
    const sub = (substituteUnitPrice: number, substituteQuantity: number): LineOutcome => ({
      mark: 'substituted',
      substituteUnitPrice,
      substituteQuantity,
    })
    expect(chargedPrice(line, sub(250, 2))).toBe(500)
    expect(chargedPrice(line, sub(900, 3))).toBe(1000)
  })

  it('property: the shopper never pays more than the line as ordered, nor less than 0', () => {
    const outcome = fc.oneof(
      fc.constant<LineOutcome>({ mark: 'picked' }),
      fc.constant<LineOutcome>({ mark: 'out_of_stock' }),
      fc
        .integer({ min: 0, max: 200 })
        .map<LineOutcome>((n) => ({ mark: 'short', pickedQuantity: n })),
      fc
        .record({
          price: fc.integer({ min: 0, max: 100_000 }),
          qty: fc.integer({ min: 1, max: 99 }),
        })
        .map<LineOutcome>(({ price, qty }) => ({
          mark: 'substituted',
          substituteUnitPrice: price,
          substituteQuantity: qty,
        }))
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        outcome,
        (quantity, totalPrice, mark) => {
          const charged = chargedPrice({ quantity, totalPrice }, mark)
          return Number.isInteger(charged) && charged >= 0 && charged <= totalPrice
        }
      )
    )
  })
})

describe('lineRefundAmount', () => {
  it('refunds unit by unit and every unit gives back exactly the charged price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (charged, steps) => {
          const received = steps.reduce((a, b) => a + b, 0)
          let refunded = 0
          let total = 0
          for (const step of steps) {
            const amount = lineRefundAmount(charged, received, refunded, step)
            if (amount === null || amount < 0) return false
            refunded += step
            total += amount
          }
          return total === charged && lineRefundAmount(charged, received, refunded, 1) === null
        }
      )
    )
  })

  it('refuses more units than remain, and zero', () => {
    expect(lineRefundAmount(1000, 2, 1, 2)).toBeNull()
    expect(lineRefundAmount(1000, 2, 0, 0)).toBeNull()
    expect(lineRefundAmount(1000, 2, 0, 1)).toBe(500)
  })
})

describe('the rest', () => {
  it('counts received units per mark', () => {
    expect(receivedUnits(line, null)).toBe(3)
    expect(receivedUnits(line, { mark: 'short', pickedQuantity: 2 })).toBe(2)
    expect(receivedUnits(line, { mark: 'out_of_stock' })).toBe(0)
    expect(
      receivedUnits(line, { mark: 'substituted', substituteUnitPrice: 1, substituteQuantity: 5 })
    ).toBe(5)
  })

  it('adds the marked lines into a signed adjustment', () => {
    expect(
      pickingAdjustment([
        { totalPrice: 1000, chargedPrice: 600 },
        { totalPrice: 500, chargedPrice: null },
        { totalPrice: 200, chargedPrice: 0 },
      ])
    ).toBe(-600)
  })

  it('the contract lists exactly the machine’s action types', () => {
    expect([...ORDER_ACTION_TYPE_LIST]).toEqual([...ORDER_ACTION_TYPES])
  })
})
