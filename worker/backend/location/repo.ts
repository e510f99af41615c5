export type InterestOutcome = 'registered' | 'unknown_business' | 'unknown_brand'

/**
 * Records that a shopper wants to hear when the business delivers to their postcode. One row per
 * business, email and postcode: asking again writes nothing. A brand that is not the business's
 * writes nothing either.
 */
export async function registerInterest(
  db: D1Database,
  interest: { businessId: number; brandId: number | undefined; email: string; postcode: string }
): Promise<InterestOutcome> {
  const brandId = interest.brandId ?? null
  const [check] = await db.batch<{ business: number; brand: number }>([
    db
      .prepare(
        `select exists (select 1 from businesses where id = ?1) as business,
           (?2 is null or exists (select 1 from brands where id = ?2 and business_id = ?1)) as brand`
      )
      .bind(interest.businessId, brandId),
    db
      .prepare(
        `insert into interest_requests (business_id, brand_id, email, postcode)
         select id, ?2, ?3, ?4 from businesses
         where id = ?1
           and (?2 is null or exists (select 1 from brands where id = ?2 and business_id = ?1))
         on conflict (business_id, email, postcode) do nothing`
      )
      .bind(interest.businessId, brandId, interest.email, interest.postcode),
  ])
  const found = check?.results[0]
  if (!found?.business) return 'unknown_business'
  if (!found.brand) return 'unknown_brand'
  return 'registered'
}
