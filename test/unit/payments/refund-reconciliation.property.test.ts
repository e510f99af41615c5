import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GatewayRefundsAnswer } from '../../../worker/backend/payments/gateway.ts'
import { refundVerdict } from '../../../worker/backend/payments/refund-verdict.ts'

/*
 * The reconciliation's decision against a model gateway, for any sequence of its answers: each
 * refund's call is answered (made or refused), lost after the money moved, or lost before it;
 * each later look finds the gateway up or down, and a resent refund meets the same fates. The
 * recorded side follows the SQL guards (a row settles once; amount_refunded + x ≤ amount).
 * Whatever happens, we never record more than the gateway gave back nor more than was captured;
 * once every refund is settled, what we recorded is exactly the gateway's ledger.
 */

type Fate = 'answered' | 'lost' | 'unsent' | 'refused'
type Status = 'done' | 'refused' | 'unknown'

interface Row {
  reference: string
  amount: number
  status: Status
}

interface World {
  captured: number
  /** The gateway's ledger: the refunds it made, by our reference. */
  made: Map<string, number>
  rows: Array<Row>
  recorded: number
}

/** The gateway takes a refund call; what our row then says. */
function call(world: World, row: Row, fate: Fate): Status {
  const madeSoFar = [...world.made.values()].reduce((a, b) => a + b, 0)
  const fits = madeSoFar + row.amount <= world.captured
  // The frames provider keys its idempotency by our reference: a resend pays nothing twice.
  const already = world.made.has(row.reference)
  if (fate === 'refused' || (!fits && !already)) return 'refused'
  if (fate === 'unsent') return 'unknown'
  world.made.set(row.reference, row.amount)
  return fate === 'lost' ? 'unknown' : 'done'
}

function record(world: World, row: Row, status: Status) {
  if (row.status !== 'unknown') return
  if (status === 'done') {
    if (world.recorded + row.amount > world.captured) return
    world.recorded += row.amount
  }
  row.status = status
}

function answerOf(world: World, byReference: boolean): GatewayRefundsAnswer {
  const refunds = [...world.made].map(([reference, amount]) => ({
    reference,
    amount,
    actionRef: `act-${reference}`,
  }))
  return {
    known: true,
    total: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    refunds: byReference ? refunds : null,
    voided: null,
    captured: null,
    resultCode: '00',
    resultMessage: '',
  }
}

function look(world: World, row: Row, up: boolean, resend: Fate, byReference: boolean) {
  if (row.status !== 'unknown') return
  if (!up) return
  const verdict = refundVerdict(row, answerOf(world, byReference), {
    refunded: world.recorded,
    otherUnsettled: world.rows
      .filter((other) => other !== row && other.status === 'unknown')
      .map((other) => other.amount),
  })
  if (verdict.verdict === 'done') record(world, row, 'done')
  else if (verdict.verdict === 'absent') record(world, row, call(world, row, resend))
}

const FATES = fc.constantFrom<Fate>('answered', 'lost', 'unsent', 'refused')

const scenario = fc.record({
  captured: fc.integer({ min: 100, max: 5000 }),
  refunds: fc.array(fc.record({ share: fc.integer({ min: 1, max: 60 }), fate: FATES }), {
    minLength: 1,
    maxLength: 5,
  }),
  looks: fc.array(fc.record({ up: fc.boolean(), resend: FATES }), { maxLength: 30 }),
})

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

function play(input: Scenario, byReference: boolean): World {
  const world: World = { captured: input.captured, made: new Map(), rows: [], recorded: 0 }
  const invariant = () => {
    const made = [...world.made.values()].reduce((a, b) => a + b, 0)
    expect(world.recorded).toBeLessThanOrEqual(made)
    expect(made).toBeLessThanOrEqual(world.captured)
  }
  input.refunds.forEach(({ share, fate }, index) => {
    const amount = Math.max(1, Math.floor((input.captured * share) / 100))
    // The claim refuses a refund above what the payment still holds beyond those in flight.
    const held = world.rows
      .filter((row) => row.status !== 'refused')
      .reduce((sum, row) => sum + row.amount, 0)
    if (held + amount > input.captured) return
    const row: Row = { reference: `r${index}`, amount, status: 'unknown' }
    world.rows.push(row)
    record(world, row, call(world, row, fate))
    invariant()
  })
  let turn = 0
  for (const { up, resend } of input.looks) {
    const row = world.rows[turn++ % Math.max(world.rows.length, 1)]
    if (row) look(world, row, up, resend, byReference)
    invariant()
  }
  // The gateway comes back for good: keep looking until nothing changes.
  for (let pass = 0; pass < 10; pass++) {
    for (const row of world.rows) look(world, row, true, 'answered', byReference)
    invariant()
  }
  return world
}

describe('refund reconciliation, any sequence of gateway answers', () => {
  it('by reference (frames): every refund settles and we record exactly the ledger', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const world = play(input, true)
        expect(world.rows.every((row) => row.status !== 'unknown')).toBe(true)
        const made = [...world.made.values()].reduce((a, b) => a + b, 0)
        expect(world.recorded).toBe(made)
        expect(world.recorded).toBeLessThanOrEqual(world.captured)
      }),
      { numRuns: 300 }
    )
  })

  it('by total (Realex): never more than the ledger; once all settle, exactly the ledger', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const world = play(input, false)
        const made = [...world.made.values()].reduce((a, b) => a + b, 0)
        if (world.rows.every((row) => row.status !== 'unknown')) {
          expect(world.recorded).toBe(made)
        }
        // One refund unsettled at a time always settles.
        if (world.rows.length === 1) expect(world.rows[0]?.status).not.toBe('unknown')
      }),
      { numRuns: 300 }
    )
  })
})
