import type { WeighedPick } from '../../../schemas/weighing.ts'
import type { LineMark, StoreOrderStatus } from '../../../schemas/order-states.ts'
import { STATUS_CODE, isProgressStatus } from '../../../schemas/order-states.ts'
import type { ActorRole } from '../../../schemas/order-states.ts'
import { type ActionEffectPayload, settleEffectStatement } from './action-effect-rows.ts'
import { creditHeldSql, returnCreditInBatchStatement } from '../credit/order-credit-repo.ts'

/*
 * The batch of one action (ADR 017 "One batch per action"). The first statement is the conditional
 * update: `where id = ? and status = ?from` plus the facts inside the status the action depends on;
 * it stamps a random token on the order. Every later statement runs only where the order carries
 * that token, so when the update finds nothing (the other member of staff won, or the double click
 * came second) the whole batch writes nothing. The caller reads `changes` of the first result.
 */

/** Facts the conditional update must still find, besides the status. */
export interface OrderGuard {
  readyForCollection?: boolean
  driverId?: number
  /**
   * Money actions: the total the amounts were computed from (a refund as credit or a line refund
   * meanwhile lowers it, and the loser computes again).
   */
  total?: number
  /** A mark: the order's marks are still those it re-priced from (migration 0045). */
  picksVersion?: number
  /** A mark: the line still carries the mark the console showed (0: none yet). */
  line?: { lineId: number; version: number }
  /** Picking done: every line of the picking list is marked. */
  allLinesMarked?: true
}

/** Columns an action sets on the order besides its status. */
export interface OrderChange {
  acceptedAt?: string
  estimatedReadyAt?: string
  pickingStarted?: true
  readyForCollection?: true
  driverId?: number
  closingReason?: string
  /**
   * Reject, cancel, unable to deliver, refund: everything goes back (tip refund first, then
   * refund), total 0.
   */
  refundEverything?: true
  /** A partial refund after delivery, in pence. */
  refundPart?: number
  /**
   * A mark: the re-priced order's picking difference (≤ 0, repricing.ts); the adjustment is it
   * capped at what the card still pays, and total follows.
   */
  pickingDifference?: number
  /** A mark: what weighed lines heavier than their estimate add (≥ 0, within the hold). */
  weighedExtra?: number
}

export interface LinePick {
  lineId: number
  mark: LineMark
  pickedQuantity: number
  /** A weighed line: the grams picked (its chargedPrice is their weighed price, capped). */
  pickedGrams: number | null
  /** A weighed line's weighing (kept in the history: a capped line says so). */
  weighed?: WeighedPick
  substitute: { menuItemId: number; name: string; quantity: number; unitPrice: number } | null
  chargedPrice: number
}

export interface RefundedLine {
  lineId: number
  quantity: number
  refundedBefore: number
}

export interface ActionWrite {
  orderId: number
  from: StoreOrderStatus
  to: StoreOrderStatus
  token: string
  at: string
  guard: OrderGuard
  change: OrderChange
  history: {
    actorStaffId: number | null
    role: ActorRole
    action: string
    reason: string | null
    detail: Record<string, unknown> | null
  }
  /** mark_line: the line's mark. */
  pick?: LinePick
  /**
   * refund_lines: units refunded per line, and the units already refunded that the amounts were
   * computed from (each unit's share is rounded from it).
   */
  refundedLines?: ReadonlyArray<RefundedLine>
  /** reject, auto-reject, cancel: the slot's place goes back. */
  releaseSlot?: true
  /** refund_lines: the part beyond what the card paid, given back as store credit (ADR 020). */
  creditBack?: number
  /** A cash order's refund the staff chose to give as store credit: its amount (pence). */
  cashAsCredit?: { amount: number; staffId: number | null; description: string }
  /** What follows the action: its outbox row, written only if the batch wins (ADR 037). */
  settle?: { businessId: number; payload: ActionEffectPayload }
}

