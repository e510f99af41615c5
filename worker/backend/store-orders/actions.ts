import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  type Actor,
  LINE_MARK_LABELS,
  type StoreOrderStatus,
  type TransitionAccepted,
  type TransitionRefusal,
  refusalMessage,
} from '../../../schemas/order-states.ts'
import {
  CASH_RETURNS,
  type CashReturn,
  type StoreOrderAction,
  type StoreOrderActionRequest,
} from '../../../schemas/store-orders.ts'
import { AppError } from '../../lib/errors.ts'
import { log, logError } from '../../lib/log.ts'
import { runEffect } from '../effects/consumer.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { pendingEffectIds } from '../effects/repo.ts'
import { canSeeOrder, orderNotFound, type StoreStaff, transitionFor } from './access.ts'
import { type ActionEffectPayload, noticeEffectKey, settleEffectKey } from './action-effect-rows.ts'
import { storeActionHandlers } from './action-effects.ts'
import type { EffectsEnv } from './effects.ts'
import { orderCreditHeld } from '../credit/order-credit-repo.ts'
import {
  chargedPrice,
  lineRefundAmount,
  receivedUnits,
  type LineOutcome,
} from '../orders/pricing.ts'
import {
  findStoreItem,
  findStoreOrder,
  orderPickLines,
  type PickLineRow,
  type StoreOrderRow,
} from '../orders/repo.ts'
import { parsePricingTerms, pickedWeighedExtra, pickingDifference } from '../orders/repricing.ts'
import { storeDrivers } from '../staff/repo.ts'
import { type ActionWrite, type RefundedLine, writeAction } from './transitions-repo.ts'
import { outcomeOf } from '../orders/view.ts'
import { pickedLineTax, pickingTaxDifference, refundedTax } from '../../../schemas/sales-tax.ts'
import { progressOf } from './view.ts'
import { weighedPick, weighingOf, type WeighedPick } from '../../../schemas/weighing.ts'

/*
 * One action of the store console or the cron (ADR 017): read the order, ask the machine
 * (schemas/order-states.ts), write ONE batch whose conditional update decides the race and, for
 * the winner only, the outbox row of what follows (money, the shopper's email, the board).
 */

/** The console's actions, and the cron's. */
export type ServiceAction = StoreOrderAction | { type: 'auto_reject' }

export interface ActionDeps {
  env: EffectsEnv
  now: Date
}

const invalid = (message: string) =>
  new AppError('validation_error', message, { fields: [{ field: 'action', message }] })

/** The answer to a refused action: 409 wrong state or method, 403 wrong role, 422 no reason. */
export function refusalError(refusal: TransitionRefusal, row: StoreOrderRow): AppError {
  const message = refusalMessage(refusal, row.fulfilment_method)
  switch (refusal.refusal) {
    case 'wrong_role':
    case 'not_assigned_driver':
      return new AppError('forbidden', message)
    case 'reason_required':
      return invalid(message)
    case 'wrong_state':
      return new AppError('conflict', message, { details: { status: refusal.status } })
    case 'wrong_method':
      return new AppError('conflict', message)
  }
}

const wrongState = (row: StoreOrderRow, status: StoreOrderStatus) =>
  refusalError({ ok: false, refusal: 'wrong_state', status }, row)

/** Another line's mark landed between this mark's read and its write: read and price again. */
class MarksMoved extends Error {}

/**
 * A money action that lost its batch to another money change at the same status (two staff
 * refunding lines at once, a refund as credit during a reject): its amounts were computed from
 * values that moved, so it computes again from the order as it now is.
 */
class MoneyRaceLost extends Error {
  constructor(readonly row: StoreOrderRow) {
    super('money race lost')
  }
}

/**
 * Marks of other lines and money actions at once each compute again from the order as it now
 * is: a bounded number of times, as each round lets at least one through.
 */
const RACE_ATTEMPTS = 40

const MONEY_ACTIONS: ReadonlySet<ServiceAction['type']> = new Set([
  'refund_lines',
  'refund_order',
  'reject',
  'cancel',
  'unable_to_deliver',
])

