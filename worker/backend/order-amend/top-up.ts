import { MESSAGES } from '../../../schemas/messages.ts'
import type { AmendResult, AmendTopUpAnswer } from '../../../schemas/order-amend.ts'
import { AppError } from '../../lib/errors.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { coverage, type KeptPayment } from '../payments/order-payments.ts'
import { isBusinessUrl, topUpNotKeptStatement, type PaymentRow } from '../payments/repo.ts'
import { voidOwed, requirePayment, type PaymentsEnv } from '../payments/service.ts'
import { assertTopUpAvailable, recordTopUpAnswer, startTopUp } from '../payments/top-up.ts'
import { isSlotFull } from '../slots/service.ts'
import { amendNoticeKey } from './notice-effect.ts'
import type { AmendedPricing, AmendLine } from './pricing.ts'
import {
  abandonPendingChange,
  amendOrderBatch,
  findPendingChange,
  findPlacedAmendOrder,
  insertPendingChange,
  type AmendOrderRow,
  type SlotMove,
} from './repo.ts'

/*
 * An amend the order's payments do not cover (issue 42, ADR 059): the change is priced as any
 * amend, then held (amend_pending) while the shopper authorises the difference on the hosted card
 * page; the order keeps its lines, total and slot meanwhile. The signed answer, verified by
 * payments, applies the held change by the amend's own guarded batch, only at the version and
 * total it was priced from and only while the change is still pending, with the new total within
 * what the payments (the top-up among them) cover. A change that can no longer be applied (the
 * order changed or closed meanwhile) gives its authorisation back by a void; a refused or
 * abandoned payment changes nothing.
 */

/** The amend's bindings and adapters (as service.ts's AmendEnv; its own, so neither imports the other). */
type AmendEnv = PaymentsEnv

export interface PaymentUrls {
  successUrl: string
  failureUrl: string
  cancelUrl: string
}

/** The change as held: the priced lines and totals, and the slot move with its instants. */
interface HeldChange {
  amended: AmendedPricing
  slot: (Omit<SlotMove, 'start' | 'end'> & { start: string; end: string }) | null
}

function heldJson(amended: AmendedPricing, slot: SlotMove | null): string {
  const held: HeldChange = {
    amended,
    slot: slot ? { ...slot, start: slot.start.toISOString(), end: slot.end.toISOString() } : null,
  }
  return JSON.stringify(held)
}

function heldOf(json: string): { amended: AmendedPricing; slot: SlotMove | null } {
  const held = JSON.parse(json) as HeldChange
  return {
    amended: held.amended,
    slot: held.slot
      ? { ...held.slot, start: new Date(held.slot.start), end: new Date(held.slot.end) }
      : null,
  }
}

/**
 * What a card holds for the amended order's weighed lines over their estimates, at the order's
 * margin (ADR 039): a top-up holds it too, so picking may cap the new lines as it caps the old.
 */
function weighedMargin(
  row: AmendOrderRow,
  lines: ReadonlyArray<AmendLine>,
  amended: AmendedPricing
) {
  const margin = row.weighed_margin_percent
  if (margin === 0) return 0
  const weighed = new Set(lines.filter((line) => line.weighing !== null).map((line) => line.id))
  const kept = amended.lines
    .filter((line) => weighed.has(line.id))
    .reduce((sum, line) => sum + Math.floor((line.totalPrice * margin) / 100), 0)
  const added = amended.added
    .filter((line) => line.weighing !== null)
    .reduce((sum, line) => sum + Math.floor((line.totalPrice * margin) / 100), 0)
  return kept + added
}

/**
 * The difference a top-up must authorise: the new total and its margin, less what the kept
 * payments cover (a refund an earlier amend owes counted as gone, even before its effect ran).
 */
export function topUpAmount(
  row: AmendOrderRow,
  lines: ReadonlyArray<AmendLine>,
  amended: AmendedPricing,
  kept: ReadonlyArray<KeptPayment>
): number {
  return amended.total + weighedMargin(row, lines, amended) - coverage(kept)
}

/**
 * Holds the priced change and starts its top-up: the answer carries the hosted page's request.
 * Without return addresses (an API caller that cannot send the shopper to pay) it is refused as
 * before, and nothing is held.
 */
