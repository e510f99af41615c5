/* The stars members gave a store's delivered orders, read with the store (reviews: member-orders). */

export interface StoreRatingRow {
  store_id: number
  average: number
  count: number
}

/**
 * The ratings of the stores an id subquery names (its parameters bound as given), for the stores
 * domain to run in the same batch as its store reads: the average star rating and count of their
 * reviews. A review exists only for a delivered order (the member calls refuse any other), and
 * one that was later refunded stays: the order was still delivered.
 */
export function storeRatingsStatement(
  db: D1Database,
  idsSql: string,
  params: ReadonlyArray<string | number | null>
): D1PreparedStatement {
  return db
    .prepare(
      `select r.store_id, avg(r.star_rating) as average, count(*) as count
       from reviews r join orders o on o.id = r.order_id
       where r.store_id in (${idsSql}) and o.status in ('delivered', 'refunded')
       group by r.store_id`
    )
    .bind(...params)
}

/** The ratings read by {@link storeRatingsStatement}, by store. */
export function ratingsByStore(
  result: D1Result<unknown> | undefined
): Map<number, { average: number; count: number }> {
  const rows = (result?.results ?? []) as Array<StoreRatingRow>
  return new Map(rows.map((row) => [row.store_id, { average: row.average, count: row.count }]))
}
