import { effectStatement } from '../effects/repo.ts'

/*
 * The outbox rows of an order's placing (ADR 037), written by the confirm batch; their handlers
 * are in placed-effects.ts.
 */

export const PLACED_EFFECTS = {
  email: 'order_placed_email',
  purchase: 'order_placed_purchase',
  board: 'order_placed_board',
} as const

type PlacedEffect = keyof typeof PLACED_EFFECTS

const PLACED_NAMES = Object.keys(PLACED_EFFECTS) as Array<PlacedEffect>

function placedEffectKey(orderId: number, name: PlacedEffect): string {
  return `order:${orderId}:placed:${name}`
}

/** The effects' keys of one order's placing: what the relay hands on after the batch. */
export function placedEffectKeys(orderId: number): Array<string> {
  return PLACED_NAMES.map((name) => placedEffectKey(orderId, name))
}

/**
 * The effect rows for the confirm batch, each written only if this batch placed the order (its
 * status and placed_at are the batch's own), so a losing concurrent confirm writes none.
 */
export function placedEffectStatements(
  db: D1Database,
  businessId: number,
  orderId: number,
  now: Date
): Array<D1PreparedStatement> {
  const placedByThisBatch = {
    sql: `select 1 from orders where id = ?1 and status = 'sent_to_store' and placed_at = ?2`,
    params: [orderId, now.toISOString()],
  }
  return PLACED_NAMES.map((name) =>
    effectStatement(
      db,
      {
        businessId,
        key: placedEffectKey(orderId, name),
        kind: PLACED_EFFECTS[name],
        payload: { orderId },
      },
      now,
      placedByThisBatch
    )
  )
}