export async function holdForPayment(
  env: AmendEnv,
  row: AmendOrderRow,
  change: { amended: AmendedPricing; slot: SlotMove | null; amount: number },
  urls: PaymentUrls | undefined,
  now: Date
): Promise<AmendResult> {
  if (urls === undefined) throw new AppError('conflict', MESSAGES.amendNeedsPayment)
  assertTopUpAvailable(env)
  for (const url of [urls.successUrl, urls.failureUrl, urls.cancelUrl]) {
    if (!(await isBusinessUrl(env.DB, row.business_id, url))) {
      throw new AppError('validation_error', MESSAGES.paymentReturnUrlInvalid)
    }
  }
  const pendingId = await insertPendingChange(
    env.DB,
    row,
    {
      newTotal: change.amended.total,
      amount: change.amount,
      json: heldJson(change.amended, change.slot),
    },
    now
  )
  const started = await startTopUp(
    env,
    { businessId: row.business_id, orderId: row.id, pendingId, amount: change.amount, ...urls },
    now
  )
  return {
    version: row.amend_version,
    total: row.total,
    refunded: 0,
    payment: { amount: change.amount, total: change.amended.total, redirect: started.redirect },
  }
}

/**
 * Applies the held change of a kept top-up: one guarded batch on the order's version, total and
 * the change still pending. True when the change is made (now or by an earlier answer). Else the
 * change is given up and the top-up voided, once, whoever got there first.
 */
async function applyHeldChange(
  env: AmendEnv,
  payment: PaymentRow,
  isOpen: (row: AmendOrderRow) => boolean,
  now: Date
): Promise<boolean> {
  const db = env.DB
  if (payment.amend_pending_id === null) return false
  const pending = await findPendingChange(db, payment.business_id, payment.amend_pending_id)
  if (!pending) return false
  if (pending.status === 'applied') return true
  const kept =
    (payment.status === 'authorised' || payment.status === 'captured') &&
    payment.void_reason === null
  if (pending.status === 'pending' && kept) {
    const row = await findPlacedAmendOrder(db, pending.business_id, pending.order_id)
    if (
      row &&
      row.amend_version === pending.from_version &&
      row.total === pending.from_total &&
      isOpen(row)
    ) {
      const { amended, slot } = heldOf(pending.change_json)
      let won = false
      try {
        won = await amendOrderBatch(
          db,
          row,
          amended,
          { kind: 'covered' },
          null,
          slot,
          now,
          pending.id
        )
      } catch (error) {
        // A slot filled meanwhile rolls the whole change back: it is given up like any other.
        if (!isSlotFull(error)) throw error
      }
      if (won) {
        await dispatchEffects(env, [amendNoticeKey(row.id, row.amend_version + 1)], now)
        return true
      }
    }
  }
  const after = await findPendingChange(db, payment.business_id, pending.id)
  if (after?.status === 'applied') return true
  await abandonPendingChange(db, pending.id, now)
  // Whatever gave the change up, its authorisation is not kept: the shopper is not charged.
  await topUpNotKeptStatement(db, payment.id, now.toISOString()).run()
  await voidOwed(env, await requirePayment(db, payment.business_id, payment.id), now)
  return false
}

/**
 * The hosted card page's answer to a top-up (posted to AMEND_HPP_RESPONSE_PATH): recorded by
 * payments, then the held change applied or given up. Replays answer the same.
 */
export async function topUpAnswer(
  env: AmendEnv,
  input: { businessId: number; hppResponse: string },
  isOpen: (row: AmendOrderRow) => boolean,
  now: Date
): Promise<AmendTopUpAnswer> {
  const payment = await recordTopUpAnswer(env, input, now)
  const applied = await applyHeldChange(env, payment, isOpen, now)
  const after = await requirePayment(env.DB, payment.business_id, payment.id)
  return {
    outcome: applied ? 'applied' : 'not_taken',
    nextUrl: applied
      ? after.success_url
      : after.status === 'declined' || after.status === 'failed'
        ? after.failure_url
        : after.cancel_url,
  }
}