/** The console's action by a member of staff; answers the order as it is after it. */
export async function staffAction(
  deps: ActionDeps,
  staff: StoreStaff,
  request: StoreOrderActionRequest
): Promise<StoreOrderRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await staffActionOnce(deps, staff, request)
    } catch (error) {
      const retried = error instanceof MarksMoved || error instanceof MoneyRaceLost
      if (!retried) throw error
      if (attempt < RACE_ATTEMPTS) continue
      if (error instanceof MoneyRaceLost) {
        throw wrongState(error.row, progressOf(error.row).status)
      }
      throw error
    }
  }
}

async function staffActionOnce(
  deps: ActionDeps,
  staff: StoreStaff,
  request: StoreOrderActionRequest
): Promise<StoreOrderRow> {
  log.annotate({ orderId: request.orderId, businessId: staff.businessId, storeId: staff.storeId })
  const row = await findStoreOrder(deps.env.DB, staff.businessId, staff.storeId, request.orderId)
  if (!row || !canSeeOrder(staff, row.driver_id)) throw orderNotFound()
  const progress = progressOf(row)
  if (progress.status !== request.expectedStatus) throw wrongState(row, progress.status)
  const { result, actor } = transitionFor(staff, progress, request.action)
  if (!result.ok) throw refusalError(result, row)
  return applyAction(deps, row, request.action, actor, result)
}

/** Writes an accepted transition and runs its effects; a lost race answers 409. */
export async function applyAction(
  deps: ActionDeps,
  row: StoreOrderRow,
  action: ServiceAction,
  actor: Actor,
  result: TransitionAccepted
): Promise<StoreOrderRow> {
  const write = await writeOf(deps, row, action, actor, result)
  const won = await writeAction(deps.env.DB, write)
  const after = await findStoreOrder(deps.env.DB, row.business_id, row.store_id, row.id)
  if (!after) throw orderNotFound()
  if (!won) {
    const now = progressOf(after).status
    if (MONEY_ACTIONS.has(action.type) && now === result.from) throw new MoneyRaceLost(after)
    throw await lostRace(deps, row, after, action)
  }
  await settleAfterCommit(deps, write)
  return after
}

/**
 * Why the conditional update found nothing: the status moved (409 with it), the line was marked
 * from another screen (409 with its mark now), the lines are not all marked after all, or only
 * another line's mark landed (try again).
 */
async function lostRace(
  deps: ActionDeps,
  row: StoreOrderRow,
  after: StoreOrderRow,
  action: ServiceAction
): Promise<Error> {
  const status = progressOf(after).status
  if (status !== progressOf(row).status) return wrongState(after, status)
  if (action.type === 'mark_line') {
    const lines = await orderPickLines(deps.env.DB, row.id)
    const line = lines.find((candidate) => candidate.id === action.lineId)
    if (line && line.version !== action.version) return staleLine(line)
    return new MarksMoved()
  }
  if (action.type === 'finish_picking') {
    const unmarked = (await orderPickLines(deps.env.DB, row.id)).filter((l) => l.mark === null)
    if (unmarked.length > 0) return linesUnmarked(unmarked)
  }
  return wrongState(after, status)
}

function reasonOf(action: ServiceAction): string | null {
  if (action.type === 'auto_reject') return MESSAGES.orderAutoRejectedReason
  return 'reason' in action ? action.reason.trim() : null
}

