import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { businessLocale } from '../businesses-repo.ts'
import type {
  AmendChanges,
  AmendResult,
  AmendSlot,
  AmendWindow,
} from '../../../schemas/order-amend.ts'
import { weighingOf } from '../../../schemas/weighing.ts'
import { AppError } from '../../lib/errors.ts'
import { parsePricingTerms } from '../orders/repricing.ts'
import { dispatchEffects } from '../effects/relay.ts'
import type { PaymentsEnv } from '../payments/service.ts'
import { amendCutoffRule, amendOpen, slotCutoffInstant, type AmendableOrder } from './cutoff.ts'
import { loadMemberOrder, type MemberOrderRef } from '../member-orders/member-order-route.ts'
import { priceAdditions } from './additions.ts'
import { amendedPricing, type AmendLine } from './pricing.ts'
import { amendNoticeKey } from './notice-effect.ts'
import { amendRefundKey } from './refund-effect.ts'
import { bookableSlot, isSlotFull, slotFullError } from '../slots/service.ts'
import { findKeptPayments } from '../payments/capture-repo.ts'
import { coverage, isHold } from '../payments/order-payments.ts'
import { holdForPayment, topUpAmount } from './top-up.ts'
import {
  amendOrderBatch,
  findAmendLines,
  findMemberAmendOrder,
  findPlacedAmendOrder,
  type AmendCap,
  type AmendOrderRow,
  type SlotMove,
} from './repo.ts'

/*
 * A member changes their placed order until its cut-off (issue 42, ADR 048): quantities of its
 * lines, lines removed, items of the store added (additions.ts). Priced again by the basket's pricing (pricing.ts), written by one guarded
 * batch (repo.ts), then the payment follows: a lower total on a settled card is refunded through
 * refundPayment by the batch's outbox effect (refund-effect.ts, reference o<id>-amend-<version>),
 * and the order may move to another slot of its store (ADR 054: the old place given back, the new
 * one taken in the same batch),
 * a hold is captured
 * for the lower total at picking, cash pays at the door. A higher total than the card covers waits
 * for the difference to be authorised on the hosted card page (top-up.ts, ADR 059).
 */

export type AmendEnv = Env & PaymentsEnv

/** Reads the order being amended as its caller may see it, or throws 404. */
export type AmendOrderLoader = () => Promise<AmendOrderRow>

/** The member's own order. */
export function memberAmendOrder(db: D1Database, ref: MemberOrderRef): AmendOrderLoader {
  return () => loadMemberOrder(ref, (found) => findMemberAmendOrder(db, found))
}

/** An order the tracking call let its caller see (a guest's signed link): the same rules. */
export function trackedAmendOrder(
  db: D1Database,
  tracked: () => Promise<{ id: number; business_id: number }>
): AmendOrderLoader {
  return async () => {
    const order = await tracked()
    const row = await findPlacedAmendOrder(db, order.business_id, order.id)
    if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
    return row
  }
}

function amendableOf(row: AmendOrderRow): AmendableOrder {
  return {
    status: row.status,
    pickingStartedAt: row.picking_started_at,
    slotDate: row.slot_date,
    slotStartsAt: row.slot_starts_at,
    timeZone: row.time_zone,
  }
}

function windowOf(row: AmendOrderRow, now: Date): AmendWindow {
  const rule = amendCutoffRule(row)
  const order = amendableOf(row)
  const open = amendOpen(rule, order, now) && row.total_adjustment === 0 && row.refund === 0
  return {
    open,
    until: open ? (slotCutoffInstant(rule, order)?.toISOString() ?? null) : null,
    version: row.amend_version,
  }
}

export async function amendWindow(load: AmendOrderLoader, now: Date): Promise<AmendWindow> {
  return windowOf(await load(), now)
}

function linesOf(rows: Awaited<ReturnType<typeof findAmendLines>>): Array<AmendLine> {
  return rows.map((row) => ({
    id: row.id,
    itemId: row.kind === 'item' ? row.menu_item_id : null,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    totalPrice: row.total_price,
    weighing: weighingOf(row),
    hasChoices: row.choices > 0,
  }))
}

const stale = () => new AppError('conflict', MESSAGES.amendStale)

/**
 * Another slot of the order's store and method (ADR 054), by the checkout's slot rules, that the
 * business's cut-off still leaves open: an order moved into a slot already past its cut-off
 * would have skipped it. Null when the shopper kept the slot the order has.
 */