function updateStatement(db: D1Database, write: ActionWrite): D1PreparedStatement {
  const { guard, change } = write
  const sets: Array<string> = [
    'status = ?3',
    'status_code = ?4',
    'updated_at = ?5',
    'action_token = ?6',
  ]
  const binds: Array<string | number | null> = [
    write.orderId,
    write.from,
    write.to,
    isProgressStatus(write.to) ? STATUS_CODE[write.to] : null,
    write.at,
    write.token,
  ]
  const bind = (value: string | number | null): string => {
    binds.push(value)
    return `?${binds.length}`
  }
  if (change.acceptedAt !== undefined) sets.push(`accepted_at = ${bind(change.acceptedAt)}`)
  if (change.estimatedReadyAt !== undefined) {
    sets.push(`estimated_ready_at = ${bind(change.estimatedReadyAt)}`)
  }
  if (change.pickingStarted) sets.push('picking_started_at = coalesce(picking_started_at, ?5)')
  if (change.readyForCollection) sets.push('ready_for_collection_at = ?5')
  if (change.driverId !== undefined) sets.push(`driver_id = ${bind(change.driverId)}`)
  if (change.closingReason !== undefined)
    sets.push(`closing_reason = ${bind(change.closingReason)}`)
  if (change.refundEverything) {
    // SQLite's SET reads the row as it was before the update: the tip first, the rest as refund.
    sets.push(
      'tip_refund = min(delivery_tip, original_total + total_adjustment)',
      'refund = original_total + total_adjustment - min(delivery_tip, original_total + total_adjustment)',
      'total = 0'
    )
  }
  if (change.refundPart !== undefined) {
    const amount = bind(change.refundPart)
    sets.push(`refund = refund + ${amount}`, `total = total - ${amount}`)
  }
  if (change.pickingDifference !== undefined) {
    // The card's part stops at what it still pays; the rest was credit (credit/order-credit-repo).
    const difference = bind(change.pickingDifference)
    const extra = bind(change.weighedExtra ?? 0)
    const adjustment = `max(-(original_total - refund - tip_refund), ${difference}) + ${extra}`
    sets.push(
      'picks_version = picks_version + 1',
      `picking_difference = ${difference}`,
      `weighed_extra = ${extra}`,
      `total_adjustment = ${adjustment}`,
      `total = original_total + ${adjustment} - refund - tip_refund`
    )
  }
  const where = ['id = ?1', 'status = ?2']
  if (guard.readyForCollection === true) where.push('ready_for_collection_at is not null')
  if (guard.readyForCollection === false) where.push('ready_for_collection_at is null')
  if (guard.driverId !== undefined) where.push(`driver_id = ${bind(guard.driverId)}`)
  if (guard.total !== undefined) where.push(`total = ${bind(guard.total)}`)
  // Each amount the batch moves is conditioned here, in the statement that decides the race:
  // the card's part on what the order still owes, the credit's on what it still holds, the units
  // on what was delivered and not yet refunded.
  if (change.refundPart !== undefined) where.push(`total >= ${bind(change.refundPart)}`)
  if (change.pickingDifference !== undefined) {
    // More than agreed only for weighed lines, and never more than their payment holds.
    where.push(`${bind(change.weighedExtra ?? 0)} <= ${WEIGHED_HOLD}`)
  }
  if (guard.picksVersion !== undefined) where.push(`picks_version = ${bind(guard.picksVersion)}`)
  if (guard.line !== undefined) {
    where.push(
      `coalesce((select version from order_line_picks where order_line_id = ${bind(guard.line.lineId)}
                 and order_id = ?1), 0) = ${bind(guard.line.version)}`
    )
  }
  if (guard.allLinesMarked) {
    where.push(`not exists (select 1 from order_lines l
      where l.order_id = ?1 and l.parent_line_id is null
        and not exists (select 1 from order_line_picks k where k.order_line_id = l.id))`)
  }
  if ((write.creditBack ?? 0) > 0) {
    where.push(`${creditHeldSql('orders')} >= ${bind(write.creditBack ?? 0)}`)
  }
  for (const line of write.refundedLines ?? []) where.push(lineRefundCondition(bind, line))
  return db
    .prepare(`update orders set ${sets.join(', ')} where ${where.join(' and ')}`)
    .bind(...binds)
}