async function writeOf(
  deps: ActionDeps,
  row: StoreOrderRow,
  action: ServiceAction,
  actor: Actor,
  result: TransitionAccepted
): Promise<ActionWrite> {
  const at = deps.now.toISOString()
  const reason = reasonOf(action)
  const write: ActionWrite = {
    orderId: row.id,
    from: result.from,
    to: result.order.status,
    token: crypto.randomUUID(),
    at,
    guard: {},
    change: {},
    history: {
      actorStaffId: actor.staffId,
      role: actor.role,
      action: action.type,
      reason,
      detail: null,
    },
  }
  switch (action.type) {
    case 'accept':
      if (Date.parse(action.estimatedReadyAt) <= deps.now.getTime()) {
        throw invalid(MESSAGES.orderReadyTimePast)
      }
      write.change = { acceptedAt: at, estimatedReadyAt: action.estimatedReadyAt }
      write.history.detail = { estimatedReadyAt: action.estimatedReadyAt }
      break
    case 'reject':
    case 'auto_reject':
    case 'cancel':
      // The money given back after the batch is the total read here (a refund as credit
      // meanwhile lowers it).
      write.guard = { total: row.total }
      write.change = { closingReason: reason ?? '', refundEverything: true }
      write.history.detail = { amount: row.total }
      write.releaseSlot = true
      break
    case 'mark_line': {
      const { pick, difference, weighedExtra } = await pickOf(deps, row, action)
      write.pick = pick
      write.guard = {
        picksVersion: row.picks_version,
        line: { lineId: action.lineId, version: action.version },
      }
      write.change = { pickingStarted: true, pickingDifference: difference, weighedExtra }
      write.history.detail = { ...pick, pickingDifference: difference, weighedExtra }
      break
    }
    case 'finish_picking':
      await assertEveryLineMarked(deps, row)
      // A held payment is captured for the total read here (its settle's beforeTotal).
      write.guard = { allLinesMarked: true, total: row.total }
      write.change = { pickingStarted: true }
      break
    case 'ready_for_collection':
      write.guard = { readyForCollection: false }
      write.change = { readyForCollection: true }
      break
    case 'collected':
      write.guard = { readyForCollection: true }
      break
    case 'assign_driver': {
      const drivers = await storeDrivers(deps.env.DB, row.store_id)
      if (!drivers.some((driver) => driver.id === action.driverId)) {
        throw invalid(MESSAGES.orderDriverNotAtStore)
      }
      write.change = { driverId: action.driverId }
      write.history.detail = { driverId: action.driverId }
      break
    }
    case 'start_route':
      // The driver the machine checked must still be the one assigned when the batch runs.
      if (row.driver_id !== null) write.guard = { driverId: row.driver_id }
      break
    case 'unable_to_deliver':
      // The goods go back to the store: the shopper pays nothing for an order never received
      // (ADR 017 "Refunds"). The slot's place was used, so it is not released.
      write.guard = { total: row.total }
      write.change = { closingReason: reason ?? '', refundEverything: true }
      write.history.detail = { amount: row.total }
      break
    case 'refund_order': {
      // What goes back at the gateway after the batch is the total read here.
      write.guard = { total: row.total }
      write.change = { refundEverything: true }
      const cash = cashReturnOf(row, action.cashReturn, row.total)
      write.history.detail = { amount: row.total, ...(cash ? { cashReturn: cash } : {}) }
      if (cash === 'credit') write.cashAsCredit = cashAsCredit(row, row.total, actor)
      break
    }
    case 'refund_lines': {
      // The card takes the refund first, up to what it paid; the rest is store credit the
      // order spent (ADR 020), so the limit is both.
      const held = await orderCreditHeld(deps.env.DB, row.id)
      const refund = await lineRefundsOf(deps, row, action.lines, row.total + held)
      const card = Math.min(refund.amount, row.total)
      write.guard = { total: row.total }
      write.change = { refundPart: card }
      write.creditBack = refund.amount - card
      write.refundedLines = refund.lines
      const cash = cashReturnOf(row, action.cashReturn, card)
      write.history.detail = {
        amount: refund.amount,
        credit: refund.amount - card,
        lines: action.lines,
        ...(cash ? { cashReturn: cash } : {}),
      }
      if (cash === 'credit') write.cashAsCredit = cashAsCredit(row, card, actor)
      break
    }
    case 'deliver':
      // A manager's delivery from Picked: the store took it (no driver, no route).
      if (result.from === 'picked') write.history.detail = { deliveredBy: 'store' }
      break
  }
  write.settle = { businessId: row.business_id, payload: settlePayloadOf(row, action, write) }
  return write
}

/** What the action's settle effect needs, as this action computed it (ADR 037). */
function settlePayloadOf(
  row: StoreOrderRow,
  action: ServiceAction,
  write: ActionWrite
): ActionEffectPayload {
  const detail = write.history.detail
  const how = detail && 'cashReturn' in detail ? detail.cashReturn : null
  const cashReturn = CASH_RETURNS.find((candidate) => candidate === how) ?? null
  return {
    orderId: row.id,
    storeId: row.store_id,
    action: action.type,
    token: write.token,
    to: write.to,
    reason: write.history.reason ?? action.type,
    beforeTotal: row.total,
    cash: row.payment_method === 'paymentCash',
    refundPart: write.change.refundPart ?? 0,
    creditBack: write.creditBack ?? 0,
    cashAsCredit: write.cashAsCredit !== undefined,
    cashReturn,
  }
}

