import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isTerminalStatus,
  nextState,
  PROGRESS_STATUSES,
  type Actor,
  type OrderAction,
  type OrderProgress,
  type ProgressStatus,
  type StoreOrderStatus,
} from '../../../schemas/order-states.ts'
import { ACTORS, DRIVER_ID, sentOrder } from './fixtures.ts'

/**
 * The graph as ADR 017's table documents it, written out here by hand rather than read from the
 * module: every move the machine accepts must be one of these (from, action, to), for the method
 * named, so a rule changed in the code without the ADR fails here. `both`: either method.
 */
const DOCUMENTED_MOVES: Readonly<Record<string, 'delivery' | 'collection' | 'both'>> = {
  'sent_to_store -accept-> store_accepted_picking': 'both',
  'sent_to_store -reject-> store_rejected': 'both',
  'sent_to_store -auto_reject-> store_rejected': 'both',
  'sent_to_store -cancel-> cancelled': 'both',
  'store_accepted_picking -mark_line-> store_accepted_picking': 'both',
  'store_accepted_picking -assign_driver-> store_accepted_picking': 'delivery',
  'store_accepted_picking -cancel-> cancelled': 'both',
  'store_accepted_picking -finish_picking-> picked': 'both',
  'picked -assign_driver-> picked': 'delivery',
  'picked -ready_for_collection-> picked': 'collection',
  'picked -collected-> delivered': 'collection',
  'picked -start_route-> en_route': 'delivery',
  'picked -deliver-> delivered': 'delivery',
  'picked -cancel-> cancelled': 'both',
  'en_route -deliver-> delivered': 'delivery',
  'en_route -unable_to_deliver-> unable_to_deliver': 'delivery',
  'delivered -refund_lines-> delivered': 'both',
  'delivered -refund_order-> refunded': 'both',
}

const actorArbitrary: fc.Arbitrary<Actor> = fc.constantFrom(...Object.values(ACTORS))
const reasonArbitrary = fc.constantFrom('Out of stock', '', ' ')

