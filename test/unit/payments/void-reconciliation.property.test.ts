import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GatewayRefundsAnswer } from '../../../worker/backend/payments/gateway.ts'
import { voidVerdict } from '../../../worker/backend/payments/refund-verdict.ts'

/*
 * A store's reject voids the card payment; the void's call may be answered, lost after the gateway
 * acted, or lost before it. The reconciliation's decision (voidVerdict) against a model gateway,
 * for any sequence of its answers: each look finds it down, up without saying whether the
 * authorisation is voided, or up and saying; a void sent again meets the same fates. The store
 * action's settle runs between looks and refunds only after a void the gateway refused (the
 * payment was settled). Whatever happens, we never record a void the gateway did not make nor a
 * refusal of one it made, and the money comes back once: voided or refunded, never both; once
 * the gateway answers for good, every void settles.
 */

type Fate = 'answered' | 'lost' | 'unsent'
type Status = 'done' | 'refused' | 'unknown'

interface World {
  /** The gateway settled the payment before the reject: a void is refused there. */
  settled: boolean
  voided: boolean
  refunds: number
  row: Status
  /** The settle's refund after a refused void, by its reference: made once. */
  refundRecorded: boolean
}

/** The gateway takes a void call; what our row then says (answerOf's rule for voids). */
function callVoid(world: World, fate: Fate): Status {
  if (fate === 'unsent') return 'unknown'
  const voided = world.voided || !world.settled
  world.voided = voided
  if (fate === 'lost') return 'unknown'
  return voided ? 'done' : 'refused'
}

function answer(world: World, up: boolean, says: boolean): GatewayRefundsAnswer {
  if (!up) return { known: false, resultCode: 'unreachable', resultMessage: '' }
  return {
    known: true,
    total: world.refunds,
    refunds: null,
    voided: says ? world.voided : null,
    captured: null,
    resultCode: '00',
    resultMessage: '',
  }
}

function look(world: World, up: boolean, says: boolean, resend: Fate) {
  if (world.row !== 'unknown') return
  const verdict = voidVerdict(answer(world, up, says))
  if (verdict === 'done') world.row = 'done'
  else if (verdict === 'absent') world.row = callVoid(world, resend)
}

/** The store action's settle (giveEverythingBack): a refund only after a refused void. */
function settle(world: World) {
  if (world.row !== 'refused' || world.refundRecorded) return
  world.refunds++
  world.refundRecorded = true
}

const FATES = fc.constantFrom<Fate>('answered', 'lost', 'unsent')

const scenario = fc.record({
  settled: fc.boolean(),
  first: FATES,
  looks: fc.array(fc.record({ up: fc.boolean(), says: fc.boolean(), resend: FATES }), {
    maxLength: 20,
  }),
})

describe('void reconciliation, any sequence of gateway answers', () => {
  it('records what the gateway did, gives the money back once, and settles', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const world: World = {
          settled: input.settled,
          voided: false,
          refunds: 0,
          row: 'unknown',
          refundRecorded: false,
        }
        const invariant = () => {
          if (world.row === 'done') expect(world.voided).toBe(true)
          if (world.row === 'refused') expect(world.voided).toBe(false)
          expect(world.voided && world.refunds > 0).toBe(false)
          expect(world.refunds).toBeLessThanOrEqual(1)
        }
        world.row = callVoid(world, input.first)
        settle(world)
        invariant()
        for (const { up, says, resend } of input.looks) {
          look(world, up, says, resend)
          settle(world)
          invariant()
        }
        // The gateway answers for good: a few looks settle the void, and the settle follows.
        for (let pass = 0; pass < 3; pass++) {
          look(world, true, true, 'answered')
          settle(world)
          invariant()
        }
        expect(world.row).not.toBe('unknown')
        expect(world.voided || world.refunds === 1).toBe(true)
      }),
      { numRuns: 500 }
    )
  })
})