/** Picking done only once every line is resolved: the refusal names the lines left. */
async function assertEveryLineMarked(deps: ActionDeps, row: StoreOrderRow): Promise<void> {
  const unmarked = (await orderPickLines(deps.env.DB, row.id)).filter((line) => line.mark === null)
  if (unmarked.length > 0) throw linesUnmarked(unmarked)
}

function linesUnmarked(lines: ReadonlyArray<PickLineRow>): AppError {
  return new AppError(
    'conflict',
    formatMessage('orderLinesUnmarked', lines.map((line) => line.name).join(', ')),
    { details: { unmarkedLineIds: lines.map((line) => line.id) } }
  )
}

/** A mark sent from a screen that showed the line before its latest mark: 409 with it now. */
function staleLine(line: PickLineRow): AppError {
  const now = line.mark === null ? MESSAGES.orderLineNotMarked : LINE_MARK_LABELS[line.mark]
  return new AppError('conflict', formatMessage('orderLineChanged', line.name, now), {
    details: { lineId: line.id, mark: line.mark, version: line.version },
  })
}

/**
 * How a cash order's refund reaches the shopper (issue 35 item 2): the staff must say, and store
 * credit only for a member. Null for an order not paid in cash, or no cash to give back (store
 * credit paid it all).
 */
function cashReturnOf(
  row: StoreOrderRow,
  chosen: CashReturn | undefined,
  cashAmount: number
): CashReturn | null {
  if (row.payment_method !== 'paymentCash' || cashAmount <= 0) return null
  if (chosen === undefined) throw invalid(MESSAGES.orderCashReturnRequired)
  if (chosen === 'credit' && row.customer_id === null) throw invalid(MESSAGES.orderCashReturnGuest)
  return chosen
}

function cashAsCredit(row: StoreOrderRow, amount: number, actor: Actor) {
  return {
    amount,
    staffId: actor.staffId,
    description: formatMessage('creditRefundedAsCredit', row.business_order_id),
  }
}

async function pickOf(
  deps: ActionDeps,
  row: StoreOrderRow,
  action: Extract<ServiceAction, { type: 'mark_line' }>
): Promise<{ pick: NonNullable<ActionWrite['pick']>; difference: number; weighedExtra: number }> {
  const lines = await orderPickLines(deps.env.DB, row.id)
  const line = lines.find((candidate) => candidate.id === action.lineId)
  if (!line) throw invalid(MESSAGES.orderLineNotFound)
  if (line.version !== action.version) throw staleLine(line)
  const ordered = { quantity: line.quantity, totalPrice: line.total_price }
  let outcome: LineOutcome
  let substitute: NonNullable<ActionWrite['pick']>['substitute'] = null
  let weighed: WeighedPick | null = null
  const weighing = weighingOf(line)
  if (action.pickedGrams !== undefined && weighing === null) {
    throw invalid(formatMessage('weighedNotWeighed', line.name))
  }
  switch (action.mark) {
    case 'picked':
      if (weighing === null) {
        outcome = { mark: 'picked' }
        break
      }
      if (action.pickedGrams === undefined) {
        throw invalid(formatMessage('weighedEnterGrams', line.name))
      }
      weighed = weighedPick(
        weighing,
        line.total_price,
        action.pickedGrams,
        row.weighed_margin_percent
      )
      outcome = { mark: 'picked', weighedCharge: weighed.charged }
      break
    case 'out_of_stock':
      outcome = { mark: action.mark }
      break
    case 'short': {
      const found = action.pickedQuantity ?? 0
      if (found < 1 || found >= line.quantity) throw invalid(MESSAGES.orderShortQuantity)
      outcome = { mark: 'short', pickedQuantity: found }
      break
    }
    case 'substituted': {
      // The shopper's "no substitutes" (their basket's preference) binds the store: short and
      // out of stock stay open, a substitute does not.
      if (line.allow_substitutes === 0) throw invalid(MESSAGES.orderNoSubstitutes)
      const wanted = action.substitute
      const item = wanted
        ? await findStoreItem(deps.env.DB, row.business_id, row.store_id, wanted.menuItemId)
        : null
      if (!wanted || !item) throw invalid(MESSAGES.orderSubstituteNotSold)
      outcome = {
        mark: 'substituted',
        substituteUnitPrice: item.price,
        substituteQuantity: wanted.quantity,
      }
      substitute = {
        menuItemId: item.id,
        name: item.name,
        quantity: wanted.quantity,
        unitPrice: item.price,
      }
      break
    }
  }
  const marked = lines.map((candidate) => ({
    kind: candidate.kind,
    itemId: candidate.menu_item_id,
    quantity: candidate.quantity,
    unitPrice: candidate.unit_price,
    totalPrice: candidate.total_price,
    outcome: candidate.id === line.id ? outcome : outcomeOf(candidate),
    weighed: candidate.sold_by !== 'each',
  }))
  return {
    pick: {
      lineId: line.id,
      mark: action.mark,
      pickedQuantity: outcome.mark === 'substituted' ? 0 : receivedUnits(ordered, outcome),
      substitute,
      chargedPrice: chargedPrice(ordered, outcome),
      pickedGrams: action.pickedGrams ?? null,
      ...(weighed ? { weighed } : {}),
    },
    // Tax added at checkout follows what each line is now charged (ADR 055); none elsewhere.
    difference:
      pickingDifference(parsePricingTerms(row.pricing_terms_json), marked) +
      pickingTaxDifference(
        lines.map((candidate) => ({
          tax: candidate.tax_amount ?? 0,
          totalPrice: candidate.total_price,
          chargedPrice:
            candidate.id === line.id ? chargedPrice(ordered, outcome) : candidate.charged_price,
        }))
      ),
    weighedExtra: pickedWeighedExtra(marked),
  }
}

