import {
  type OrderReasonLists,
  OrderReasonListsSchema,
  PRESET_REASONS,
} from '../../schemas/order-reasons.ts'

/**
 * A business's reject and cancel reason lists (migration 0088, issue 44): its own when an
 * operator has set them, else the defaults of schemas/order-reasons.ts. A narrow view of one
 * column of businesses (ADR 004).
 */
export async function orderReasonLists(
  db: D1Database,
  businessId: number
): Promise<OrderReasonLists> {
  const row = await db
    .prepare('select order_reasons_json from businesses where id = ?1')
    .bind(businessId)
    .first<{ order_reasons_json: string | null }>()
  if (!row?.order_reasons_json) return PRESET_REASONS
  const stored = OrderReasonListsSchema.safeParse(JSON.parse(row.order_reasons_json))
  return stored.success ? stored.data : PRESET_REASONS
}

/** The statement that replaces the business's lists, for the caller's batch with its audit. */
export function orderReasonListsStatement(
  db: D1Database,
  businessId: number,
  lists: OrderReasonLists
): D1PreparedStatement {
  return db
    .prepare('update businesses set order_reasons_json = ?2 where id = ?1')
    .bind(businessId, JSON.stringify({ reject: lists.reject, cancel: lists.cancel }))
}
