import type { CashReturn } from '../../../schemas/store-orders.ts'
import type { OrderActionType, StoreOrderStatus } from '../../../schemas/order-states.ts'
import { effectStatement } from '../effects/repo.ts'

/*
 * The outbox rows of a store action (ADR 037): the action's batch writes one "settle" row, whose
 * handler (action-effects.ts) gives the money and credit back, moves loyalty and referral, and
 * writes the shopper's email and the boards' notice as their own rows, so a provider outage
 * retries only what it stopped.
 */

export const ACTION_EFFECTS = {
  settle: 'order_action_settle',
  email: 'order_action_email',
  notice: 'order_action_notice',
} as const

/** What the settle handler needs of the action, as its batch saw it. */
export interface ActionEffectPayload {
  [field: string]: string | number | boolean | null
  orderId: number
  storeId: number
  action: OrderActionType
  token: string
  /** The status the action moved the order to. */
  to: StoreOrderStatus
  /** The reason given (or the action's name): the refund's reason at the gateway. */
  reason: string
  /** The order's total the money was computed from (before the batch). */
  beforeTotal: number
  cash: boolean
  /** refund_lines: what the card gives back. */
  refundPart: number
  /** refund_lines: the part given back as credit, written in the batch. */
  creditBack: number
  /** A cash refund given as store credit in the batch: no gateway refund. */
  cashAsCredit: boolean
  cashReturn: CashReturn | null
}

export function settleEffectKey(orderId: number, token: string): string {
  return `order:${orderId}:action:${token}`
}

/** The follow-ups the settle handler writes, keyed after it. */
export const emailEffectKey = (settleKey: string): string => `${settleKey}:email`
export const noticeEffectKey = (settleKey: string): string => `${settleKey}:notice`

/**
 * The settle row for the action's batch, written only where the order carries the batch's token
 * (the batch won), so a losing action writes none.
 */
export function settleEffectStatement(
  db: D1Database,
  businessId: number,
  payload: ActionEffectPayload,
  now: Date
): D1PreparedStatement {
  return effectStatement(
    db,
    {
      businessId,
      key: settleEffectKey(payload.orderId, payload.token),
      kind: ACTION_EFFECTS.settle,
      payload,
    },
    now,
    {
      sql: `select 1 from orders where id = ?1 and action_token = ?2`,
      params: [payload.orderId, payload.token],
    }
  )
}
