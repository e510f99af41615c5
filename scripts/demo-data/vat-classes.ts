import type { VatClass } from '../../schemas/vat.ts'

/*
 * The demo range's VAT classes (ADR 051), a rule per category, after HMRC's food notice (701/14)
 * simplified: food is zero-rated; confectionery, crisps and savoury snacks, ice cream, drinks
 * (soft drinks, juice, bottled water), alcohol, hot food and hot drinks, household goods,
 * toiletries, pet food and tobacco are standard-rated. The department decides unless one of its
 * sub-categories is named here.
 */

const STANDARD_DEPARTMENTS: ReadonlySet<string> = new Set([
  'drinks',
  'beer-wine-spirits',
  'household',
  'health-beauty',
  'pet',
  'tobacco',
  'newsagent',
])

const BY_SUB_CATEGORY: Readonly<Record<string, VatClass>> = {
  // Confectionery and savoury snacks within food departments.
  crisps: 'standard',
  chocolate: 'standard',
  sweets: 'standard',
  'ice-cream': 'standard',
  // Baby: food is zero-rated, nappies and toiletries standard.
  'baby-food': 'zero',
  'nappies-wipes': 'standard',
  'baby-toiletries': 'standard',
  // Hot food and hot drinks are standard-rated; a cold sandwich to take away is food.
  pizza: 'standard',
  burgers: 'standard',
  'hot-drinks': 'standard',
  'hot-food-counter': 'standard',
  'deli-sandwiches': 'zero',
}

export function demoVatClass(departmentSlug: string, subCategorySlug: string): VatClass {
  return (
    BY_SUB_CATEGORY[subCategorySlug] ??
    (STANDARD_DEPARTMENTS.has(departmentSlug) || departmentSlug === 'baby' ? 'standard' : 'zero')
  )
}

// Dutch VAT (Wet OB 1968, table I): food and non-alcoholic drinks are at the reduced rate (9 %),
// not zero-rated as in the UK; alcohol and non-food stay standard (21 %).
const NL_REDUCED_DEPARTMENTS: ReadonlySet<string> = new Set(['drinks'])

/**
 * An item's class in its shop's country: the UK rule above for GB and Ireland (whose zero rate
 * covers most food too), the Netherlands' for a Dutch shop.
 *
 * @example demoVatClassIn('NL', 'drinks', 'zero') // 'reduced'
 */
export function demoVatClassIn(
  countryCode: string,
  departmentSlug: string,
  ukClass: VatClass
): VatClass {
  if (countryCode !== 'NL') return ukClass
  if (ukClass === 'zero' || NL_REDUCED_DEPARTMENTS.has(departmentSlug)) return 'reduced'
  return ukClass
}
