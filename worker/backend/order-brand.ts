/**
 * The SQL condition that keeps an order `o` to the calling brand (docs/decisions/012): `param` is
 * the calling brand, null when the call names none. Another brand's order is as if absent; an
 * order of no brand (placed by a call that named none) stays the business's.
 *
 * @example `select ... from orders o where o.id = ?1 and ${ofCallingBrand('?2')}`
 */
export function ofCallingBrand(param: string): string {
  return `(${param} is null or o.brand_id is null or o.brand_id = ${param})`
}
