// A store manager's pause (migration 0086; ADR 004: its SQL only here). Reads and changes are
// scoped by business_id: another business's store is as if absent.

/** The columns a pause is read from. */
export interface PauseRecord {
  storeId: number
  storeName: string
  timeZone: string
  pausedUntil: string | null
  reason: string | null
}

interface PauseRow {
  id: number
  name: string
  time_zone: string
  paused_until: string | null
  pause_reason: string | null
}

/** The store's pause columns, or null when the business has no such active store. */
export async function findPause(
  db: D1Database,
  businessId: number,
  storeId: number
): Promise<PauseRecord | null> {
  const row = await db
    .prepare(
      `select id, name, time_zone, paused_until, pause_reason from stores
       where id = ?1 and business_id = ?2 and is_active = 1`
    )
    .bind(storeId, businessId)
    .first<PauseRow>()
  if (!row) return null
  return {
    storeId: row.id,
    storeName: row.name,
    timeZone: row.time_zone,
    pausedUntil: row.paused_until,
    reason: row.pause_reason,
  }
}

/** Sets the pause (both null: takes orders again by its hours). */
export function pauseStatement(
  db: D1Database,
  businessId: number,
  storeId: number,
  pause: { until: string | null; reason: string | null },
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update stores set paused_until = ?1, pause_reason = ?2, updated_at = ?3
       where id = ?4 and business_id = ?5`
    )
    .bind(pause.until, pause.reason, at, storeId, businessId)
}
