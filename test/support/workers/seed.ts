import { generateDemoData } from '../../../scripts/demo-data/generate.ts'
import { seedDatabase } from '../../../scripts/demo-data/seed.ts'
import { DEMO_INPUT } from './demo-input.ts'
import { unitAmount } from '../../../schemas/unit-price.ts'

/**
 * Small builders for the rows tests add to the demo dataset: a business, a brand with its hosts,
 * a store with its opening hours, a category, an item and a loyalty scheme. Each answers prepared
 * statements for one `db.batch`, and writes only the columns given (the rest keep the
 * migrations' defaults), so a fixture says what matters to its tests and nothing else.
 *
 * @example
 * await db.batch([
 *   business(db, { id: 2, name: 'Other', legalName: 'Other Ltd' }),
 *   ...brand(db, { id: 20, businessId: 2, slug: 'other', name: 'Other', ...PLAIN_BRAND }),
 *   ...store(db, { id: 200, businessId: 2, ...MANCHESTER, hours: [allDay('store')] }),
 * ])
 */

type Value = string | number | null
type Row = Record<string, Value | undefined>

/** The demo dataset (scripts/demo-data) from the shipped CSV files: what most tests start from. */
export async function seedDemo(db: D1Database): Promise<void> {
  await seedDatabase(db, generateDemoData(DEMO_INPUT))
}

/**
 * The demo dataset with one of its stores open all day, every day, so adds do not depend on when
 * the test runs. Answers the store's id.
 */
export async function seedDemoWithStoreOpen(db: D1Database, slug: string): Promise<number> {
  await seedDemo(db)
  const store = await db
    .prepare('select id from stores where slug = ?1')
    .bind(slug)
    .first<{ id: number }>()
  if (!store) throw new Error(`no store ${slug} in the demo data`)
  await db
    .prepare(
      `update store_opening_hours set opens_at = '00:00', closes_at = '23:59' where store_id = ?1`
    )
    .bind(store.id)
    .run()
  return store.id
}

/** camelCase → snake_case, the migrations' column names. */
function column(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
}

/** One insert of the given (defined) columns into `table`. */
export function insertRow(db: D1Database, table: string, row: Row): D1PreparedStatement {
  const entries = Object.entries(row).filter(
    (entry): entry is [string, Value] => entry[1] !== undefined
  )
  const columns = entries.map(([key]) => column(key)).join(', ')
  const places = entries.map((_, index) => `?${index + 1}`).join(', ')
  return db
    .prepare(`insert into ${table} (${columns}) values (${places})`)
    .bind(...entries.map(([, value]) => value))
}

export interface BusinessSeed {
  id: number
  name: string
  legalName: string
  countryCode?: string
  currency?: string
  locale?: string
  timeZone?: string
  supportEmail?: string | null
  supportPhone?: string | null
}

export function business(db: D1Database, seed: BusinessSeed): D1PreparedStatement {
  return insertRow(db, 'businesses', { ...seed })
}

/** A grocer in Ireland, for the tests of brands abroad (issue 43): `{ id, ...IRISH_GROCER }`. */
export const IRISH_GROCER = {
  name: 'Liffey Grocers',
  legalName: 'Liffey Grocers Ltd',
  countryCode: 'IE',
  currency: 'EUR',
  locale: 'en_IE',
  timeZone: 'Europe/Dublin',
} as const satisfies Omit<BusinessSeed, 'id'>

/** A grocer in the Netherlands, for the tests of brands abroad (issue 43). */
export const DUTCH_GROCER = {
  name: 'Domstad Grocers',
  legalName: 'Domstad Grocers B.V.',
  countryCode: 'NL',
  currency: 'EUR',
  locale: 'nl_NL',
  timeZone: 'Europe/Amsterdam',
} as const satisfies Omit<BusinessSeed, 'id'>

export interface BrandSeed {
  id: number
  businessId: number
  slug: string
  name: string
  logoUrl: string
  primaryColor: string
  secondaryColor: string
  accentColor: string
  tagline?: string | null
  canonicalHost?: string | null
  isActive?: 0 | 1
  /** Hosts that resolve to the brand, each with its environment. */
  hosts?: ReadonlyArray<{ host: string; environment: 'local' | 'production' }>
}

/** The logo and colours of a test brand whose look no test reads. */
export const PLAIN_BRAND = {
  logoUrl: '/logo-other.svg',
  primaryColor: '#111111',
  secondaryColor: '#eeeeee',
  accentColor: '#ff0000',
} as const

