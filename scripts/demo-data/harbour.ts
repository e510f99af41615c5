import { addCatalogue } from './catalogue-rows.ts'
import { addRow, type SqlValue, type TableData } from './dataset.ts'
import { cookiePolicy, privacyNotice, termsOfSale } from './legal-pages.ts'
import { dutchCookiePolicy, dutchPrivacyNotice, dutchTermsOfSale } from './legal-pages-nl.ts'
import { createRandom } from './prng.ts'
import { addStore, townStore } from './stores.ts'
import { createTables, type Tables } from './tables.ts'
import { demoVatClassIn } from './vat-classes.ts'
import type { VatClass } from '../../schemas/vat.ts'
import { addBusiness, type DemoBrand, type DemoBusiness } from './tenancy.ts'

/**
 * A second demo business, unrelated to Corner Fresh Group: its own brand on its own host, three
 * stores of its own (two of them in Bristol, where Corner Fresh has one too, so a search there
 * shows whose stores each host finds) and a small range drawn from the demo catalogue. It is what
 * a developer signs in to as another business's operator to try tenant isolation by hand.
 *
 * Its ids sit far above the first business's (20, 40, 1,000,000…) so benchmark-sized datasets and
 * the tests' own hand-made businesses (2–5, brands 20–90) never meet them.
 */
export const HARBOUR_BUSINESS: DemoBusiness = {
  id: 20,
  name: 'Harbour Pantry',
  legalName: 'Harbour Pantry Ltd',
  supportEmail: 'help@harbourpantry.example',
  supportPhone: '0117 496 0000',
  foodOperatorAddress: '2 Harbourside Quay, Bristol BS1 5UH',
}

export const HARBOUR_BRAND: DemoBrand = {
  id: 40,
  slug: 'harbour-pantry',
  name: 'Harbour Pantry',
  // Browsers resolve every *.localhost name to the loopback address.
  host: 'harbour.localhost',
  productionHost: 'www.harbourpantry.example',
  tagline: 'Groceries from the harbourside',
  primary: '#0e7490',
  secondary: '#164e63',
  accent: '#fdba74',
  font: 'humanist',
  handle: 'harbourpantry',
  orderNumberPrefix: 'HP',
  appStoreId: '6450098765',
  store: { enableStoresSearchByAddress: false, autoSelectClosestStore: false },
}

const HARBOUR_STORES = [
  {
    slug: 'bristol-harbourside',
    name: 'Bristol Harbourside',
    street: 'Anchor Road',
    town: 'Bristol',
    county: 'Bristol',
    postcode: 'BS1 5DB',
  },
  {
    slug: 'clifton',
    name: 'Clifton Village',
    street: 'Princess Victoria Street',
    town: 'Bristol',
    county: 'Bristol',
    postcode: 'BS8 4BX',
  },
  {
    slug: 'plymouth-barbican',
    name: 'Plymouth Barbican',
    street: 'Southside Street',
    town: 'Plymouth',
    county: 'Devon',
    postcode: 'PL1 2LE',
  },
] as const

export const HARBOUR_STORE_IDS = [2001, 2002, 2003] as const

// Its own random stream: the first business's rows stay exactly as they were.
const HARBOUR_SEED = 20261129
const DEPARTMENTS = ['fruit-veg', 'bakery', 'dairy-eggs', 'drinks'] as const
const ITEMS_PER_SUB_CATEGORY = 6
const ID_OFFSET = 1_000_000
const LEGAL_UPDATED_AT = '2026-11-01T09:00:00.000Z'

export function addHarbour(t: Tables, outcodeByCode: Map<string, Record<string, string>>): void {
  const random = createRandom(HARBOUR_SEED)
  const business = HARBOUR_BUSINESS
  addBusiness(t, business, [HARBOUR_BRAND])
  HARBOUR_STORES.forEach((store, index) => {
    addStore(
      t,
      {
        businessId: business.id,
        id: HARBOUR_STORE_IDS[index] ?? 0,
        variant: index,
        emailDomain: 'harbourpantry.example',
      },
      townStore(store, outcodeByCode, random),
      random
    )
  })
  addRangeSubset(t, random, business.id, ID_OFFSET)
  addLegalPages(t, business, HARBOUR_BRAND)
}

