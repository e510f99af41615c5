import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { unansweredStep } from '../../../worker/backend/payments/unanswered-step.ts'
import { GIVE_UP_AFTER_MS } from '../../../worker/backend/payments/unanswered-repo.ts'

/*
 * A card attempt whose page may never answer, against a model gateway, for any interleaving of
 * the shopper paying (early, late, after the cron gave up, or never), the page's answer arriving
 * (any number of times) and the cron's looks (the gateway up or down, at any age). The cron's
 * decision is unansweredStep; the recorded side follows the SQL guards (an authorisation is
 * recorded only while unanswered, a superseded one is voided; giving up only while pending). The
 * money is kept exactly when the order is placed; once the gateway answers for good after the
 * shopper paid, the authorisation is either kept with the order or voided, never left pending.
 */

type Event = { kind: 'pay' } | { kind: 'answer' } | { kind: 'look'; up: boolean; minutes: number }

interface World {
  paidAtGateway: boolean
  status: 'pending' | 'authorised' | 'cancelled'
  completed: boolean
  superseded: boolean
  voided: boolean
  placed: number
}

/** The answer's path: the guarded record, then the owed void or the order's confirmation. */
function recordAuthorisation(world: World) {
  if (world.completed || world.status === 'authorised') return
  world.superseded = world.status === 'cancelled'
  world.status = 'authorised'
  world.completed = true
}

function tail(world: World) {
  if (world.status !== 'authorised') return
  if (world.superseded) world.voided = true
  else if (world.placed === 0) world.placed = 1
}

function apply(world: World, event: Event, ageMs: number) {
  if (event.kind === 'pay') {
    world.paidAtGateway = true
    return
  }
  if (event.kind === 'answer') {
    if (!world.paidAtGateway) return
    recordAuthorisation(world)
    tail(world)
    return
  }
  if (world.status !== 'pending' || world.completed) return
  const outcome = !event.up ? 'pending' : world.paidAtGateway ? 'authorised' : 'failed'
  const step = unansweredStep(outcome, ageMs)
  if (step === 'record') recordAuthorisation(world)
  if (step === 'give_up' && world.status === 'pending') world.status = 'cancelled'
  tail(world)
}

const EVENT: fc.Arbitrary<Event> = fc.oneof(
  fc.constant<Event>({ kind: 'pay' }),
  fc.constant<Event>({ kind: 'answer' }),
  fc.record({
    kind: fc.constant('look' as const),
    up: fc.boolean(),
    minutes: fc.integer({ min: 0, max: 40 }),
  })
)

describe('unanswered card payments, any interleaving of answers and looks', () => {
  it('keeps the money exactly when the order is placed, once', () => {
    fc.assert(
      fc.property(fc.array(EVENT, { maxLength: 30 }), (events) => {
        const world: World = {
          paidAtGateway: false,
          status: 'pending',
          completed: false,
          superseded: false,
          voided: false,
          placed: 0,
        }
        let ageMs = 0
        for (const event of events) {
          if (event.kind === 'look') ageMs += event.minutes * 60_000
          apply(world, event, ageMs)
          const kept = world.status === 'authorised' && !world.voided
          expect(world.placed === 1).toBe(kept)
          expect(world.placed).toBeLessThanOrEqual(1)
          if (world.status === 'cancelled') expect(world.placed).toBe(0)
        }
        // The gateway answers for good, well past the time no answer can come.
        apply(world, { kind: 'look', up: true, minutes: 0 }, ageMs + GIVE_UP_AFTER_MS)
        apply(world, { kind: 'answer' }, ageMs + GIVE_UP_AFTER_MS)
        if (world.paidAtGateway) {
          expect(world.status).toBe('authorised')
          expect(world.placed === 1 || world.voided).toBe(true)
        } else {
          expect(world.status).toBe('cancelled')
        }
      }),
      { numRuns: 500 }
    )
  })
})
