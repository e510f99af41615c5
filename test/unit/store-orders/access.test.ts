import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { OrderProgress } from '../../../schemas/order-states.ts'
import {
  allowedActionsFor,
  canSeeOrder,
  type StoreStaff,
  transitionFor,
} from '../../../worker/backend/store-orders/access.ts'
import { trackingMessage } from '../../../worker/backend/store-orders/effects.ts'

const staffWith = (...roles: StoreStaff['roles']): StoreStaff => ({
  staffId: 7,
  businessId: 1,
  storeId: 9,
  roles,
})

const picked: OrderProgress = {
  status: 'picked',
  fulfilmentMethod: 'delivery',
  pickingStarted: true,
  readyForCollection: false,
  driverId: 7,
}

describe('a member of staff with several roles at a store', () => {
  it('acts with the first role the machine accepts', () => {
    const both = staffWith('picker', 'driver')
    const route = transitionFor(both, picked, { type: 'start_route' })
    expect(route.result.ok).toBe(true)
    expect(route.actor.role).toBe('driver')
    const refused = transitionFor(both, picked, { type: 'refund_order', reason: 'x' })
    expect(refused.result).toMatchObject({ ok: false, refusal: 'wrong_role' })
    expect(refused.actor.role).toBe('picker')
  })

  it('is offered what any of the roles may do', () => {
    expect(allowedActionsFor(staffWith('picker', 'driver'), picked)).toEqual(['start_route'])
    // A manager hands a picked delivery to a driver, delivers it or cancels it (issue 35 item 6).
    expect(allowedActionsFor(staffWith('store_manager'), picked)).toEqual([
      'assign_driver',
      'deliver',
      'cancel',
    ])
  })

  it('sees every order unless only a driver, who sees their own deliveries', () => {
    expect(canSeeOrder(staffWith('driver'), 7)).toBe(true)
    expect(canSeeOrder(staffWith('driver'), 8)).toBe(false)
    expect(canSeeOrder(staffWith('driver'), null)).toBe(false)
    expect(canSeeOrder(staffWith('picker', 'driver'), null)).toBe(true)
  })
})

describe('the shopper is told', () => {
  it('the spec tracking message per action, amounts where money goes back', () => {
    expect(trackingMessage('accept', 0, 0, false)).toBe(MESSAGES.orderTrackingAccepted)
    expect(trackingMessage('start_route', 0, 0, false)).toBe(MESSAGES.orderTrackingEnRoute)
    expect(trackingMessage('deliver', 0, 0, false)).toBe(MESSAGES.orderTrackingDelivered)
    expect(trackingMessage('unable_to_deliver', 0, 0, true)).toBe(
      MESSAGES.orderTrackingDeliveryProblem
    )
    expect(trackingMessage('unable_to_deliver', 2100, 0, false)).toBe(
      'There was a problem delivering your order. Please contact the store. £21.00 will be refunded.'
    )
    expect(trackingMessage('reject', 1250, 0, false)).toBe(
      'The store could not take your order. £12.50 will be refunded.'
    )
    expect(trackingMessage('reject', 0, 1250, true)).toBe(MESSAGES.orderTrackingRejectedCash)
    expect(trackingMessage('finish_picking', 0, 0, false)).toBeNull()
    expect(trackingMessage('mark_line', 0, 0, false)).toBeNull()
  })
})
