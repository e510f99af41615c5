import { describe, expect, it } from 'vitest'
import {
  allowedActions,
  isStoreOrderStatus,
  nextState,
  refusalMessage,
  TERMINAL_STATUSES,
  type Actor,
  type OrderAction,
  type OrderProgress,
} from '../../../schemas/order-states.ts'
import { ACTORS, DRIVER_ID, sentOrder } from './fixtures.ts'

function moved(order: OrderProgress, action: OrderAction, actor: Actor): OrderProgress {
  const result = nextState(order, action, actor)
  if (!result.ok) throw new Error(`refused ${action.type}: ${result.refusal}`)
  return result.order
}

const accepted = sentOrder({ status: 'store_accepted_picking' })
const picked = sentOrder({ status: 'picked' })
const pickedWithDriver = sentOrder({ status: 'picked', driverId: DRIVER_ID })
const enRoute = sentOrder({ status: 'en_route', driverId: DRIVER_ID })
const delivered = sentOrder({ status: 'delivered', driverId: DRIVER_ID })
const collection = (status: OrderProgress['status'], ready = false): OrderProgress =>
  sentOrder({ status, fulfilmentMethod: 'collection', readyForCollection: ready })

describe('order state machine (ADR 017): each transition', () => {
  it('accept: Sent to Store → Store Accepted / Picking, by a manager or an operator', () => {
    const action: OrderAction = { type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' }
    expect(moved(sentOrder(), action, ACTORS.manager).status).toBe('store_accepted_picking')
    expect(moved(sentOrder(), action, ACTORS.operator).status).toBe('store_accepted_picking')
  })

  it('reject and auto-reject: Sent to Store → Store Rejected Order', () => {
    const reject: OrderAction = { type: 'reject', reason: 'Closing early' }
    expect(moved(sentOrder(), reject, ACTORS.manager).status).toBe('store_rejected')
    expect(moved(sentOrder(), { type: 'auto_reject' }, ACTORS.system).status).toBe('store_rejected')
  })

  it('picking marks stay in Store Accepted / Picking and start the picking', () => {
    const after = moved(accepted, { type: 'mark_line', lineId: 4, mark: 'short' }, ACTORS.picker)
    expect(after).toEqual({ ...accepted, pickingStarted: true })
  })

  it('finish picking: Store Accepted / Picking → Picked, by the shop floor', () => {
    for (const actor of [ACTORS.picker, ACTORS.manager, ACTORS.operator]) {
      expect(moved(accepted, { type: 'finish_picking' }, actor).status).toBe('picked')
    }
  })

  it('collection: Picked → ready for collection (still Picked) → collected (Delivered)', () => {
    const ready = moved(collection('picked'), { type: 'ready_for_collection' }, ACTORS.picker)
    expect(ready).toEqual(collection('picked', true))
    expect(moved(ready, { type: 'collected' }, ACTORS.manager).status).toBe('delivered')
  })

  it('delivery: assign a driver → Driver en Route → Delivered', () => {
    const assigned = moved(picked, { type: 'assign_driver', driverId: DRIVER_ID }, ACTORS.manager)
    expect(assigned).toEqual(pickedWithDriver)
    const route = moved(assigned, { type: 'start_route' }, ACTORS.driver)
    expect(route.status).toBe('en_route')
    expect(moved(route, { type: 'deliver' }, ACTORS.driver).status).toBe('delivered')
  })

  it('a driver may be assigned while picking, and reassigned before the route starts', () => {
    const early = moved(accepted, { type: 'assign_driver', driverId: 8 }, ACTORS.operator)
    expect(early.driverId).toBe(8)
    const again = moved(pickedWithDriver, { type: 'assign_driver', driverId: 8 }, ACTORS.manager)
    expect(again.driverId).toBe(8)
  })

  it('unable to deliver: Driver en Route → Unable to Deliver, by the driver or a manager', () => {
    const action: OrderAction = { type: 'unable_to_deliver', reason: 'Nobody home' }
    expect(moved(enRoute, action, ACTORS.driver).status).toBe('unable_to_deliver')
    expect(moved(enRoute, action, ACTORS.manager).status).toBe('unable_to_deliver')
  })

  it('a manager may record Delivered when the driver cannot', () => {
    expect(moved(enRoute, { type: 'deliver' }, ACTORS.manager).status).toBe('delivered')
  })

  it('cancel until the order leaves the store: before, during and after picking', () => {
    const cancel: OrderAction = { type: 'cancel', reason: 'Shopper asked' }
    expect(moved(sentOrder(), cancel, ACTORS.manager).status).toBe('cancelled')
    expect(moved(accepted, cancel, ACTORS.operator).status).toBe('cancelled')
    expect(moved({ ...accepted, pickingStarted: true }, cancel, ACTORS.manager).status).toBe(
      'cancelled'
    )
    expect(moved(pickedWithDriver, cancel, ACTORS.manager).status).toBe('cancelled')
    expect(moved(collection('picked', true), cancel, ACTORS.manager).status).toBe('cancelled')
    // Gone from the store: en route, or collected.
    expect(nextState(enRoute, cancel, ACTORS.manager)).toMatchObject({ refusal: 'wrong_state' })
    expect(nextState(delivered, cancel, ACTORS.manager)).toMatchObject({ refusal: 'wrong_state' })
  })

  it('a manager delivers a picked delivery themselves; a driver starts the route first', () => {
    expect(moved(picked, { type: 'deliver' }, ACTORS.manager).status).toBe('delivered')
    expect(moved(pickedWithDriver, { type: 'deliver' }, ACTORS.operator).status).toBe('delivered')
    expect(nextState(pickedWithDriver, { type: 'deliver' }, ACTORS.driver)).toMatchObject({
      refusal: 'wrong_state',
    })
    expect(nextState(picked, { type: 'deliver' }, ACTORS.picker)).toMatchObject({
      refusal: 'wrong_role',
    })
  })

  it('refund after delivery: the whole order → Refunded, lines → stays Delivered', () => {
    const whole: OrderAction = { type: 'refund_order', reason: 'Damaged' }
    const lines: OrderAction = { type: 'refund_lines', reason: 'Two eggs broken' }
    expect(moved(delivered, whole, ACTORS.manager).status).toBe('refunded')
    expect(moved(delivered, lines, ACTORS.operator)).toEqual(delivered)
  })
})

describe('order state machine (ADR 017): each refusal', () => {
  it('wrong role: a picker cannot accept, a driver cannot refund, staff cannot auto-reject', () => {
    const accept: OrderAction = { type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' }
    expect(nextState(sentOrder(), accept, ACTORS.picker)).toEqual({
      ok: false,
      refusal: 'wrong_role',
    })
    const refund: OrderAction = { type: 'refund_order', reason: 'x' }
    expect(nextState(delivered, refund, ACTORS.driver)).toMatchObject({ refusal: 'wrong_role' })
    expect(nextState(sentOrder(), { type: 'auto_reject' }, ACTORS.manager)).toMatchObject({
      refusal: 'wrong_role',
    })
  })

  it('wrong role comes before wrong state, so it tells nothing of the order', () => {
    expect(nextState(enRoute, { type: 'finish_picking' }, ACTORS.driver)).toMatchObject({
      refusal: 'wrong_role',
    })
  })

  it('wrong method: no driver for a collection, no collection desk for a delivery', () => {
    const assign: OrderAction = { type: 'assign_driver', driverId: DRIVER_ID }
    expect(nextState(collection('picked'), assign, ACTORS.manager)).toMatchObject({
      refusal: 'wrong_method',
    })
    expect(nextState(picked, { type: 'ready_for_collection' }, ACTORS.picker)).toMatchObject({
      refusal: 'wrong_method',
    })
  })

  it('not the assigned driver: another driver, or none assigned', () => {
    expect(nextState(enRoute, { type: 'deliver' }, ACTORS.otherDriver)).toMatchObject({
      refusal: 'not_assigned_driver',
    })
    expect(nextState(picked, { type: 'start_route' }, ACTORS.driver)).toMatchObject({
      refusal: 'not_assigned_driver',
    })
  })

  it('wrong state says where the order is: the second of two accepts loses', () => {
    const accept: OrderAction = { type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' }
    const first = moved(sentOrder(), accept, ACTORS.manager)
    expect(nextState(first, accept, ACTORS.operator)).toEqual({
      ok: false,
      refusal: 'wrong_state',
      status: 'store_accepted_picking',
    })
  })

  it('wrong state inside a status: collected before ready, announced ready twice', () => {
    expect(nextState(collection('picked'), { type: 'collected' }, ACTORS.picker)).toMatchObject({
      refusal: 'wrong_state',
    })
    const twice = nextState(
      collection('picked', true),
      { type: 'ready_for_collection' },
      ACTORS.picker
    )
    expect(twice).toMatchObject({ refusal: 'wrong_state' })
  })

  it('reason required: a blank reason is refused', () => {
    expect(nextState(sentOrder(), { type: 'reject', reason: '  ' }, ACTORS.manager)).toEqual({
      ok: false,
      refusal: 'reason_required',
    })
  })

  it('terminal states accept nothing', () => {
    for (const status of TERMINAL_STATUSES) {
      for (const actor of Object.values(ACTORS)) {
        expect(allowedActions(sentOrder({ status, driverId: DRIVER_ID }), actor)).toEqual([])
      }
    }
  })
})

describe('isStoreOrderStatus: the store acts only on paid orders', () => {
  it('is false for the draft and payment states, true for the ten of spec §4', () => {
    expect(isStoreOrderStatus('draft')).toBe(false)
    expect(isStoreOrderStatus('payment_pending')).toBe(false)
    expect(isStoreOrderStatus('payment_failed')).toBe(false)
    expect(isStoreOrderStatus('sent_to_store')).toBe(true)
    expect(isStoreOrderStatus('declined')).toBe(true)
  })
})

describe('allowedActions: the console shows only the buttons that can work', () => {
  it('answers per role and state', () => {
    expect(allowedActions(sentOrder(), ACTORS.manager)).toEqual(['accept', 'reject', 'cancel'])
    expect(allowedActions(sentOrder(), ACTORS.picker)).toEqual([])
    expect(allowedActions(accepted, ACTORS.picker)).toEqual(['mark_line', 'finish_picking'])
    expect(allowedActions(pickedWithDriver, ACTORS.driver)).toEqual(['start_route'])
    expect(allowedActions(delivered, ACTORS.manager)).toEqual(['refund_order', 'refund_lines'])
  })
})

describe('refusalMessage: what the loser of a race and a wrong button are told', () => {
  it('names where the order is now, and the method that does not fit', () => {
    const accept: OrderAction = { type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' }
    const lost = nextState(accepted, accept, ACTORS.manager)
    if (lost.ok) throw new Error('the second accept should lose')
    expect(refusalMessage(lost, 'delivery')).toBe(
      'This order is now Store Accepted / Picking, so this can no longer be done.'
    )
    const collect = nextState(picked, { type: 'collected' }, ACTORS.picker)
    if (collect.ok) throw new Error('a delivery cannot be collected')
    expect(refusalMessage(collect, 'delivery')).toBe('This cannot be done for a delivery order.')
  })
})
