import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PaymentSandbox } from '../../../worker/backend/adapters.ts'
import { captureOrderPayment } from '../../../worker/backend/payments/capture.ts'
import { reconcileRefunds } from '../../../worker/backend/payments/refund-reconciliation.ts'
import { refundPayment } from '../../../worker/backend/payments/refunds.ts'
import { givenBackOnOrder } from '../../../worker/backend/payments/refunds-repo.ts'
import { giveEverythingBack } from '../../../worker/backend/store-orders/effects.ts'
import { backendAdapters } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { framesEnv } from './frames-fixtures.ts'
import {
  NOW,
  type Paid,
  ledgerOf,
  paidOf,
  paidWithRealex,
  paymentOf,
  sandbox,
} from './paid-fixtures.ts'
import {
  type Held,
  heldWithFrames as heldOnFrames,
  heldWithRealex as heldOnRealex,
  seedWeighedSteak,
} from '../../support/workers/held-orders.ts'

/*
 * A void the gateway did not answer (issue 37, ADR 017 "Refunds"): a store rejecting a card order
 * voids its authorisation; when that call's answer is lost (the sandbox voided it, then the
 * connection dropped) or it never arrived, the void is unknown, not refused. The store action's
 * settle then refunds nothing beside it (a hold for weighed lines cannot be refunded at all: the
 * fault bench's "given back but no money came back"), and the reconciliation asks the gateway and
 * settles the void once, however many passes race. A hold's capture at picking left so is asked
 * about the same way before anything of it is refunded (the 50-shopper bench's refused refund).
 */

let steak: number

beforeAll(async () => {
  steak = await seedWeighedSteak()
})

const paidOfHeld = ({ draft, paymentId }: Held): Promise<Paid> =>
  paidOf(draft.orderId, draft.total, paymentId)

/** A card order with 750 g of steak: a hold, not settled. */
const heldWithRealex = async () => paidOfHeld(await heldOnRealex(steak))
const heldWithFrames = async () => paidOfHeld(await heldOnFrames(steak))

type Mode = 'lost' | 'unsent'
type Call = 'void' | 'capture'

const CALLS: Record<Call, { realex: string; frames: string }> = {
  void: { realex: 'type="void"', frames: '/voids' },
  capture: { realex: 'type="settle"', frames: '/captures' },
}

/**
 * The sandbox with its `call` calls dropping the connection: `lost` hands the call on first (the
 * gateway acted, the answer never came), `unsent` drops it before. `calls` counts the calls that
 * reached the gateway. Queries go through.
 */
function dropping(call: Call, mode: Mode, times = 1): PaymentSandbox & { calls: () => number } {
  let failures = 0
  let calls = 0
  const pass = async (forward: () => Promise<Response>, matches: boolean) => {
    if (!matches) return forward()
    if (failures >= times) {
      calls++
      return forward()
    }
    failures++
    if (mode === 'lost') {
      calls++
      await forward()
    }
    throw new TypeError('fetch failed: connection reset')
  }
  return {
    ...sandbox,
    calls: () => calls,
    remoteFetch: (bindings) => {
      const real = sandbox.remoteFetch(bindings)
      return (input, init) =>
        pass(() => real(input, init), String(init?.body ?? '').includes(CALLS[call].realex))
    },
    framesFetch: (bindings) => {
      const real = sandbox.framesFetch(bindings)
      return (input, init) =>
        pass(() => real(input, init), init.method === 'POST' && input.endsWith(CALLS[call].frames))
    },
  }
}

const droppingVoids = (mode: Mode, times = 1) => {
  const sandboxed = dropping('void', mode, times)
  return Object.assign(sandboxed, { voids: sandboxed.calls })
}

async function voidRow(orderId: number) {
  return env.DB.prepare(
    `select status, reconcile_attempts from payment_refunds where reference = ?1`
  )
    .bind(`o${orderId}-void`)
    .first<{ status: string; reconcile_attempts: number }>()
}

/** Whether the sandbox's own record says the authorisation is voided (a hold's ledger shows 0). */
async function voidedAtSandbox(paid: Paid): Promise<boolean> {
  const row = await env.DB.prepare(
    `select (select count(*) from sandbox_hpp_requests where order_id = ?1 and status = 'voided')
       + (select count(*) from sandbox_frames_payments where reference = ?1 and status = 'Voided')
       as voided`
  )
    .bind(paid.gatewayOrderId)
    .first<{ voided: number }>()
  return (row?.voided ?? 0) > 0
}

const REASON = 'The store cannot take this order today.'

/** The store's reject, as its settle effect gives the money back: fails while the void is open. */
function reject(environment: Env, paid: Paid, paymentSandbox: PaymentSandbox = sandbox) {
  return giveEverythingBack(
    { ...environment, ...backendAdapters, paymentSandbox },
    { business_id: 1, id: paid.orderId },
    paid.total,
    REASON,
    NOW,
    true
  )
}

const LATER = new Date(NOW.getTime() + 5 * 60_000)

const GATEWAYS = [
  { name: 'Realex', environment: testEnv, held: heldWithRealex },
  { name: 'frames', environment: framesEnv, held: heldWithFrames },
] as const