/** A brand's terms, privacy and cookie pages, written for its business in its language. */
export function addLegalPages(t: Tables, business: DemoBusiness, brand: DemoBrand): void {
  const party = {
    brandName: brand.name,
    legalName: business.legalName,
    supportEmail: business.supportEmail,
    supportPhone: business.supportPhone,
    address: business.foodOperatorAddress,
  }
  const dutch = business.home?.locale.startsWith('nl') === true
  const legal: Array<[string, string, string]> = dutch
    ? [
        ['terms', 'Algemene voorwaarden', dutchTermsOfSale(party)],
        ['privacy-policy', 'Privacyverklaring', dutchPrivacyNotice(party)],
        ['cookie-policy', 'Cookieverklaring', dutchCookiePolicy(party)],
      ]
    : [
        ['terms', 'Terms and conditions', termsOfSale(party)],
        ['privacy-policy', 'Privacy policy', privacyNotice(party)],
        ['cookie-policy', 'Cookie policy', cookiePolicy(party)],
      ]
  for (const [slug, title, body] of legal) {
    addRow(t.seo_pages, {
      business_id: business.id,
      brand_id: brand.id,
      slug,
      title,
      meta_description: dutch ? `${title} van ${brand.name}.` : `${title} of ${brand.name}.`,
      heading: title,
      body,
      updated_at: LEGAL_UPDATED_AT,
    })
  }
}

/** A business's own words for the range's rows (Domstad Markt's Dutch, dutch-range.ts). */
export interface RangeWords {
  category: (row: Record<string, SqlValue>) => Record<string, SqlValue>
  item: (row: Record<string, SqlValue>) => Record<string, SqlValue>
}

/**
 * A few departments of the demo range, the first items of each sub-category, generated by the
 * demo catalogue itself with the business's random stream and renumbered into its own ids (the
 * offset), in the business's own words when it has them. Items with options (hot food) are left
 * out: their option rows would need renumbering too.
 */
export function addRangeSubset(
  t: Tables,
  random: ReturnType<typeof createRandom>,
  businessId: number,
  idOffset: number,
  currency = 'GBP',
  countryCode = 'GB',
  words?: RangeWords
): void {
  const scratch = createTables()
  addCatalogue(scratch, random, 0)
  const categories = objects(scratch.categories)
  const departmentIds = new Set(
    categories.filter((c) => DEPARTMENTS.some((slug) => slug === c('slug'))).map((c) => c('id'))
  )
  const departmentOf = new Map(
    categories.map((c) => [c('id'), categories.find((d) => d('id') === c('parent_id'))?.('slug')])
  )
  const kept = categories.filter(
    (c) => departmentIds.has(c('id')) || departmentIds.has(c('parent_id'))
  )
  const subCategoryIds = new Set(kept.filter((c) => c('parent_id') !== null).map((c) => c('id')))
  const withOptions = new Set(objects(scratch.menu_item_options).map((o) => o('menu_item_id')))
  const shift = (id: SqlValue) => (id === null ? null : Number(id) + idOffset)
  for (const category of kept) {
    addRow(t.categories, {
      ...category.row,
      ...words?.category(category.row),
      id: shift(category('id')),
      parent_id: shift(category('parent_id')),
      business_id: businessId,
    })
  }
  const perCategory = new Map<SqlValue, number>()
  for (const item of objects(scratch.menu_items)) {
    const categoryId = item('category_id')
    if (!subCategoryIds.has(categoryId) || withOptions.has(item('id'))) continue
    const count = perCategory.get(categoryId) ?? 0
    if (count >= ITEMS_PER_SUB_CATEGORY) continue
    perCategory.set(categoryId, count + 1)
    addRow(t.menu_items, {
      ...item.row,
      ...words?.item(item.row),
      id: shift(item('id')),
      category_id: shift(categoryId),
      business_id: businessId,
      // The generator writes unit prices in pence and pounds ('£1.20/kg'); another currency's
      // shop shows none rather than pounds.
      ...(currency !== 'GBP' && { unit_price_label: null }),
      vat_class: demoVatClassIn(
        countryCode,
        String(departmentOf.get(categoryId) ?? ''),
        item('vat_class') as VatClass
      ),
    })
  }
}

/** A scratch table's rows, each a column reader with the row as an object beside it. */
function objects(
  table: TableData
): Array<((column: string) => SqlValue) & { row: Record<string, SqlValue> }> {
  return table.rows.map((values) => {
    const row = Object.fromEntries(table.columns.map((column, i) => [column, values[i] ?? null]))
    return Object.assign((column: string): SqlValue => row[column] ?? null, { row })
  })
}