async function lineRefundsOf(
  deps: ActionDeps,
  row: StoreOrderRow,
  wanted: ReadonlyArray<{ lineId: number; quantity: number }>,
  limit: number
): Promise<{ amount: number; lines: Array<RefundedLine> }> {
  const lines = await orderPickLines(deps.env.DB, row.id)
  let amount = 0
  const refunded: Array<RefundedLine> = []
  const seen = new Set<number>()
  for (const { lineId, quantity } of wanted) {
    const line = lines.find((candidate) => candidate.id === lineId)
    if (!line || seen.has(lineId) || line.charged_price === null) {
      throw invalid(MESSAGES.orderLineNotFound)
    }
    seen.add(lineId)
    const received = receivedUnits(
      { quantity: line.quantity, totalPrice: line.total_price },
      outcomeOf(line)
    )
    const part = lineRefundAmount(
      line.charged_price,
      received,
      line.refunded_quantity ?? 0,
      quantity
    )
    if (part === null) {
      const left = Math.max(0, received - (line.refunded_quantity ?? 0))
      throw invalid(formatMessage('orderRefundMoreThanDelivered', left, line.name))
    }
    // Tax added at checkout goes back with its line, by the same cumulative rule (ADR 055).
    const lineTax = pickedLineTax(line.tax_amount ?? 0, line.total_price, line.charged_price)
    amount += part + refundedTax(lineTax, received, line.refunded_quantity ?? 0, quantity)
    refunded.push({ lineId, quantity, refundedBefore: line.refunded_quantity ?? 0 })
  }
  if (amount < 1 || amount > limit) throw invalid(MESSAGES.orderRefundTooMuch)
  return { amount, lines: refunded }
}

/**
 * Runs the action's settle effect once right after the commit, so the console's answer shows
 * what was given back, then its boards' notice, so live boards and tracking hear of it at once;
 * the shopper's email is left to the queue (a slow provider never holds the action). The rows
 * stay the guarantee: one not delivered now (the gateway failed, the Worker stopped) is handed
 * to the queue, or by the cron (ADR 037).
 */
async function settleAfterCommit(deps: ActionDeps, write: ActionWrite): Promise<void> {
  const settle = settleEffectKey(write.orderId, write.token)
  const keys = [settle, noticeEffectKey(settle)]
  try {
    for (const key of keys) {
      for (const id of await pendingEffectIds(deps.env.DB, [key])) {
        await runEffect(deps.env, storeActionHandlers, id, deps.now)
      }
    }
  } catch (error) {
    logError(error, { event: 'order action effects failed', orderId: write.orderId })
  }
  await dispatchEffects(deps.env, keys, deps.now)
}
