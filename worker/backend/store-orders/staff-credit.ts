import { GOODWILL_CREDIT_MAX_PENCE } from '../../../schemas/constants.ts'
import type { StaffOrderCreditRequest } from '../../../schemas/credit.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { MANAGERS } from '../../../schemas/order-states.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { AppError } from '../../lib/errors.ts'
import {
  goodwillRoom,
  type GoodwillRoom,
  goodwillStatements,
  goodwillWritten,
  refundAsCreditStatements,
} from '../credit/staff-credit-repo.ts'
import { canSeeOrder, orderNotFound, type StoreStaff } from './access.ts'
import { logError } from '../../lib/log.ts'
import { runEffect } from '../effects/consumer.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { pendingEffectIds } from '../effects/repo.ts'
import { storeActionHandlers } from './action-effects.ts'
import { creditEffectKeys, creditEffectStatements } from './credit-effect-rows.ts'
import type { EffectsEnv } from './effects.ts'
import { findStoreOrder, type StoreOrderRow } from '../orders/repo.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { businessLocale } from '../businesses-repo.ts'

/*
 * POST /staff/orders/credit (ADR 020): a manager (store manager or operator) gives the order's
 * member store credit, as goodwill or as a refund instead of a card refund. Bad input answers 422
 * with nothing written; a lost race (another refund meanwhile) 409. The shopper's email and the
 * boards' notice are effects written in the credit's batch (ADR 037), never lost after it.
 */

const invalid = (field: string, message: string) =>
  new AppError('validation_error', message, { fields: [{ field, message }] })

/** Gives the credit; answers the order as it is after it. */
export async function giveStaffCredit(
  env: EffectsEnv,
  staff: StoreStaff,
  request: StaffOrderCreditRequest,
  key: string,
  now: Date
): Promise<StoreOrderRow> {
  const db = env.DB
  const row = await findStoreOrder(db, staff.businessId, staff.storeId, request.orderId)
  if (!row || !canSeeOrder(staff, row.driver_id)) throw orderNotFound()
  const role = staff.roles.find((held) => MANAGERS.includes(held))
  if (role === undefined) throw new AppError('forbidden', MESSAGES.orderActionWrongRole)
  if (row.customer_id === null) throw invalid('orderId', MESSAGES.creditGuestOrder)
  const shop = await businessLocale(db, staff.businessId)
  const write = {
    orderId: row.id,
    businessOrderId: row.business_order_id,
    staffId: staff.staffId,
    role,
    status: row.status,
    amount: request.amount,
    reason: request.reason,
    key,
    at: now.toISOString(),
  }
  if (request.kind === 'goodwill') {
    if (request.amount > GOODWILL_CREDIT_MAX_PENCE) {
      const message = formatMessage(
        'creditGoodwillTooMuch',
        formatMoney(GOODWILL_CREDIT_MAX_PENCE, shop)
      )
      throw invalid('amount', message)
    }
    const member = { businessId: row.business_id, customerId: row.customer_id }
    const entered = {
      sql: `select 1 from customer_credit_ledger where customer_id = ?1 and reference = ?2`,
      params: [row.customer_id, `order:${row.id}:goodwill:${key}`],
    }
    await db.batch([
      ...goodwillStatements(db, { ...write, ...member }),
      ...creditEffectStatements(db, effectOf(row, request.amount, key), now, entered, shop),
    ])
    if (!(await goodwillWritten(db, row.customer_id, row.id, key))) {
      const room = await goodwillRoom(db, { ...member, orderId: row.id, at: write.at })
      throw invalid('amount', goodwillCapMessage(room, request.amount, shop))
    }
  } else {
    if (request.amount > row.total) throw invalid('amount', MESSAGES.orderRefundTooMuch)
    const token = crypto.randomUUID()
    const ours = {
      sql: `select 1 from orders where id = ?1 and action_token = ?2`,
      params: [row.id, token],
    }
    const [updated] = await db.batch([
      ...refundAsCreditStatements(db, { ...write, expectedRefund: row.refund, token }),
      ...creditEffectStatements(db, effectOf(row, request.amount, key), now, ours, shop),
    ])
    if ((updated?.meta.changes ?? 0) === 0) {
      throw new AppError('conflict', MESSAGES.orderRefundTooMuch)
    }
  }
  await noticeThenDispatch(env, row.id, key, now)
  const after = await findStoreOrder(db, staff.businessId, staff.storeId, row.id)
  if (!after) throw orderNotFound()
  return after
}

function effectOf(row: StoreOrderRow, amount: number, key: string) {
  return { businessId: row.business_id, orderId: row.id, storeId: row.store_id, amount, key }
}

/**
 * The boards and tracking hear of the credit at once (the notice run inline, the same lease as
 * the queue's); the email is left to the queue, so a slow provider never holds the console.
 */
async function noticeThenDispatch(env: EffectsEnv, orderId: number, key: string, now: Date) {
  const keys = creditEffectKeys(orderId, key)
  try {
    for (const id of await pendingEffectIds(env.DB, [keys.notice])) {
      await runEffect(env, storeActionHandlers, id, now)
    }
  } catch (error) {
    logError(error, { event: 'order credit notice failed', orderId })
  }
  await dispatchEffects(env, [keys.email, keys.notice], now)
}

/** Why the caps refused the grant: the order's cap when it binds, else the member's. */
function goodwillCapMessage(
  room: GoodwillRoom | null,
  amount: number,
  shop: ShopLocale = GB_LOCALE
): string {
  if (room === null) return MESSAGES.creditGuestOrder
  const orderLeft = Math.max(0, room.orderCap - room.givenOnOrder)
  if (amount > orderLeft) {
    return formatMessage(
      'creditGoodwillOrderCap',
      formatMoney(room.orderCap, shop),
      formatMoney(orderLeft, shop)
    )
  }
  return formatMessage(
    'creditGoodwillMemberCap',
    formatMoney(room.memberCap, shop),
    room.periodDays,
    formatMoney(Math.max(0, room.memberCap - room.givenToMember), shop)
  )
}