/** The brand and its hosts. */
export function brand(db: D1Database, seed: BrandSeed): Array<D1PreparedStatement> {
  const { hosts = [], ...row } = seed
  return [
    insertRow(db, 'brands', row),
    ...hosts.map((host) => insertRow(db, 'brand_hosts', { ...host, brandId: seed.id })),
  ]
}

export type HoursMethod = 'delivery' | 'collection' | 'store'

/** Opening hours of one fulfilment method on the given days (0 = Monday … 6 = Sunday). */
export interface OpeningHours {
  method: HoursMethod
  days: ReadonlyArray<number>
  opensAt: string
  closesAt: string
}

export const EVERY_DAY: ReadonlyArray<number> = [0, 1, 2, 3, 4, 5, 6]

/** Open all day every day (00:00 to 00:00), so slots exist whatever the pinned clock says. */
export function allDay(method: HoursMethod = 'store'): OpeningHours {
  return { method, days: EVERY_DAY, opensAt: '00:00', closesAt: '00:00' }
}

export interface StoreSeed {
  id: number
  businessId: number
  slug: string
  name: string
  addressLine1: string
  town: string
  postcode: string
  latitude: number
  longitude: number
  phone?: string | null
  email?: string | null
  timeZone?: string
  isActive?: 0 | 1
  deliveryRadiusKm?: number | null
  deliveryFee?: number
  minimumSpend?: number
  daysInAdvance?: number
  asapEnabled?: 0 | 1
  deliveryLeadMinutes?: number
  collectionLeadMinutes?: number
  slotDurationMinutes?: number
  slotCapacity?: number
  acceptsCash?: 0 | 1
  hours?: ReadonlyArray<OpeningHours>
}

/** The store's address in central Manchester, where the test shoppers search. */
export const MANCHESTER_ADDRESS = {
  town: 'Manchester',
  postcode: 'M1 1AD',
  latitude: 53.48,
  longitude: -2.24,
} as const

/**
 * Corner Grocers' Piccadilly store (business 1) in the hand-made tenancies of the backend and page
 * tests: delivers 5 km for £2.99 over £15, orders 3 days ahead.
 */
export const CORNER_PICCADILLY = {
  id: 10,
  businessId: 1,
  name: 'Piccadilly',
  phone: '0161 000 0010',
  email: 'picc@corner.test',
  addressLine1: '1 Piccadilly',
  town: 'Manchester',
  postcode: 'M1 1AA',
  latitude: 53.4808,
  longitude: -2.2426,
  deliveryRadiusKm: 5,
  deliveryFee: 299,
  minimumSpend: 1500,
  daysInAdvance: 3,
} as const

/** The store and its opening hours. */
export function store(db: D1Database, seed: StoreSeed): Array<D1PreparedStatement> {
  const { hours = [], ...row } = seed
  return [
    insertRow(db, 'stores', row),
    ...hours.flatMap((opening) =>
      opening.days.map((day) =>
        insertRow(db, 'store_opening_hours', {
          storeId: seed.id,
          fulfilmentMethod: opening.method,
          dayOfWeek: day,
          opensAt: opening.opensAt,
          closesAt: opening.closesAt,
        })
      )
    ),
  ]
}

export interface CategorySeed {
  id: number
  businessId: number
  slug: string
  name: string
  imageUrl?: string | null
  position?: number
}

export function category(db: D1Database, seed: CategorySeed): D1PreparedStatement {
  return insertRow(db, 'categories', { ...seed })
}

export interface MenuItemSeed {
  id: number
  businessId: number
  categoryId: number
  slug: string
  name: string
  description: string
  price: number
  /** The picture's base path: its densities are `<image>1.svg` … `<image>3.svg`. */
  image: string
  /** Pack size ('500g'); its unit amount is stored as the app's writers store it. */
  size?: string
  tags?: ReadonlyArray<string>
  position?: number
}

export function menuItem(db: D1Database, seed: MenuItemSeed): D1PreparedStatement {
  const { image, size, tags, ...row } = seed
  return insertRow(db, 'menu_items', {
    ...row,
    ...(size === undefined ? {} : { size, unitAmount: unitAmount(size) }),
    ...(tags === undefined ? {} : { tags: JSON.stringify(tags) }),
    imageOriginals: `${image}.svg`,
    image_mdpi_1x: `${image}1.svg`,
    image_xhdpi_2x: `${image}2.svg`,
    image_xxhdpi_3x: `${image}3.svg`,
  })
}