async function slotMoveOf(
  db: D1Database,
  row: AmendOrderRow,
  wanted: AmendSlot | undefined,
  now: Date
): Promise<SlotMove | null> {
  if (wanted === undefined) return null
  if (wanted.timeSlotDate === row.slot_date && wanted.timeSlotTime === row.slot_starts_at) {
    return null
  }
  // The new reservation belongs to the order's basket, as the one it replaces does.
  if (row.basket_id === null) throw new AppError('conflict', MESSAGES.slotReserveFailed)
  const { slot, capacity } = await bookableSlot(
    db,
    { businessId: row.business_id, storeId: row.store_id, fulfilmentMethod: row.fulfilment_method },
    wanted,
    now
  )
  const moved = { ...amendableOf(row), slotDate: slot.date, slotStartsAt: slot.time }
  if (!amendOpen(amendCutoffRule(row), moved, now)) {
    throw new AppError('conflict', MESSAGES.amendSlotTooSoon)
  }
  return {
    key: [row.store_id, row.fulfilment_method, slot.date, slot.time],
    endTime: slot.endTime,
    start: slot.start,
    end: slot.end,
    capacity,
  }
}

export async function amendOrder(
  env: AmendEnv,
  load: AmendOrderLoader,
  body: AmendChanges,
  now: Date
): Promise<AmendResult> {
  const db = env.DB
  const row = await load()
  if (!windowOf(row, now).open) throw new AppError('conflict', MESSAGES.amendClosed)
  // Its tax was worked out for the basket as placed (ADR 055); an amend would need it again.
  if (row.tax_json !== null) throw new AppError('conflict', MESSAGES.amendTaxAdded)
  if (row.amend_version !== body.version) throw stale()
  const terms = parsePricingTerms(row.pricing_terms_json)
  // An order placed before its terms were kept cannot be priced as its basket was.
  if (terms === null) throw new AppError('conflict', MESSAGES.amendClosed)
  const [lineRows, kept] = await Promise.all([
    findAmendLines(db, row.id),
    findKeptPayments(db, row.id),
  ])
  const payment = kept.length === 1 ? (kept[0] ?? null) : null
  const changes = new Map(body.changes.map((change) => [change.lineId, change.quantity]))
  const lines = linesOf(lineRows)
  const slot = await slotMoveOf(db, row, body.slot, now)
  const added = await priceAdditions(
    db,
    {
      businessId: row.business_id,
      storeId: row.store_id,
      maxBasketItems: row.max_basket_items,
      now,
    },
    lines,
    changes,
    body.additions
  )
  const amended = amendedPricing(terms, lines, changes, row.credit_applied, added)
  if (amended === 'unknown_line') throw new AppError('validation_error', MESSAGES.amendUnknownLine)
  if (amended === 'empty') throw new AppError('validation_error', MESSAGES.amendEmpty)
  if (amended === 'resize_choices') {
    throw new AppError('validation_error', MESSAGES.amendUnknownLine)
  }
  const shortfall = amended.pricing.totals.minimumSpendShortfall
  if (shortfall > 0) {
    // The words are said in the shopper's language at the edge; the money is the business's.
    const shop = await businessLocale(db, row.business_id)
    throw new AppError(
      'validation_error',
      formatMessage('amendMinimumSpend', formatMoney(shortfall, shop))
    )
  }
  if (amended.total < 0) throw new AppError('conflict', MESSAGES.amendCredit)

  const cash = row.payment_method === 'paymentCash'
  const hold = !cash && payment !== null && isHold(payment) && payment.captured_amount === null
  // Several payments (an earlier top-up, ADR 059): the new total within what they all cover, and
  // nothing refunded now: picking takes the final total from them and gives any excess back.
  const cap: AmendCap = cash
    ? { kind: 'cash' }
    : kept.length > 1
      ? { kind: 'covered' }
      : hold
        ? { kind: 'hold', paymentId: payment.id }
        : { kind: 'settled' }
  const covered =
    cap.kind === 'cash' ||
    (cap.kind === 'settled' ? amended.total <= row.total : amended.total <= coverage(kept))
  if (!covered) {
    // The difference is authorised first; the change waits for it (ADR 059).
    return holdForPayment(
      env,
      row,
      { amended, slot, amount: topUpAmount(row, lines, amended, kept) },
      body.paymentUrls,
      now
    )
  }

  const difference = row.total - amended.total
  const refund =
    cap.kind === 'settled' && difference > 0 && payment !== null
      ? { paymentId: payment.id, amount: difference }
      : null
  let won: boolean
  try {
    won = await amendOrderBatch(db, row, amended, cap, refund, slot, now)
  } catch (error) {
    if (isSlotFull(error)) throw slotFullError()
    throw error
  }
  if (!won) {
    // Lost to another amend, picking, or the store: say which from the order as it is now.
    const after = await load()
    if (!windowOf(after, now).open) throw new AppError('conflict', MESSAGES.amendClosed)
    throw stale()
  }
  const version = row.amend_version + 1
  await dispatchEffects(
    env,
    [
      amendNoticeKey(row.id, version),
      ...(refund === null ? [] : [amendRefundKey({ orderId: row.id, ...refund, version })]),
    ],
    now
  )
  return { version, total: amended.total, refunded: refund?.amount ?? 0, payment: null }
}

/** Whether the order may still be changed now: the top-up's answer applies a change only then. */
export function openNow(now: Date): (row: AmendOrderRow) => boolean {
  return (row) => windowOf(row, now).open && row.tax_json === null
}