const actionArbitrary: fc.Arbitrary<OrderAction> = fc.oneof(
  fc.constant<OrderAction>({ type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' }),
  reasonArbitrary.map((reason): OrderAction => ({ type: 'reject', reason })),
  fc.constant<OrderAction>({ type: 'auto_reject' }),
  fc
    .record({
      lineId: fc.integer({ min: 1, max: 5 }),
      mark: fc.constantFrom('picked', 'short', 'out_of_stock', 'substituted' as const),
    })
    .map(({ lineId, mark }): OrderAction => ({ type: 'mark_line', lineId, mark })),
  fc.constant<OrderAction>({ type: 'finish_picking' }),
  fc.constant<OrderAction>({ type: 'ready_for_collection' }),
  fc.constant<OrderAction>({ type: 'collected' }),
  fc
    .constantFrom(DRIVER_ID, 8)
    .map((driverId): OrderAction => ({ type: 'assign_driver', driverId })),
  fc.constant<OrderAction>({ type: 'start_route' }),
  fc.constant<OrderAction>({ type: 'deliver' }),
  reasonArbitrary.map((reason): OrderAction => ({ type: 'unable_to_deliver', reason })),
  reasonArbitrary.map((reason): OrderAction => ({ type: 'cancel', reason })),
  reasonArbitrary.map((reason): OrderAction => ({ type: 'refund_order', reason })),
  reasonArbitrary.map((reason): OrderAction => ({ type: 'refund_lines', reason }))
)

/** Every action with a usable payload, by every actor: the moves a steered step picks from. */
const ALL_MOVES: ReadonlyArray<readonly [OrderAction, Actor]> = (
  [
    { type: 'accept', estimatedReadyAt: '2026-11-25T13:00:00Z' },
    { type: 'reject', reason: 'Closing early' },
    { type: 'auto_reject' },
    { type: 'mark_line', lineId: 1, mark: 'picked' },
    { type: 'finish_picking' },
    { type: 'ready_for_collection' },
    { type: 'collected' },
    { type: 'assign_driver', driverId: DRIVER_ID },
    { type: 'start_route' },
    { type: 'deliver' },
    { type: 'unable_to_deliver', reason: 'Nobody home' },
    { type: 'cancel', reason: 'Shopper asked' },
    { type: 'refund_order', reason: 'Damaged' },
    { type: 'refund_lines', reason: 'Broken eggs' },
  ] satisfies Array<OrderAction>
).flatMap((action) => Object.values(ACTORS).map((actor) => [action, actor] as const))

/**
 * A step is a random action by a random actor or, half the time, one of the moves the machine
 * would accept now: purely random walks almost never get past Picked, so the deep edges would go
 * untested. The steering only picks the move; the checks below judge it against the ADR's graph.
 */
const stepArbitrary = fc.tuple(fc.boolean(), fc.noBias(fc.nat()), actionArbitrary, actorArbitrary)
const stepsArbitrary = fc.array(stepArbitrary, { minLength: 1, maxLength: 40 })

function* walk(
  order: OrderProgress,
  steps: ReadonlyArray<[boolean, number, OrderAction, Actor]>
): Generator<readonly [OrderAction, Actor]> {
  let current = order
  for (const [steered, pick, action, actor] of steps) {
    const possible = ALL_MOVES.filter(([a, b]) => nextState(current, a, b).ok)
    const move = steered && possible.length > 0 ? possible[pick % possible.length] : undefined
    const chosen = move ?? ([action, actor] as const)
    const result = nextState(current, chosen[0], chosen[1])
    if (result.ok) current = result.order
    yield chosen
  }
}
const methodArbitrary = fc.constantFrom('delivery' as const, 'collection' as const)

function rank(status: StoreOrderStatus): number {
  return PROGRESS_STATUSES.indexOf(status as ProgressStatus)
}

const REFUNDS: ReadonlyArray<OrderAction['type']> = ['refund_order', 'refund_lines']
const SETTLED: ReadonlyArray<StoreOrderStatus> = ['delivered']

describe('order state machine (ADR 017): random actions by random roles', () => {
  it('never skip or reverse a state; every accepted move is a move of the documented graph', () => {
    const reached = new Set<string>()
    fc.assert(
      fc.property(methodArbitrary, stepsArbitrary, (method, steps) => {
        let order: OrderProgress = sentOrder({ fulfilmentMethod: method })
        const path: Array<StoreOrderStatus> = [order.status]
        for (const [action, actor] of walk(order, steps)) {
          const result = nextState(order, action, actor)
          if (!result.ok) {
            // A refusal changes nothing; the caller keeps the order it had.
            continue
          }
          expect(result.from).toBe(order.status)
          const before = order.status
          const after = result.order.status
          const move = `${before} -${action.type}-> ${after}`
          const documented = DOCUMENTED_MOVES[move]
          expect(documented, move).toBeDefined()
          if (documented !== 'both') expect(documented, move).toBe(method)
          reached.add(move)
          if (after !== before) {
            // Between two progress statuses, exactly one step forward (Picked → Delivered is one
            // step when collected or delivered by the store, Driver en Route being the driver's).
            if (rank(before) >= 0 && rank(after) >= 0) {
              const step = rank(after) - rank(before)
              const skipsRoute = before === 'picked' && after === 'delivered'
              expect(step).toBe(skipsRoute ? 2 : 1)
            }
            path.push(after)
          }
          order = result.order
        }
        // No status comes back once left: the path has no repeats.
        expect(new Set(path).size).toBe(path.length)
      }),
      // A fixed seed: whether 1,000 random walks reach every move (Driver en Route needs a
      // delivery, a driver, Picking done and the driver's start, before anyone cancels or
      // delivers from Picked) must not depend on the run.
      { numRuns: 1000, seed: 17 }
    )
    // The walks did make every documented move, so the checks above were not vacuous.
    expect([...reached].sort()).toEqual(Object.keys(DOCUMENTED_MOVES).sort())
  })

  it('terminal states accept nothing; Delivered accepts only refunds', () => {
    const terminalArbitrary = fc.constantFrom(
      'store_rejected' as const,
      'refunded' as const,
      'declined' as const,
      'cancelled' as const,
      'unable_to_deliver' as const,
      'delivered' as const
    )
    fc.assert(
      fc.property(
        terminalArbitrary,
        methodArbitrary,
        fc.boolean(),
        actionArbitrary,
        actorArbitrary,
        (status, method, ready, action, actor) => {
          const order = sentOrder({
            status,
            fulfilmentMethod: method,
            pickingStarted: true,
            readyForCollection: ready,
            driverId: DRIVER_ID,
          })
          const result = nextState(order, action, actor)
          if (!result.ok) return
          expect(SETTLED).toContain(status)
          expect(REFUNDS).toContain(action.type)
          expect(isTerminalStatus(status)).toBe(false)
        }
      )
    )
  })

  it('a status-changing action taken twice is refused the second time (double clicks, races)', () => {
    fc.assert(
      fc.property(methodArbitrary, stepsArbitrary, actorArbitrary, (method, steps, other) => {
        let order: OrderProgress = sentOrder({ fulfilmentMethod: method })
        for (const [action, actor] of walk(order, steps)) {
          const result = nextState(order, action, actor)
          if (!result.ok) continue
          if (result.order.status !== order.status) {
            const again = nextState(result.order, action, other)
            expect(again.ok).toBe(false)
          }
          order = result.order
        }
      })
    )
  })

  it('roles: a driver never refunds, cancels or accepts; only the system auto-rejects', () => {
    fc.assert(
      fc.property(methodArbitrary, stepsArbitrary, (method, steps) => {
        let order: OrderProgress = sentOrder({ fulfilmentMethod: method })
        for (const [action, actor] of walk(order, steps)) {
          const result = nextState(order, action, actor)
          if (!result.ok) continue
          if (actor.role === 'driver') {
            expect(['start_route', 'deliver', 'unable_to_deliver']).toContain(action.type)
          }
          if (actor.role === 'picker') {
            expect(['mark_line', 'finish_picking', 'ready_for_collection', 'collected']).toContain(
              action.type
            )
          }
          expect(action.type === 'auto_reject').toBe(actor.role === 'system')
          order = result.order
        }
      })
    )
  })
})