describe.each(GATEWAYS)('a rejected held order through $name', ({ environment, held }) => {
  const reconcile = (now: Date, paymentSandbox: PaymentSandbox = sandbox) =>
    reconcileRefunds({ ...environment, ...backendAdapters, paymentSandbox }, now, 50)

  it('whose void answer was lost: unknown, not refunded, then reconciled once', async () => {
    const paid = await held()
    const dropping = droppingVoids('lost')
    await expect(reject(environment, paid, dropping)).rejects.toThrow(/not settled/)
    expect(await voidRow(paid.orderId)).toMatchObject({ status: 'unknown' })
    expect(await voidedAtSandbox(paid)).toBe(true)
    // The settle's retry before the reconciliation neither refunds nor voids again.
    await expect(reject(environment, paid, dropping)).rejects.toThrow(/not settled/)
    expect(dropping.voids()).toBe(1)

    await reconcile(LATER)
    expect(await voidRow(paid.orderId)).toMatchObject({ status: 'done', reconcile_attempts: 1 })
    expect((await paymentOf(paid.paymentId)).status).toBe('cancelled')
    expect(await reject(environment, paid)).toBe(paid.total)
    expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(0)
  })

  it('whose void never arrived: sent again by exactly one of 20 racing passes', async () => {
    const paid = await held()
    await expect(reject(environment, paid, droppingVoids('unsent'))).rejects.toThrow()
    expect(await voidRow(paid.orderId)).toMatchObject({ status: 'unknown' })
    expect(await voidedAtSandbox(paid)).toBe(false)

    const counting = droppingVoids('unsent', 0)
    await Promise.all(Array.from({ length: 20 }, () => reconcile(LATER, counting)))
    expect(counting.voids()).toBe(1)
    expect(await voidRow(paid.orderId)).toMatchObject({ status: 'done', reconcile_attempts: 1 })
    expect(await voidedAtSandbox(paid)).toBe(true)
    expect(await givenBackOnOrder(env.DB, 1, paid.orderId)).toBe(
      (await paymentOf(paid.paymentId)).amount
    )
  })
})

describe('a rejected card order settled at once, whose void never arrived', () => {
  it('is not refunded while the void is unknown; the void is sent again instead', async () => {
    const paid = await paidWithRealex()
    await expect(reject(testEnv, paid, droppingVoids('unsent'))).rejects.toThrow(/not settled/)
    const refund = await env.DB.prepare(`select status from payment_refunds where reference = ?1`)
      .bind(`o${paid.orderId}-all`)
      .first()
    expect(refund).toBeNull()
    await reconcileRefunds({ ...testEnv, ...backendAdapters }, LATER, 50)
    expect(await voidRow(paid.orderId)).toMatchObject({ status: 'done' })
    expect(await reject(testEnv, paid)).toBe(paid.total)
    expect(await ledgerOf(paid.gatewayOrderId)).toMatchObject({ refunded: 0 })
  })
})

describe.each(GATEWAYS)(
  'a held order whose capture at picking went unanswered, through $name',
  ({ environment, held }) => {
    const capture = (paid: Paid, paymentSandbox: PaymentSandbox = sandbox) =>
      captureOrderPayment(
        { ...environment, ...backendAdapters, paymentSandbox },
        { orderId: paid.orderId, amount: paid.total },
        NOW
      )
    const refund = (paid: Paid, reference: string) =>
      refundPayment(
        { ...environment, ...backendAdapters },
        { businessId: 1, paymentId: paid.paymentId, reference, amount: 100, reason: 'returned' },
        NOW
      )

    it('never made: nothing is refunded until a rerun captures it, once of 20', async () => {
      const paid = await held()
      expect(await capture(paid, dropping('capture', 'unsent'))).toMatchObject({ kind: 'unknown' })
      await expect(refund(paid, `early-${paid.paymentId}`)).rejects.toThrow()
      expect((await ledgerOf(paid.gatewayOrderId))?.captured).toBe(0)

      const counting = dropping('capture', 'unsent', 0)
      await Promise.all(Array.from({ length: 20 }, () => capture(paid, counting)))
      expect(counting.calls()).toBe(1)
      expect((await ledgerOf(paid.gatewayOrderId))?.captured).toBe(paid.total)
      expect(await refund(paid, `late-${paid.paymentId}`)).toMatchObject({ status: 'done' })
      expect((await ledgerOf(paid.gatewayOrderId))?.refunded).toBe(100)
    })

    it("never made: the store's full refund captures it first, then gives it back", async () => {
      const paid = await held()
      expect(await capture(paid, dropping('capture', 'unsent'))).toMatchObject({ kind: 'unknown' })
      const given = await giveEverythingBack(
        { ...environment, ...backendAdapters },
        { business_id: 1, id: paid.orderId },
        paid.total,
        'The shopper returned the whole order.',
        NOW,
        false
      )
      expect(given).toBe(paid.total)
      expect(await ledgerOf(paid.gatewayOrderId)).toMatchObject({
        captured: paid.total,
        refunded: paid.total,
      })
    })

    it('made, its answer lost: found at the gateway and never captured twice', async () => {
      const paid = await held()
      const lost = dropping('capture', 'lost')
      expect(await capture(paid, lost)).toMatchObject({ kind: 'unknown' })
      expect(await capture(paid, lost)).toMatchObject({
        kind: 'already_captured',
        amount: paid.total,
      })
      expect(lost.calls()).toBe(1)
      expect((await ledgerOf(paid.gatewayOrderId))?.captured).toBe(paid.total)
      expect(await refund(paid, `after-${paid.paymentId}`)).toMatchObject({ status: 'done' })
    })
  }
)