/**
 * A second grocer beside the demo business, on its own host, with a store in central Manchester:
 * where tenant isolation is tested. Its store's slug is not a demo slug; the catalogue adds rows
 * whose slugs repeat demo ones.
 */
export const OTHER_GROCER = {
  businessId: 2,
  brandId: 90,
  host: 'other-grocer.test',
  storeId: 9001,
  storeSlug: 'other-piccadilly',
} as const

/** The other grocer's business, brand, host and store (delivering 3 km, £1 fee, no minimum). */
export function otherGrocer(
  db: D1Database,
  hours: ReadonlyArray<OpeningHours> = []
): Array<D1PreparedStatement> {
  const o = OTHER_GROCER
  return [
    business(db, { id: o.businessId, name: 'Other Grocer', legalName: 'Other Grocer Ltd' }),
    ...brand(db, {
      id: o.brandId,
      businessId: o.businessId,
      slug: 'other-grocer',
      name: 'Other Grocer',
      ...PLAIN_BRAND,
      hosts: [{ host: o.host, environment: 'production' }],
    }),
    ...store(db, {
      id: o.storeId,
      businessId: o.businessId,
      slug: o.storeSlug,
      name: 'Other Piccadilly',
      addressLine1: '1 Other Street',
      town: 'Manchester',
      postcode: 'M1 1AD',
      latitude: 53.48378,
      longitude: -2.24486,
      deliveryRadiusKm: 3,
      deliveryFee: 100,
      minimumSpend: 0,
      daysInAdvance: 1,
      hours,
    }),
  ]
}

export interface LoyaltySchemeSeed {
  businessId: number
  name?: string
  pointsPerPound?: number
  rewardThreshold?: number
  /** Pence of store credit per reward. */
  rewardValue?: number
  isActive?: 0 | 1
}

/**
 * The business's loyalty scheme (one per business: it replaces the one it has, as the demo
 * business has one). Unless given: 1 point per £1, £2.50 every 250 points, as the demo data.
 */
export function loyaltyScheme(db: D1Database, seed: LoyaltySchemeSeed): Array<D1PreparedStatement> {
  return [
    db.prepare('delete from loyalty_schemes where business_id = ?1').bind(seed.businessId),
    insertRow(db, 'loyalty_schemes', {
      name: 'Test Rewards',
      pointsPerPound: 1,
      rewardThreshold: 250,
      rewardValue: 250,
      ...seed,
    }),
  ]
}

export interface ReferralSchemeSeed {
  businessId: number
  rewardAmount?: number
  monthlyCap?: number
  isActive?: 0 | 1
}

/** A business's referral offer (ADR 021), replacing the one it has. */
export function referralScheme(db: D1Database, seed: ReferralSchemeSeed): D1PreparedStatement {
  return db
    .prepare(
      `insert into referral_schemes (business_id, reward_amount, monthly_cap, is_active)
       values (?1, ?2, ?3, ?4)
       on conflict (business_id) do update set reward_amount = excluded.reward_amount,
         monthly_cap = excluded.monthly_cap, is_active = excluded.is_active`
    )
    .bind(seed.businessId, seed.rewardAmount ?? 500, seed.monthlyCap ?? 10, seed.isActive ?? 1)
}

/**
 * The first `count` items of business 1 a shopper can add at a store with a plain add (sold each,
 * no options, age check, limit or stock problem). Throws when the demo data has fewer.
 */
export async function simpleItemIds(
  db: D1Database,
  storeId: number,
  count: number
): Promise<Array<number>> {
  const rows = await db
    .prepare(
      `select m.id from menu_items m
       left join store_menu_items s on s.store_id = ?1 and s.menu_item_id = m.id
       where m.business_id = 1 and m.is_active = 1 and m.add_to_basket_type = 'simple'
         and m.sold_by = 'each' and m.age_restriction is null and m.out_of_stock = 0
         and m.max_quantity is null and coalesce(s.is_available, 1) = 1
         and coalesce(s.out_of_stock, 0) = 0
       order by m.id limit ?2`
    )
    .bind(storeId, count)
    .all<{ id: number }>()
  const ids = rows.results.map((row) => row.id)
  if (ids.length < count) throw new Error(`fewer than ${count} simple items in the demo data`)
  return ids
}