/** What the order's payment holds over the estimate of its weighed lines (ADR 039), in pence. */
const WEIGHED_HOLD = `(select coalesce(sum(l.total_price * weighed_margin_percent / 100), 0)
  from order_lines l where l.order_id = ?1 and l.parent_line_id is null and l.sold_by <> 'each')`

/** Units of a pick row the shopper received: what may ever be refunded. */
const RECEIVED = `(case when mark = 'substituted' then coalesce(substitute_quantity, 0)
  else picked_quantity end)`

/**
 * The line refund's own condition, inside the order's conditional update: the line holds the
 * units read and still has these units left to refund (never more than were delivered).
 */
function lineRefundCondition(bind: (value: number) => string, line: RefundedLine): string {
  return `exists (select 1 from order_line_picks where order_line_id = ${bind(line.lineId)}
    and order_id = ?1 and refunded_quantity = ${bind(line.refundedBefore)}
    and refunded_quantity + ${bind(line.quantity)} <= ${RECEIVED})`
}

/** `where` clause of the followers: the order carries this action's token. */
const OURS = `exists (select 1 from orders where id = ?1 and action_token = ?2)`

function pickStatements(
  db: D1Database,
  write: ActionWrite,
  pick: LinePick
): Array<D1PreparedStatement> {
  const { substitute } = pick
  return [
    db
      .prepare(
        `insert into order_line_picks (order_line_id, order_id, mark, picked_quantity,
           substitute_menu_item_id, substitute_name, substitute_quantity, substitute_unit_price,
           charged_price, refunded_quantity, marked_by, marked_at, picked_grams,
           substitute_vat_class)
         select ?3, ?1, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, ?11, ?12, ?13,
           (select vat_class from menu_items where id = ?6)
         where ${OURS} and exists (select 1 from order_lines l join orders o on o.id = l.order_id
             where l.id = ?3 and l.order_id = ?1 and l.parent_line_id is null
               and (?13 is null or l.sold_by <> 'each')
               and (?4 <> 'picked' or l.sold_by = 'each' or ?13 is not null)
               and ?10 <= l.total_price + case when l.sold_by = 'each' then 0
                 else l.total_price * o.weighed_margin_percent / 100 end)
         on conflict (order_line_id) do update set mark = excluded.mark,
           picked_quantity = excluded.picked_quantity,
           substitute_menu_item_id = excluded.substitute_menu_item_id,
           substitute_name = excluded.substitute_name,
           substitute_quantity = excluded.substitute_quantity,
           substitute_unit_price = excluded.substitute_unit_price,
           charged_price = excluded.charged_price, picked_grams = excluded.picked_grams,
           substitute_vat_class = excluded.substitute_vat_class,
           marked_by = excluded.marked_by,
           marked_at = excluded.marked_at, version = order_line_picks.version + 1`
      )
      .bind(
        write.orderId,
        write.token,
        pick.lineId,
        pick.mark,
        pick.pickedQuantity,
        substitute?.menuItemId ?? null,
        substitute?.name ?? null,
        substitute?.quantity ?? null,
        substitute?.unitPrice ?? null,
        pick.chargedPrice,
        write.history.actorStaffId,
        write.at,
        pick.pickedGrams
      ),
  ]
}

function refundedLineStatement(
  db: D1Database,
  write: ActionWrite,
  line: RefundedLine
): D1PreparedStatement {
  return db
    .prepare(
      `update order_line_picks set refunded_quantity = refunded_quantity + ?4
       where order_line_id = ?3 and order_id = ?1 and ${OURS}
         and refunded_quantity + ?4 <= ${RECEIVED}`
    )
    .bind(write.orderId, write.token, line.lineId, line.quantity)
}

/**
 * A cash refund given as store credit: written only where the action won, whose conditional
 * update bounded the amount by what the order still owes (its own `total` conditions).
 */
function cashAsCreditStatement(
  db: D1Database,
  write: ActionWrite,
  credit: NonNullable<ActionWrite['cashAsCredit']>
): D1PreparedStatement {
  return db
    .prepare(
      `insert into customer_credit_ledger (business_id, customer_id, amount, kind, reference,
         description, order_id, staff_id, created_at)
       select o.business_id, o.customer_id, ?3, 'refund_as_credit',
         'order:' || o.id || ':cash:' || ?2, ?4, o.id, ?5, ?6
       from orders o where o.id = ?1 and o.action_token = ?2 and o.customer_id is not null
       on conflict (customer_id, reference) do nothing`
    )
    .bind(write.orderId, write.token, credit.amount, credit.description, credit.staffId, write.at)
}

