import type { Country } from '../../../schemas/countries.ts'

interface CountryRow {
  code: string
  name: string
}

/**
 * Countries offered for addresses, or with billingOnly those accepted for billing addresses, in
 * display order. Null when the business does not exist.
 */
export async function listCountries(
  db: D1Database,
  businessId: number,
  billingOnly: boolean
): Promise<Array<Country> | null> {
  const [business, countries] = await db.batch([
    db.prepare('select id from businesses where id = ?1').bind(businessId),
    db
      .prepare(
        `select code, name from countries where (?1 = 0 or is_billing = 1) order by position, name`
      )
      .bind(billingOnly ? 1 : 0),
  ])
  if (!business?.results.length) return null
  return ((countries?.results ?? []) as Array<CountryRow>).map(({ code, name }) => ({ code, name }))
}
