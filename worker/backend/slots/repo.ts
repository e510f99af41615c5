interface TimeZoneRow {
  business_time_zone: string
  store_id: number | null
  store_time_zone: string | null
}

/**
 * The time zone of a business, or of one of its stores. Null when the business does not exist;
 * `storeFound` is false when a storeId was given but is not one of the business's stores.
 */
export async function findTimeZone(
  db: D1Database,
  businessId: number,
  storeId: number | undefined
): Promise<{ timeZone: string; storeFound: boolean } | null> {
  const row = await db
    .prepare(
      `select b.time_zone as business_time_zone, s.id as store_id, s.time_zone as store_time_zone
       from businesses b left join stores s on s.business_id = b.id and s.id = ?2
       where b.id = ?1`
    )
    .bind(businessId, storeId ?? null)
    .first<TimeZoneRow>()
  if (!row) return null
  if (storeId === undefined) return { timeZone: row.business_time_zone, storeFound: true }
  return {
    timeZone: row.store_time_zone ?? row.business_time_zone,
    storeFound: row.store_id !== null,
  }
}