/** The order's confirmed slot reservation gives its place back (reject, cancel). */
function releaseSlotStatements(db: D1Database, write: ActionWrite): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        `update time_slots set reserved_count = reserved_count - 1
         where id in (select time_slot_id from slot_reservations
                      where order_id = ?1 and status = 'confirmed') and ${OURS}`
      )
      .bind(write.orderId, write.token),
    db
      .prepare(
        `update slot_reservations set status = 'released', released_at = ?3
         where order_id = ?1 and status = 'confirmed' and ${OURS}`
      )
      .bind(write.orderId, write.token, write.at),
  ]
}

function historyStatement(db: D1Database, write: ActionWrite): D1PreparedStatement {
  const { history } = write
  return db
    .prepare(
      `insert into order_history (order_id, actor_staff_id, role, action, from_status, to_status,
         reason, detail_json, at)
       select ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 where ${OURS}`
    )
    .bind(
      write.orderId,
      write.token,
      history.actorStaffId,
      history.role,
      history.action,
      write.from,
      write.to,
      history.reason,
      history.detail === null ? null : JSON.stringify(history.detail),
      write.at
    )
}

/**
 * Runs the action's batch; answers whether this call won (its conditional update changed the
 * order). False: nothing was written.
 */
export async function writeAction(db: D1Database, write: ActionWrite): Promise<boolean> {
  const statements: Array<D1PreparedStatement> = [updateStatement(db, write)]
  if (write.pick) statements.push(...pickStatements(db, write, write.pick))
  for (const line of write.refundedLines ?? []) {
    statements.push(refundedLineStatement(db, write, line))
  }
  if ((write.creditBack ?? 0) > 0) {
    statements.push(
      returnCreditInBatchStatement(db, {
        orderId: write.orderId,
        amount: write.creditBack ?? 0,
        token: write.token,
        at: write.at,
      })
    )
  }
  if (write.cashAsCredit) statements.push(cashAsCreditStatement(db, write, write.cashAsCredit))
  if (write.releaseSlot) statements.push(...releaseSlotStatements(db, write))
  statements.push(historyStatement(db, write))
  if (write.settle) {
    statements.push(
      settleEffectStatement(db, write.settle.businessId, write.settle.payload, new Date(write.at))
    )
  }
  const [updated] = await db.batch(statements)
  return (updated?.meta.changes ?? 0) === 1
}

/** An order nobody has accepted yet, with its store's window and time zone (the cron). */
export interface WaitingOrderRow {
  id: number
  business_id: number
  store_id: number
  business_order_id: string
  placed_at: string
  accept_alerted_at: string | null
  accept_window_minutes: number | null
  time_zone: string
}

/** Orders of every store still Sent to Store placed before the instant, oldest first. */
export async function waitingOrders(
  db: D1Database,
  placedBefore: string
): Promise<Array<WaitingOrderRow>> {
  const { results } = await db
    .prepare(
      `select o.id, o.business_id, o.store_id, o.business_order_id, o.placed_at,
         o.accept_alerted_at, s.order_accept_window_minutes as accept_window_minutes, s.time_zone
       from orders o join stores s on s.id = o.store_id
       where o.status = 'sent_to_store' and o.placed_at <= ?1
       order by o.placed_at limit 500`
    )
    .bind(placedBefore)
    .all<WaitingOrderRow>()
  return results
}

/** Marks the managers alerted, once: answers whether this call did it. */
export async function markAcceptAlerted(
  db: D1Database,
  orderId: number,
  at: string
): Promise<boolean> {
  const result = await db
    .prepare(
      `update orders set accept_alerted_at = ?2
       where id = ?1 and status = 'sent_to_store' and accept_alerted_at is null`
    )
    .bind(orderId, at)
    .run()
  return result.meta.changes === 1
}
