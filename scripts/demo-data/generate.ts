import { DEPARTMENTS, HOT_FOOD_DEPARTMENT, type IconName } from './catalogue.ts'
import { parseCsv } from './csv.ts'
import { unitPriceLabel } from '../../schemas/unit-price.ts'
import { addRow, table, type Dataset, type SqlValue, type TableData } from './dataset.ts'
import { HOT_FOOD, type OptionDefinition } from './hot-food.ts'
import { categoryImagePath } from './images.ts'
import { createRandom, type Random } from './prng.ts'

/** The shipped CSV files, as text (read from disk in Node, `?raw` imports in the Workers pool). */
export interface DemoDataInput {
  outcodesCsv: string
  manchesterPostcodesCsv: string
}

export interface DemoDataOptions {
  seed?: number
  /** Total stores; beyond the hand-placed demo stores, extra ones go to outcodes across the UK. */
  stores?: number
  /** Minimum number of menu items; beyond the demo range, variants of it are added. */
  items?: number
  /** Store price/stock overrides per store (the demo default is about 4% of the range). */
  overridesPerStore?: number
}

export const DEMO_SEED = 20261121
export const BUSINESS_ID = 1

/** The demo's hand-placed stores. Postcodes are real addresses of civic buildings in each town. */
const TOWN_STORES = [
  { town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 1UR', street: 'Millennium Square' },
  { town: 'Bristol', county: 'Bristol', postcode: 'BS1 5TR', street: 'College Green' },
  { town: 'Glasgow', county: 'Lanarkshire', postcode: 'G2 1DU', street: 'George Square' },
  { town: 'Cardiff', county: 'South Glamorgan', postcode: 'CF10 3ND', street: 'Cathays Park' },
  { town: 'Birmingham', county: 'West Midlands', postcode: 'B1 1BB', street: 'Victoria Square' },
  { town: 'Brighton', county: 'East Sussex', postcode: 'BN1 1JA', street: 'Bartholomew Square' },
  { town: 'Norwich', county: 'Norfolk', postcode: 'NR2 1NH', street: 'St Peters Street' },
  { town: 'York', county: 'North Yorkshire', postcode: 'YO1 7HH', street: 'Deangate' },
  { town: 'Edinburgh', county: 'Midlothian', postcode: 'EH1 1YJ', street: 'High Street' },
  { town: 'Liverpool', county: 'Merseyside', postcode: 'L2 3SW', street: 'High Street' },
] as const

const MANCHESTER_STORES = [
  { outcode: 'M1', name: 'Piccadilly', street: 'Portland Street' },
  { outcode: 'M2', name: 'Deansgate', street: 'King Street' },
  { outcode: 'M3', name: 'Spinningfields', street: 'Bridge Street' },
  { outcode: 'M4', name: 'Northern Quarter', street: 'Oldham Street' },
] as const

const STREET_NAMES = [
  'Mill Street',
  'Canal Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Road',
  'Chapel Street',
  'Market Street',
  'Albert Road',
  'Queen Street',
  'Water Street',
  'York Street',
] as const

interface ProductRow {
  id: number
  categoryId: number
  departmentSlug: string
  slug: string
  name: string
}

/** Builds the whole demo dataset: deterministic for a seed and the same CSV input. */
export function generateDemoData(input: DemoDataInput, options: DemoDataOptions = {}): Dataset {
  const random = createRandom(options.seed ?? DEMO_SEED)
  const outcodes = parseCsv(input.outcodesCsv)
  const postcodes = parseCsv(input.manchesterPostcodesCsv)
  const outcodeByCode = new Map(outcodes.map((row) => [row.outcode ?? '', row]))

  const t = createTables()
  addTenancy(t)
  addGeography(t, outcodes, postcodes, random)
  const storeIds = addStores(t, outcodeByCode, outcodes, postcodes, random, options.stores ?? 14)
  const products = addCatalogue(t, random, options.items ?? 0)
  addStoreOverrides(t, storeIds, products, random, options.overridesPerStore)
  addPromotions(t, products)
  addContent(t)
  const { afterLoad, ...tables } = t
  return { tables: Object.values(tables), afterLoad }
}

// The tables in load order (parents before children).
function createTables() {
  const tables = {
    businesses: table('businesses', [
      'id',
      'name',
      'legal_name',
      'country_code',
      'currency',
      'locale',
      'time_zone',
      'support_email',
      'support_phone',
    ]),
    postcode_rules: table('postcode_rules', [
      'business_id',
      'country_code',
      'pattern',
      'normalisation',
      'example',
    ]),
    brands: table('brands', [
      'id',
      'business_id',
      'slug',
      'name',
      'tagline',
      'meta_description',
      'logo_url',
      'logo_width',
      'logo_height',
      'favicon_url',
      'hero_image_url',
      'primary_color',
      'primary_text_color',
      'secondary_color',
      'accent_color',
      'background_color',
      'text_color',
      'canonical_host',
      'order_number_prefix',
    ]),
    brand_hosts: table('brand_hosts', ['host', 'brand_id', 'environment']),
    brand_settings: table('brand_settings', ['brand_id', 'section', 'settings_json']),
    brand_links: table('brand_links', ['brand_id', 'kind', 'channel', 'url', 'position']),
    countries: table('countries', ['code', 'name', 'is_billing', 'position']),
    geo_outcodes: table('geo_outcodes', ['outcode', 'latitude', 'longitude', 'town']),
    geo_postcodes: table('geo_postcodes', ['postcode', 'outcode', 'latitude', 'longitude']),
    geo_addresses: table('geo_addresses', [
      'place_id',
      'description',
      'search_key',
      'address_line1',
      'address_line2',
      'town',
      'county',
      'postcode',
      'latitude',
      'longitude',
    ]),
    stores: table('stores', [
      'id',
      'business_id',
      'slug',
      'name',
      'description',
      'phone',
      'email',
      'address_line1',
      'address_line2',
      'town',
      'county',
      'postcode',
      'latitude',
      'longitude',
      'delivery_enabled',
      'collection_enabled',
      'delivery_radius_km',
      'delivery_fee',
      'service_fee',
      'free_delivery_threshold',
      'minimum_spend',
      'collection_minimum_spend',
      'days_in_advance',
      'accepts_card',
      'accepts_apple_pay',
      'accepts_google_pay',
      'accepts_cash',
      'delivery_lead_minutes',
      'collection_lead_minutes',
      'slot_duration_minutes',
      'slot_capacity',
      'max_basket_items',
      'image_url',
    ]),
    store_opening_hours: table('store_opening_hours', [
      'store_id',
      'fulfilment_method',
      'day_of_week',
      'opens_at',
      'closes_at',
    ]),
    store_closures: table('store_closures', ['store_id', 'closed_on', 'reason']),
    delivery_zones: table('delivery_zones', [
      'store_id',
      'kind',
      'radius_km',
      'outcode',
      'delivery_fee',
      'minimum_spend',
    ]),
    categories: table('categories', [
      'id',
      'business_id',
      'parent_id',
      'slug',
      'name',
      'description',
      'image_url',
      'position',
      'age_restriction',
      'is_tobacco',
      'is_alcohol',
    ]),
    menu_items: table('menu_items', [
      'id',
      'business_id',
      'category_id',
      'slug',
      'name',
      'description',
      'ingredients',
      'size',
      'unit_price_label',
      'price',
      'was_price',
      'was_price_from',
      'was_price_until',
      'badge_text',
      'badge_color',
      'badge_background_color',
      'out_of_stock',
      'tags',
      'add_to_basket_type',
      'quick_add',
      'age_restriction',
      'max_quantity',
      'image_originals',
      'image_mdpi_1x',
      'image_xhdpi_2x',
      'image_xxhdpi_3x',
      'image_width',
      'image_height',
      'position',
    ]),
    store_menu_items: table('store_menu_items', [
      'store_id',
      'menu_item_id',
      'price',
      'was_price',
      'was_price_from',
      'was_price_until',
      'out_of_stock',
      'is_available',
    ]),
    menu_item_options: table('menu_item_options', [
      'id',
      'menu_item_id',
      'name',
      'placeholder',
      'minimum_selected',
      'maximum_selected',
      'display_as_grid',
      'mutually_exclusive',
      'dependent_on',
      'extra_cost_instances_threshold',
      'is_size',
      'position',
    ]),
    menu_item_option_values: table('menu_item_option_values', [
      'id',
      'option_id',
      'name',
      'extra_cost',
      'is_default',
      'position',
    ]),
    menu_item_option_value_size_costs: table('menu_item_option_value_size_costs', [
      'id',
      'option_value_id',
      'size_id',
      'extra_cost',
    ]),
    deals: table('deals', [
      'id',
      'business_id',
      'slug',
      'name',
      'description',
      'kind',
      'quantity_required',
      'price',
      'discount_percent',
      'discount_amount',
      'badge_text',
      'badge_color',
      'badge_background_color',
      'image_url',
      'position',
    ]),
    deal_sections: table('deal_sections', [
      'id',
      'deal_id',
      'name',
      'minimum_selected',
      'maximum_selected',
      'position',
    ]),
    deal_section_items: table('deal_section_items', [
      'deal_section_id',
      'menu_item_id',
      'extra_cost',
      'position',
    ]),
    banners: table('banners', [
      'id',
      'business_id',
      'brand_id',
      'slug',
      'title',
      'subtitle',
      'image_url',
      'image_width',
      'image_height',
      'link_type',
      'link_category_id',
      'link_deal_id',
      'link_menu_item_id',
      'link_url',
      'category_id',
      'position',
    ]),
    coupons: table('coupons', [
      'id',
      'business_id',
      'code',
      'description',
      'kind',
      'value',
      'minimum_spend',
      'maximum_discount',
      'members_only',
      'first_order_only',
      'starts_at',
      'ends_at',
      'max_redemptions',
      'max_redemptions_per_customer',
    ]),
    marketing_channels: table('marketing_channels', [
      'id',
      'business_id',
      'channel',
      'name',
      'description',
      'position',
    ]),
    loyalty_schemes: table('loyalty_schemes', [
      'business_id',
      'name',
      'points_per_pound',
      'reward_threshold',
      'reward_value',
    ]),
    content_blocks: table('content_blocks', [
      'business_id',
      'brand_id',
      'placement',
      'key',
      'content_json',
      'position',
    ]),
    faqs: table('faqs', ['business_id', 'brand_id', 'section', 'question', 'answer', 'position']),
    seo_pages: table('seo_pages', [
      'business_id',
      'brand_id',
      'slug',
      'title',
      'meta_description',
      'heading',
      'body',
    ]),
    seo_redirects: table('seo_redirects', ['business_id', 'from_slug', 'to_path', 'status_code']),
    sitemaps: table('sitemaps', ['brand_id', 'name']),
  }
  return { ...tables, afterLoad: [] as Array<{ sql: string; params: Array<SqlValue> }> }
}

type Tables = ReturnType<typeof createTables>

/**
 * Raise when the generated demo data changes, so `npm run dev` can tell a developer whose local
 * database holds an older version (2: the third brand; 3: readable hot-food badges; 4: price
 * claims with their earlier price's period, tobacco and alcohol flagged).
 */
export const DEMO_DATA_VERSION = 4

export const BRANDS = [
  {
    id: 1,
    slug: 'corner-fresh',
    name: 'Corner Fresh',
    host: 'localhost',
    productionHost: 'www.cornerfresh.example',
    tagline: 'Your local shop, delivered',
    primary: '#1f7a4d',
    secondary: '#0f3d27',
    accent: '#f4b400',
    handle: 'cornerfresh',
    orderNumberPrefix: 'CF',
    appStoreId: '6450012345',
    // Postcode search, results page first.
    store: { enableStoresSearchByAddress: false, autoSelectClosestStore: false },
  },
  {
    id: 2,
    slug: 'northside-market',
    name: 'Northside Market',
    host: '127.0.0.1',
    productionHost: 'www.northsidemarket.example',
    tagline: 'Neighbourhood groceries in minutes',
    primary: '#1d3557',
    secondary: '#457b9d',
    accent: '#e63946',
    handle: 'northsidemarket',
    orderNumberPrefix: 'NSM',
    appStoreId: '6450067890',
    // Postcode search straight into the nearest store.
    store: { enableStoresSearchByAddress: false, autoSelectClosestStore: true },
  },
  {
    id: 3,
    slug: 'greenway-grocer',
    name: 'Greenway Grocer',
    // Browsers resolve every *.localhost name to the loopback address.
    host: 'greenway.localhost',
    productionHost: 'www.greenwaygrocer.example',
    tagline: 'Fresh food from the shop round the corner',
    primary: '#6d28d9',
    secondary: '#3b0764',
    accent: '#f59e0b',
    handle: 'greenwaygrocer',
    orderNumberPrefix: 'GWG',
    appStoreId: '6450054321',
    // Address search with autocomplete, results page first.
    store: { enableStoresSearchByAddress: true, autoSelectClosestStore: false },
  },
] as const

function addTenancy(t: Tables): void {
  addRow(t.businesses, {
    id: BUSINESS_ID,
    name: 'Corner Fresh Group',
    legal_name: 'Corner Fresh Group Ltd',
    country_code: 'GB',
    currency: 'GBP',
    locale: 'en_GB',
    time_zone: 'Europe/London',
    support_email: 'help@cornerfresh.example',
    support_phone: '0161 496 0000',
  })
  addRow(t.postcode_rules, {
    business_id: BUSINESS_ID,
    country_code: 'GB',
    pattern: '^(GIR 0AA|[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2})$',
    normalisation: 'uk',
    example: 'M1 1AE',
  })
  for (const brand of BRANDS) {
    addRow(t.brands, {
      id: brand.id,
      business_id: BUSINESS_ID,
      slug: brand.slug,
      name: brand.name,
      tagline: brand.tagline,
      meta_description: `${brand.name}: order groceries, drinks and household essentials from your local store for delivery or collection.`,
      logo_url: `/images/brands/${brand.slug}.svg`,
      logo_width: 200,
      logo_height: 48,
      favicon_url: `/images/brands/${brand.slug}-icon.svg`,
      hero_image_url: `/images/brands/${brand.slug}-hero.svg`,
      primary_color: brand.primary,
      primary_text_color: '#ffffff',
      secondary_color: brand.secondary,
      accent_color: brand.accent,
      background_color: '#ffffff',
      text_color: '#1f2937',
      canonical_host: null,
      order_number_prefix: brand.orderNumberPrefix,
    })
    addRow(t.brand_hosts, { host: brand.host, brand_id: brand.id, environment: 'local' })
    addRow(t.brand_hosts, {
      host: brand.productionHost,
      brand_id: brand.id,
      environment: 'production',
    })
    for (const [section, settings] of Object.entries(brandSettings(brand.name, brand.store))) {
      addRow(t.brand_settings, {
        brand_id: brand.id,
        section,
        settings_json: JSON.stringify(settings),
      })
    }
    const links: Array<[string, string, string]> = [
      ['social', 'facebook', `https://www.facebook.com/${brand.handle}`],
      ['social', 'twitter', `https://twitter.com/${brand.handle}`],
      ['social', 'instagram', `https://www.instagram.com/${brand.handle}`],
      ['app_store', 'ios', `https://apps.apple.com/gb/app/${brand.slug}/id${brand.appStoreId}`],
      [
        'app_store',
        'android',
        `https://play.google.com/store/apps/details?id=example.${brand.handle}`,
      ],
    ]
    links.forEach(([kind, channel, url], position) =>
      addRow(t.brand_links, { brand_id: brand.id, kind, channel, url, position })
    )
  }
  const countries: Array<[string, string]> = [
    ['GB', 'United Kingdom'],
    ['IE', 'Ireland'],
    ['FR', 'France'],
    ['DE', 'Germany'],
    ['ES', 'Spain'],
    ['IT', 'Italy'],
    ['NL', 'Netherlands'],
    ['BE', 'Belgium'],
    ['PT', 'Portugal'],
    ['PL', 'Poland'],
    ['SE', 'Sweden'],
    ['DK', 'Denmark'],
    ['NO', 'Norway'],
    ['CH', 'Switzerland'],
    ['AT', 'Austria'],
    ['US', 'United States'],
    ['CA', 'Canada'],
    ['AU', 'Australia'],
    ['NZ', 'New Zealand'],
    ['IN', 'India'],
  ]
  countries.forEach(([code, name], position) =>
    addRow(t.countries, { code, name, is_billing: 1, position })
  )
}

function searchPrompt(byAddress: boolean): string {
  return `Enter your ${byAddress ? 'address' : 'postcode'} to find stores near you.`
}

function brandSettings(
  name: string,
  store: { enableStoresSearchByAddress: boolean; autoSelectClosestStore: boolean }
): Record<string, Record<string, unknown>> {
  return {
    store: { ...store, enableDeviceLocation: true },
    checkout: {
      tipOptions: [0, 100, 200, 300],
      termsUrl: '/terms-and-conditions',
      privacyUrl: '/privacy-policy',
      whereDidYouHearOptions: [
        'Search engine',
        'Social media',
        'Friend or family',
        'Leaflet',
        'Walked past the store',
      ],
    },
    home: {
      heroTitle: `${name}: groceries from your local store`,
      heroSubtitle: searchPrompt(store.enableStoresSearchByAddress),
    },
    pages: {
      termsSlug: 'terms-and-conditions',
      privacySlug: 'privacy-policy',
      aboutSlug: 'about-us',
    },
    faq: { title: 'Frequently asked questions' },
    contact: {
      title: 'Contact us',
      subjects: [
        'Question about an order',
        'Missing or damaged items',
        'Feedback',
        'Something else',
      ],
      maxAttachments: 3,
      maxAttachmentBytes: 5 * 1024 * 1024,
    },
    'branding-pages': { showStoreImages: true },
    login: { enableOtpLogin: true, enableFacebookLogin: false, enableGoogleLogin: false },
    register: { requireEmailVerification: false, showMarketingOptIn: true },
    'forgot-password': { title: 'Forgotten your password?' },
    'reset-password': { title: 'Choose a new password' },
  }
}

function addGeography(
  t: Tables,
  outcodes: Array<Record<string, string>>,
  postcodes: Array<Record<string, string>>,
  random: Random
): void {
  for (const row of outcodes) {
    addRow(t.geo_outcodes, {
      outcode: row.outcode ?? '',
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      town: row.town ?? '',
    })
  }
  for (const row of postcodes) {
    addRow(t.geo_postcodes, {
      postcode: row.postcode ?? '',
      outcode: row.outcode ?? '',
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    })
  }
  // Demo addresses for autocomplete: a few houses on every tenth central Manchester postcode.
  postcodes.forEach((row, index) => {
    if (index % 10 !== 0) return
    const street = random.pick(STREET_NAMES)
    const houses = random.int(1, 3)
    for (let h = 0; h < houses; h++) {
      const number = random.int(1, 180)
      const postcode = row.postcode ?? ''
      const line1 = `${number} ${street}`
      const description = `${line1}, Manchester, ${postcode}`
      addRow(t.geo_addresses, {
        place_id: `demo-${postcode.replace(' ', '').toLowerCase()}-${number}`,
        description,
        search_key: description.toLowerCase().replace(/[^a-z0-9 ]/g, ''),
        address_line1: line1,
        address_line2: null,
        town: 'Manchester',
        county: 'Greater Manchester',
        postcode,
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
      })
    }
  })
  // The same place id can come up twice; keep the first.
  const seen = new Set<SqlValue>()
  t.geo_addresses.rows = t.geo_addresses.rows.filter(
    (r) => !seen.has(r[0] ?? null) && seen.add(r[0] ?? null)
  )
}

interface StoreProfile {
  slug: string
  name: string
  line1: string
  town: string
  county: string
  postcode: string
  latitude: number
  longitude: number
}

function addStores(
  t: Tables,
  outcodeByCode: Map<string, Record<string, string>>,
  outcodes: Array<Record<string, string>>,
  postcodes: Array<Record<string, string>>,
  random: Random,
  total: number
): Array<number> {
  const profiles: Array<StoreProfile> = []
  for (const store of MANCHESTER_STORES) {
    const candidates = postcodes.filter((row) => row.outcode === store.outcode)
    const chosen = random.pick(candidates)
    profiles.push({
      slug: `manchester-${slugify(store.name)}`,
      name: `Manchester ${store.name}`,
      line1: `${random.int(2, 120)} ${store.street}`,
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: chosen.postcode ?? '',
      latitude: Number(chosen.latitude),
      longitude: Number(chosen.longitude),
    })
  }
  for (const store of TOWN_STORES) {
    const outcode = outcodeByCode.get(store.postcode.split(' ')[0] ?? '')
    if (!outcode) throw new Error(`outcode of ${store.postcode} is not in the outcode data`)
    profiles.push({
      slug: slugify(store.town),
      name: `${store.town} ${store.street}`,
      line1: `${random.int(1, 60)} ${store.street}`,
      town: store.town,
      county: store.county,
      postcode: store.postcode,
      latitude: Number(outcode.latitude),
      longitude: Number(outcode.longitude),
    })
  }
  // Benchmark scale: more stores on real outcodes, each with a plausible inward code.
  const geographic = outcodes.filter((row) => /^[A-Z]{1,2}[0-9][A-Z0-9]?$/.test(row.outcode ?? ''))
  for (let i = profiles.length; i < total; i++) {
    const row = geographic[(i * 7919) % geographic.length] ?? geographic[0]
    if (!row) break
    const town = (row.town ?? '').split(' / ')[0] ?? ''
    profiles.push({
      slug: `${slugify(town)}-${slugify(row.outcode ?? '')}-${i + 1}`,
      name: `${town} ${row.outcode} ${i + 1}`,
      line1: `${random.int(1, 200)} ${random.pick(STREET_NAMES)}`,
      town,
      county: '',
      postcode: `${row.outcode} ${random.int(1, 9)}${random.pick(INWARD_LETTERS)}${random.pick(INWARD_LETTERS)}`,
      latitude: Number(row.latitude) + (random.next() - 0.5) * 0.01,
      longitude: Number(row.longitude) + (random.next() - 0.5) * 0.01,
    })
  }

  const ids: Array<number> = []
  profiles.slice(0, Math.max(total, 0)).forEach((profile, index) => {
    const id = index + 1
    ids.push(id)
    const variant = index % 7
    const collectionOnly = profile.slug === 'york'
    const noCollection = profile.slug === 'brighton'
    addRow(t.stores, {
      id,
      business_id: BUSINESS_ID,
      slug: profile.slug,
      name: profile.name,
      description: `Groceries, fresh food, drinks and household essentials in ${profile.town}.`,
      phone: `0${random.int(113, 191)} ${random.int(100, 999)} ${String(random.int(0, 9999)).padStart(4, '0')}`,
      email: `${profile.slug}@cornerfresh.example`,
      address_line1: profile.line1,
      address_line2: null,
      town: profile.town,
      county: profile.county || null,
      postcode: profile.postcode,
      latitude: round(profile.latitude, 5),
      longitude: round(profile.longitude, 5),
      delivery_enabled: collectionOnly ? 0 : 1,
      collection_enabled: noCollection ? 0 : 1,
      delivery_radius_km: [3, 5, 4, 6, 3.5, 8, 5][variant] ?? 5,
      delivery_fee: [199, 0, 299, 150, 350, 199, 249][variant] ?? 199,
      service_fee: variant === 3 ? 50 : 0,
      free_delivery_threshold: [4000, null, 5000, 3000, null, 6000, 4500][variant] ?? null,
      minimum_spend: [1000, 0, 1500, 0, 2000, 1200, 800][variant] ?? 0,
      collection_minimum_spend: 0,
      days_in_advance: [7, 0, 3, 5, 1, 7, 2][variant] ?? 0,
      accepts_card: 1,
      accepts_apple_pay: variant === 4 ? 0 : 1,
      accepts_google_pay: variant === 5 ? 0 : 1,
      accepts_cash: variant % 2 === 0 ? 1 : 0,
      delivery_lead_minutes: [30, 45, 40, 60, 35, 45, 50][variant] ?? 45,
      collection_lead_minutes: [15, 20, 15, 30, 20, 15, 25][variant] ?? 20,
      slot_duration_minutes: variant === 2 ? 30 : 60,
      slot_capacity: [8, 10, 6, 12, 10, 5, 8][variant] ?? 10,
      max_basket_items: variant === 6 ? 60 : 100,
      // No photos: the store page draws its shop front in the brand's colours.
      image_url: null,
    })
    addOpeningHours(t, id, profile.slug, variant)
    addRow(t.store_closures, { store_id: id, closed_on: '2026-12-25', reason: 'Christmas Day' })
    addRow(t.store_closures, { store_id: id, closed_on: '2027-12-25', reason: 'Christmas Day' })
    if (!collectionOnly) {
      addRow(t.delivery_zones, {
        store_id: id,
        kind: 'radius',
        radius_km: [3, 5, 4, 6, 3.5, 8, 5][variant] ?? 5,
        outcode: null,
        delivery_fee: null,
        minimum_spend: null,
      })
    }
    if (profile.town === 'Manchester') {
      // Central Manchester stores also cover the whole of the neighbouring districts.
      for (const outcode of ['M1', 'M2', 'M3', 'M4', 'M15']) {
        addRow(t.delivery_zones, {
          store_id: id,
          kind: 'outcode',
          radius_km: null,
          outcode,
          delivery_fee: outcode === 'M15' ? 299 : null,
          minimum_spend: null,
        })
      }
    }
  })
  return ids
}

const INWARD_LETTERS = [
  'A',
  'B',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'L',
  'N',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'W',
  'X',
  'Y',
  'Z',
] as const

function addOpeningHours(t: Tables, storeId: number, slug: string, variant: number): void {
  const add = (method: string, day: number, opens: string, closes: string) =>
    addRow(t.store_opening_hours, {
      store_id: storeId,
      fulfilment_method: method,
      day_of_week: day,
      opens_at: opens,
      closes_at: closes,
    })
  for (let day = 0; day < 7; day++) {
    // Norwich keeps Sunday as a day off.
    if (slug === 'norwich' && day === 6) continue
    const sunday = day === 6
    const weekend = day >= 4
    let store: [string, string]
    if (slug === 'manchester-northern-quarter') {
      // Open late, past midnight on Friday and Saturday nights.
      store = [sunday ? '09:00' : '07:00', weekend && !sunday ? '02:00' : '23:59']
    } else if (variant === 1 || variant === 3) {
      store = [sunday ? '10:00' : '07:00', '23:00']
    } else {
      store = sunday ? ['10:00', '16:00'] : ['07:00', '22:00']
    }
    add('store', day, store[0], store[1])
    const delivery: [string, string] = sunday
      ? ['11:00', '16:00']
      : ['09:00', store[1] === '02:00' ? '23:00' : '21:00']
    add('delivery', day, delivery[0], delivery[1])
    const collection: [string, string] = [sunday ? '10:30' : '08:00', sunday ? '15:30' : '21:00']
    add('collection', day, collection[0], collection[1])
  }
}

interface ParsedLine {
  name: string
  size: string | null
  price: number
}

/** Expands 'name|sizes|variants' into the items it stands for. */
export function expandLine(line: string): Array<ParsedLine> {
  const [nameTemplate = '', sizesText = '', variantsText = ''] = line.split('|')
  const sizes = sizesText.split(',').map((entry) => {
    const at = entry.lastIndexOf(':')
    return { label: entry.slice(0, at).trim(), price: Number(entry.slice(at + 1)) }
  })
  const variants = variantsText
    ? variantsText.split(',').map((entry) => {
        const [variantName = '', percent] = entry.split('*')
        return { name: variantName.trim(), factor: percent ? Number(percent) / 100 : 1 }
      })
    : [{ name: '', factor: 1 }]
  const out: Array<ParsedLine> = []
  for (const variant of variants) {
    // A variant inside a name is lower case ('Value mild cheddar'); at the start it keeps its case.
    const inner = nameTemplate.startsWith('{v}')
      ? variant.name
      : variant.name.charAt(0).toLowerCase() + variant.name.slice(1)
    const base = nameTemplate.includes('{v}') ? nameTemplate.replace('{v}', inner) : nameTemplate
    const name = capitalise(base.trim())
    for (const size of sizes) {
      const label = size.label === 'each' ? null : size.label
      out.push({
        name: label ? `${name} ${label}` : name,
        size: label,
        price: shelfPrice(size.price * variant.factor),
      })
    }
  }
  return out
}

// Round to a typical shelf price ending in 0, 5 or 9 pence.
function shelfPrice(pence: number): number {
  if (pence < 100) return Math.max(5, Math.round(pence / 5) * 5)
  const rounded = Math.round(pence / 5) * 5
  return rounded % 100 === 0 && rounded > 500 ? rounded - 1 : rounded
}

// Badges drawn at random. 'Price drop' is not among them: it goes with a recorded earlier price.
const BADGES = [
  { text: 'New', color: '#ffffff', background: '#2563eb' },
  { text: 'Best seller', color: '#1f2937', background: '#fde68a' },
  { text: 'Local', color: '#14532d', background: '#bbf7d0' },
] as const
const PRICE_DROP_BADGE = { text: 'Price drop', color: '#ffffff', background: '#b91c1c' } as const

const DEPARTMENT_BLURBS: Record<string, string> = {
  'fruit-veg': 'Fresh and full of flavour, checked for quality every morning.',
  bakery: 'Baked fresh and best enjoyed within a couple of days.',
  'dairy-eggs': 'Keep refrigerated. Great for everyday cooking and breakfasts.',
  'meat-fish': 'Keep refrigerated and cook thoroughly before eating.',
  chilled: 'Keep refrigerated. Ready in minutes.',
  frozen: 'Store frozen at -18°C. Cook from frozen.',
  'food-cupboard': 'A store cupboard essential.',
  drinks: 'Best served chilled.',
  'beer-wine-spirits': 'Please drink responsibly. Challenge 25 applies on delivery and collection.',
  'snacks-sweets': 'A tasty treat for sharing or on the go.',
  household: 'Keep out of reach of children. Read the label before use.',
  'health-beauty': 'Always read the label.',
  baby: 'For babies and toddlers. Always read the label.',
  pet: 'Complete nutrition and treats for your pets.',
  tobacco: 'Smoking kills. For adults aged 18 and over only.',
  newsagent: 'Everyday essentials from your local store.',
}

function addCatalogue(t: Tables, random: Random, minimumItems: number): Array<ProductRow> {
  const products: Array<ProductRow> = []
  const slugs = new Set<string>()
  let categoryId = 0
  let itemId = 0
  let optionId = 0
  let valueId = 0
  let sizeCostId = 0

  const departments = [...DEPARTMENTS.slice(0, 6), HOT_FOOD_DEPARTMENT, ...DEPARTMENTS.slice(6)]
  departments.forEach((department, departmentPosition) => {
    const departmentId = ++categoryId
    const age = department.ageRestriction ?? null
    addRow(t.categories, {
      id: departmentId,
      business_id: BUSINESS_ID,
      parent_id: null,
      slug: department.slug,
      name: department.name,
      description: department.description,
      image_url: categoryImagePath(department.slug, 'mdpi_1x'),
      position: departmentPosition,
      age_restriction: age,
      is_tobacco: department.tobacco === true ? 1 : 0,
      is_alcohol: department.alcohol === true ? 1 : 0,
    })
    const images = {
      image_originals: categoryImagePath(department.slug, 'originals'),
      image_mdpi_1x: categoryImagePath(department.slug, 'mdpi_1x'),
      image_xhdpi_2x: categoryImagePath(department.slug, 'xhdpi_2x'),
      image_xxhdpi_3x: categoryImagePath(department.slug, 'xxhdpi_3x'),
      image_width: 160,
      image_height: 160,
    }
    const uniqueSlug = (name: string, context: string): string => {
      let slug = slugify(name)
      if (slugs.has(slug)) slug = `${slug}-${context}`
      for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`
      slugs.add(slug)
      return slug
    }

    if (department.slug === HOT_FOOD_DEPARTMENT.slug) {
      HOT_FOOD.forEach((sub, subPosition) => {
        const subId = ++categoryId
        addRow(t.categories, {
          id: subId,
          business_id: BUSINESS_ID,
          parent_id: departmentId,
          slug: sub.slug,
          name: sub.name,
          description: `${sub.name} made to order in store.`,
          image_url: categoryImagePath(department.slug, 'mdpi_1x'),
          position: subPosition,
          age_restriction: null,
          is_tobacco: 0,
          is_alcohol: 0,
        })
        sub.items.forEach((item, position) => {
          const id = ++itemId
          const slug = uniqueSlug(item.name, sub.slug)
          products.push({
            id,
            categoryId: subId,
            departmentSlug: department.slug,
            slug,
            name: item.name,
          })
          addRow(t.menu_items, {
            ...images,
            id,
            business_id: BUSINESS_ID,
            category_id: subId,
            slug,
            name: item.name,
            description: item.description,
            ingredients: item.ingredients,
            size: null,
            unit_price_label: null,
            price: item.price,
            was_price: null,
            was_price_from: null,
            was_price_until: null,
            badge_text: position === 0 ? 'Made to order' : null,
            badge_color: position === 0 ? '#ffffff' : null,
            badge_background_color: position === 0 ? '#c2410c' : null,
            out_of_stock: 0,
            tags: JSON.stringify(['hot food', ...(item.tags ?? [])]),
            add_to_basket_type: item.options.length > 0 ? 'options' : 'simple',
            quick_add: item.options.length > 0 ? 0 : 1,
            age_restriction: null,
            max_quantity: 10,
            position,
          })
          const optionIdByKey = new Map<string, number>()
          const valueIdByKey = new Map<string, number>()
          const sizeOption = item.options.find((o) => o.isSize)
          item.options.forEach((option: OptionDefinition, optionPosition) => {
            const oid = ++optionId
            optionIdByKey.set(option.key, oid)
            addRow(t.menu_item_options, {
              id: oid,
              menu_item_id: id,
              name: option.name,
              placeholder: option.placeholder ?? null,
              minimum_selected: option.min,
              maximum_selected: option.max,
              display_as_grid: option.grid ? 1 : 0,
              mutually_exclusive: option.mutuallyExclusive ? 1 : 0,
              dependent_on: option.dependsOn ? (optionIdByKey.get(option.dependsOn) ?? null) : null,
              extra_cost_instances_threshold: option.freeInstances ?? null,
              is_size: option.isSize ? 1 : 0,
              position: optionPosition,
            })
            option.values.forEach((value, valuePosition) => {
              const vid = ++valueId
              valueIdByKey.set(`${option.key}:${value.name}`, vid)
              addRow(t.menu_item_option_values, {
                id: vid,
                option_id: oid,
                name: value.name,
                extra_cost: value.extraCost ?? 0,
                is_default: value.isDefault ? 1 : 0,
                position: valuePosition,
              })
              for (const [sizeName, cost] of Object.entries(value.sizeCosts ?? {})) {
                const sizeId = sizeOption
                  ? valueIdByKey.get(`${sizeOption.key}:${sizeName}`)
                  : undefined
                if (sizeId === undefined) throw new Error(`${item.name}: no size ${sizeName}`)
                addRow(t.menu_item_option_value_size_costs, {
                  id: ++sizeCostId,
                  option_value_id: vid,
                  size_id: sizeId,
                  extra_cost: cost,
                })
              }
            })
            if (option.dependsOnValue && option.dependsOn) {
              const dependsOnValue = valueIdByKey.get(
                `${option.dependsOn}:${option.dependsOnValue}`
              )
              if (dependsOnValue === undefined)
                throw new Error(`${item.name}: no ${option.dependsOnValue}`)
              // The value row is loaded after its option, so the link is set once both exist.
              t.afterLoad.push({
                sql: 'update menu_item_options set dependent_on_value_id = ? where id = ?',
                params: [dependsOnValue, oid],
              })
            }
          })
        })
      })
      return
    }

    department.subcategories.forEach((sub, subPosition) => {
      const subId = ++categoryId
      addRow(t.categories, {
        id: subId,
        business_id: BUSINESS_ID,
        parent_id: departmentId,
        slug: sub.slug,
        name: sub.name,
        description: `${sub.name} from our ${department.name} range.`,
        image_url: categoryImagePath(department.slug, 'mdpi_1x'),
        position: subPosition,
        age_restriction: age,
        // The department's flag covers its sub-categories (worker/backend/catalogue/tobacco.ts).
        is_tobacco: 0,
        is_alcohol: 0,
      })
      let position = 0
      const lines = sub.lines.flatMap((line, index) => rangeTiers(department.slug, line, index))
      for (const line of lines) {
        for (const parsed of expandLine(line)) {
          const id = ++itemId
          const slug = uniqueSlug(parsed.name, sub.slug)
          products.push({
            id,
            categoryId: subId,
            departmentSlug: department.slug,
            slug,
            name: parsed.name,
          })
          addRow(t.menu_items, {
            ...images,
            ...itemFlags(random, parsed.price, department.tobacco === true),
            id,
            business_id: BUSINESS_ID,
            category_id: subId,
            slug,
            name: parsed.name,
            description: `${parsed.name}. ${DEPARTMENT_BLURBS[department.slug] ?? ''}`.trim(),
            ingredients: ingredientsFor(department.slug, parsed.name),
            size: parsed.size,
            unit_price_label: unitPriceLabel(parsed.size, parsed.price),
            price: parsed.price,
            tags: JSON.stringify(tagsFor(sub.tags ?? [], parsed.name)),
            add_to_basket_type: 'simple',
            quick_add: 1,
            age_restriction: age,
            max_quantity: /paracetamol|ibuprofen/i.test(parsed.name) ? 2 : null,
            position: position++,
          })
        }
      }
    })
  })

  // Benchmark scale: variants of the range until there are enough items.
  const base = [...products]
  const qualifiers = [
    'Value',
    'Organic',
    'Premium',
    'Family size',
    'Multipack',
    'Reduced sugar',
    'Light',
    'Extra large',
  ]
  for (let round = 0; products.length < minimumItems; round++) {
    const source = base[round % base.length]
    if (!source) break
    const sourceRow = t.menu_items.rows[source.id - 1]
    if (!sourceRow) break
    const qualifier = qualifiers[Math.floor(round / base.length) % qualifiers.length] ?? 'Value'
    const edition = Math.floor(round / (base.length * qualifiers.length))
    const name = `${qualifier} ${source.name.charAt(0).toLowerCase()}${source.name.slice(1)}${edition > 0 ? ` (${edition + 1})` : ''}`
    const id = ++itemId
    const slug = `${slugify(name)}-${id}`
    const row = [...sourceRow]
    const columns = t.menu_items.columns
    const set = (column: string, value: SqlValue) => {
      row[columns.indexOf(column)] = value
    }
    set('id', id)
    set('slug', slug)
    set('name', name)
    set('description', `${name}.`)
    // Option-bearing hot food keeps its options only on the original items.
    set('add_to_basket_type', 'simple')
    set('quick_add', 1)
    set('position', 1000 + round)
    t.menu_items.rows.push(row)
    products.push({ ...source, id, slug, name })
  }
  return products
}

// Own-label ranges: a value tier on every other line and a premium tier on every third line of
// the everyday grocery departments, as supermarkets do.
const TIERED_DEPARTMENTS = new Set([
  'bakery',
  'dairy-eggs',
  'meat-fish',
  'chilled',
  'frozen',
  'food-cupboard',
  'snacks-sweets',
  'drinks',
  'household',
  'pet',
])

function rangeTiers(departmentSlug: string, line: string, index: number): Array<string> {
  if (!TIERED_DEPARTMENTS.has(departmentSlug)) return [line]
  const [name = '', sizes = '', variants = ''] = line.split('|')
  const tier = (label: string, factor: number) => {
    const scaled = sizes
      .split(',')
      .map((entry) => {
        const at = entry.lastIndexOf(':')
        return `${entry.slice(0, at)}:${Math.round(Number(entry.slice(at + 1)) * factor)}`
      })
      .join(',')
    return `${label} ${name.charAt(0).toLowerCase()}${name.slice(1)}|${scaled}|${variants}`
  }
  const out = [line]
  if (index % 2 === 0) out.push(tier('Value', 0.7))
  if (index % 3 === 0) out.push(tier('Premium', 1.45))
  return out
}

/*
 * A demo "was" price is a price the item was charged from WAS_PRICE_FROM until WAS_PRICE_UNTIL,
 * when the lower price began: long enough to be a genuine reference price and recent enough that
 * the claim stands for as long again (worker/backend/catalogue/price-claims.ts), so the demo
 * shows reductions from November 2026 to mid-2028.
 */
export const WAS_PRICE_FROM = '2025-01-06T00:00:00.000Z'
export const WAS_PRICE_UNTIL = '2026-11-02T00:00:00.000Z'

function itemFlags(random: Random, price: number, tobacco: boolean): Record<string, SqlValue> {
  // The draws stay in this order so the rest of the demo data does not move.
  const drawn = random.chance(0.08) ? random.pick(BADGES) : null
  const drawnWas = random.chance(0.07) ? shelfPrice(price * (1.15 + random.next() * 0.25)) : null
  const outOfStock = random.chance(0.02) ? 1 : 0
  // Tobacco is never promoted; a price-drop badge only ever stands beside its earlier price.
  const wasPrice = !tobacco && drawnWas !== null && drawnWas > price ? drawnWas : null
  const badge = tobacco ? null : wasPrice !== null ? PRICE_DROP_BADGE : drawn
  return {
    badge_text: badge?.text ?? null,
    badge_color: badge?.color ?? null,
    badge_background_color: badge?.background ?? null,
    was_price: wasPrice,
    was_price_from: wasPrice !== null ? WAS_PRICE_FROM : null,
    was_price_until: wasPrice !== null ? WAS_PRICE_UNTIL : null,
    out_of_stock: outOfStock,
  }
}

function ingredientsFor(departmentSlug: string, name: string): string | null {
  switch (departmentSlug) {
    case 'fruit-veg':
      return `${name.replace(/ \d.*$/, '')}.`
    case 'bakery':
      return 'Wheat flour (with calcium, iron, niacin, thiamin), water, yeast, salt, vegetable oil. Allergens in bold on pack.'
    case 'chilled':
    case 'frozen':
    case 'food-cupboard':
    case 'snacks-sweets':
      return 'See the pack for the full ingredients list. Allergens: may contain cereals containing gluten, milk, egg, soya and nuts.'
    case 'dairy-eggs':
      return 'Milk. Allergens: milk.'
    default:
      return null
  }
}

function tagsFor(defaults: ReadonlyArray<string>, name: string): Array<string> {
  const tags = new Set(defaults)
  if (/organic/i.test(name)) tags.add('organic')
  if (/gluten free/i.test(name)) tags.add('gluten-free')
  if (/plant based|dairy free/i.test(name)) tags.add('vegan')
  if (/free range/i.test(name)) tags.add('free-range')
  if (
    /(beef|chicken|pork|ham|bacon|sausage|fish|salmon|tuna|prawn|lamb|turkey|chorizo|salami|cod|haddock|mackerel)/i.test(
      name
    )
  ) {
    tags.delete('vegan')
    tags.delete('vegetarian')
  }
  return [...tags]
}

/** The unit price for a size and price (one rule for the data and the API: schemas/unit-price.ts). */
export { unitPriceLabel }

function addStoreOverrides(
  t: Tables,
  storeIds: Array<number>,
  products: Array<ProductRow>,
  random: Random,
  perStore: number | undefined
): void {
  const count = perStore ?? Math.ceil(products.length * 0.04)
  for (const storeId of storeIds) {
    const chosen = new Set<number>()
    for (let i = 0; i < count && chosen.size < products.length; i++) {
      const product = random.pick(products)
      if (chosen.has(product.id)) continue
      chosen.add(product.id)
      const row = t.menu_items.rows[product.id - 1]
      const price = Number(row?.[t.menu_items.columns.indexOf('price')] ?? 100)
      const kind = random.int(0, 2)
      addRow(t.store_menu_items, {
        store_id: storeId,
        menu_item_id: product.id,
        price: kind === 0 ? shelfPrice(price * (0.9 + random.next() * 0.25)) : null,
        was_price: null,
        was_price_from: null,
        was_price_until: null,
        out_of_stock: kind === 1 ? 1 : null,
        is_available: kind === 2 ? 0 : 1,
      })
    }
  }
}

function addPromotions(t: Tables, products: Array<ProductRow>): void {
  const bySlug = new Map(products.map((p) => [p.slug, p]))
  const idsMatching = (pattern: RegExp, limit: number): Array<number> =>
    products
      .filter((p) => pattern.test(p.slug))
      .slice(0, limit)
      .map((p) => p.id)
  const categoryIdBySlug = new Map(
    t.categories.rows.map((row) => [
      String(row[t.categories.columns.indexOf('slug')]),
      Number(row[0]),
    ])
  )

  let sectionId = 0
  const deals: Array<{
    slug: string
    name: string
    description: string
    kind: string
    quantity?: number
    price?: number
    percent?: number
    amount?: number
    icon: IconName
    sections: Array<{ name: string; min: number; max: number; items: Array<number> }>
  }> = [
    {
      slug: 'lunchtime-meal-deal',
      name: 'Lunchtime meal deal',
      description: 'A main, a snack and a drink for £3.85.',
      kind: 'meal_deal',
      price: 385,
      icon: 'cup',
      sections: [
        {
          name: 'Main',
          min: 1,
          max: 1,
          items: idsMatching(
            /^(pasta-salad|potato-salad|sausage-rolls-6|scotch-eggs|pork-pie-each|falafel-12|classic-houmous|onion-bhajis)/,
            8
          ),
        },
        {
          name: 'Snack',
          min: 1,
          max: 1,
          items: idsMatching(
            /crisps-32-5g$|chocolate-bar-45g$|^salted-popcorn|^fruit-salad-pot/,
            12
          ),
        },
        {
          name: 'Drink',
          min: 1,
          max: 1,
          items: idsMatching(
            /-330ml-can$|^still-spring-water-500ml$|^energy-drink-original-250ml$|^iced-coffee-latte/,
            12
          ),
        },
      ],
    },
    {
      slug: 'pizza-night',
      name: 'Pizza night for £6.00',
      description: 'Two frozen pizzas and a tub of ice cream for £6.00.',
      kind: 'meal_deal',
      price: 600,
      icon: 'snowflake',
      sections: [
        { name: 'Pizzas', min: 2, max: 2, items: idsMatching(/^frozen-.*-pizza$/, 6) },
        { name: 'Dessert', min: 1, max: 1, items: idsMatching(/ice-cream-900ml$/, 7) },
      ],
    },
    {
      slug: 'crisps-3-for-5',
      name: 'Any 3 sharing crisps for £5.00',
      description: 'Mix and match any three 150g sharing bags.',
      kind: 'multibuy',
      quantity: 3,
      price: 500,
      icon: 'sweet',
      sections: [
        { name: 'Sharing crisps', min: 3, max: 3, items: idsMatching(/crisps-150g-sharing$/, 20) },
      ],
    },
    {
      slug: 'wine-2-for-12',
      name: 'Any 2 bottles of wine for £12.00',
      description: 'Mix and match any two 75cl bottles from the range.',
      kind: 'multibuy',
      quantity: 2,
      price: 1200,
      icon: 'glass',
      sections: [{ name: 'Wine', min: 2, max: 2, items: idsMatching(/-75cl$/, 16) }],
    },
    {
      slug: 'cleaning-25-off',
      name: '25% off cleaning sprays',
      description: 'A quarter off every cleaning spray.',
      kind: 'percent_off',
      percent: 25,
      icon: 'spray',
      sections: [
        { name: 'Cleaning sprays', min: 1, max: 1, items: idsMatching(/-spray-500ml$/, 10) },
      ],
    },
    {
      slug: 'ice-cream-50p-off',
      name: '50p off ice cream tubs',
      description: 'Save 50p on any 900ml tub.',
      kind: 'amount_off',
      amount: 50,
      icon: 'snowflake',
      sections: [{ name: 'Ice cream', min: 1, max: 1, items: idsMatching(/ice-cream-900ml$/, 10) }],
    },
  ]
  deals.forEach((deal, index) => {
    const dealId = index + 1
    addRow(t.deals, {
      id: dealId,
      business_id: BUSINESS_ID,
      slug: deal.slug,
      name: deal.name,
      description: deal.description,
      kind: deal.kind,
      quantity_required: deal.quantity ?? null,
      price: deal.price ?? null,
      discount_percent: deal.percent ?? null,
      discount_amount: deal.amount ?? null,
      badge_text: 'Deal',
      badge_color: '#ffffff',
      badge_background_color: '#b91c1c',
      image_url: `/images/banners/${deal.slug}.svg`,
      position: index,
    })
    deal.sections.forEach((section, position) => {
      if (section.items.length === 0)
        throw new Error(`deal ${deal.slug}: section ${section.name} has no items`)
      const id = ++sectionId
      addRow(t.deal_sections, {
        id,
        deal_id: dealId,
        name: section.name,
        minimum_selected: section.min,
        maximum_selected: section.max,
        position,
      })
      section.items.forEach((menuItemId, itemPosition) =>
        addRow(t.deal_section_items, {
          deal_section_id: id,
          menu_item_id: menuItemId,
          extra_cost: deal.kind === 'meal_deal' && itemPosition % 5 === 4 ? 50 : 0,
          position: itemPosition,
        })
      )
    })
  })

  const banners = [
    {
      slug: 'lunchtime-meal-deal',
      title: 'Lunchtime meal deal',
      subtitle: 'Main, snack and drink for £3.85',
      linkType: 'deal',
      dealId: 1,
      categoryId: null as number | null,
      itemSlug: null as string | null,
    },
    {
      slug: 'pizza-night',
      title: 'Pizza night for £6.00',
      subtitle: 'Two pizzas and an ice cream tub',
      linkType: 'deal',
      dealId: 2,
      categoryId: null,
      itemSlug: null,
    },
    {
      slug: 'fresh-fruit',
      title: 'Fresh fruit every day',
      subtitle: 'Picked for flavour',
      linkType: 'category',
      dealId: null,
      categoryId: categoryIdBySlug.get('fresh-fruit') ?? null,
      itemSlug: null,
    },
    {
      slug: 'hot-drinks',
      title: 'Coffee made your way',
      subtitle: 'Oat drink and syrups available',
      linkType: 'menu_item',
      dealId: null,
      categoryId: null,
      itemSlug: 'latte',
    },
  ]
  banners.forEach((banner, position) => {
    const item = banner.itemSlug ? bySlug.get(banner.itemSlug) : undefined
    addRow(t.banners, {
      id: position + 1,
      business_id: BUSINESS_ID,
      brand_id: null,
      slug: banner.slug,
      title: banner.title,
      subtitle: banner.subtitle,
      image_url: `/images/banners/${banner.slug}.svg`,
      image_width: 1200,
      image_height: 400,
      link_type: banner.linkType,
      link_category_id: banner.categoryId,
      link_deal_id: banner.dealId,
      link_menu_item_id: item?.id ?? null,
      link_url: null,
      category_id: null,
      position,
    })
  })
  // A banner shown only on the Drinks category page.
  addRow(t.banners, {
    id: banners.length + 1,
    business_id: BUSINESS_ID,
    brand_id: null,
    slug: 'wine-2-for-12',
    title: 'Any 2 wines for £12.00',
    subtitle: 'Mix and match 75cl bottles',
    image_url: '/images/banners/wine-2-for-12.svg',
    image_width: 1200,
    image_height: 400,
    link_type: 'deal',
    link_category_id: null,
    link_deal_id: 4,
    link_menu_item_id: null,
    link_url: null,
    category_id: categoryIdBySlug.get('beer-wine-spirits') ?? null,
    position: 0,
  })

  const coupons: Array<Record<string, SqlValue>> = [
    {
      code: 'WELCOME10',
      description: '10% off your first order over £15.00',
      kind: 'percent',
      value: 10,
      minimum_spend: 1500,
      maximum_discount: 1000,
      members_only: 1,
      first_order_only: 1,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: 1,
    },
    {
      code: 'SAVE5',
      description: '£5.00 off when you spend £30.00',
      kind: 'amount',
      value: 500,
      minimum_spend: 3000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: 3,
    },
    {
      code: 'FREEDELIVERY',
      description: 'Free delivery on orders over £20.00',
      kind: 'free_delivery',
      value: 0,
      minimum_spend: 2000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: null,
      max_redemptions_per_customer: null,
    },
    {
      code: 'SUMMER24',
      description: '15% off (ended)',
      kind: 'percent',
      value: 15,
      minimum_spend: 0,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: '2024-06-01T00:00:00.000Z',
      ends_at: '2024-08-31T23:59:59.000Z',
      max_redemptions: null,
      max_redemptions_per_customer: null,
    },
    {
      code: 'ONEONLY',
      description: '£3.00 off, first shopper only',
      kind: 'amount',
      value: 300,
      minimum_spend: 1000,
      maximum_discount: null,
      members_only: 0,
      first_order_only: 0,
      starts_at: null,
      ends_at: null,
      max_redemptions: 1,
      max_redemptions_per_customer: 1,
    },
  ]
  coupons.forEach((coupon, index) =>
    addRow(t.coupons, { ...coupon, id: index + 1, business_id: BUSINESS_ID })
  )

  const channels: Array<[string, string, string]> = [
    ['email', 'Email', 'Offers, new products and news by email'],
    ['sms', 'Text messages', 'Offers and reminders by text'],
    ['push', 'App notifications', 'Order updates and offers in the app'],
  ]
  channels.forEach(([channel, name, description], position) =>
    addRow(t.marketing_channels, {
      id: position + 1,
      business_id: BUSINESS_ID,
      channel,
      name,
      description,
      position,
    })
  )
  addRow(t.loyalty_schemes, {
    business_id: BUSINESS_ID,
    name: 'Corner Fresh Rewards',
    points_per_pound: 1,
    reward_threshold: 500,
    reward_value: 500,
  })
}

function addContent(t: Tables): void {
  for (const brand of BRANDS) {
    const blocks: Array<[string, string, unknown]> = [
      [
        'home',
        'hero',
        {
          title: `${brand.name}: groceries from your local store`,
          subtitle: searchPrompt(brand.store.enableStoresSearchByAddress),
          imageUrl: `/images/brands/${brand.slug}-hero.svg`,
        },
      ],
      [
        'home',
        'usps',
        {
          items: [
            { title: 'Delivered in under an hour', text: 'ASAP delivery from stores near you.' },
            { title: 'Click and collect', text: 'Order ahead and pick up in store.' },
            { title: 'Fresh every day', text: 'Fresh fruit, veg and bakery delivered daily.' },
          ],
        },
      ],
      [
        'home',
        'how-it-works',
        {
          steps: [
            'Enter your postcode',
            'Choose a store and fill your basket',
            'Pick a time and pay',
          ],
        },
      ],
      [
        'header',
        'announcement',
        {
          text: 'Free delivery on your first order over £20.00 with code FREEDELIVERY',
          link: null,
        },
      ],
      [
        'footer',
        'columns',
        {
          columns: [
            {
              title: brand.name,
              links: [
                { label: 'About us', href: '/about-us' },
                { label: 'Our stores', href: '/stores-near-by' },
              ],
            },
            {
              title: 'Help',
              links: [
                { label: 'FAQs', href: '/faqs' },
                { label: 'Contact us', href: '/contact' },
                { label: 'Delivery information', href: '/delivery-information' },
              ],
            },
            {
              title: 'Legal',
              links: [
                { label: 'Terms and conditions', href: '/terms-and-conditions' },
                { label: 'Privacy policy', href: '/privacy-policy' },
                { label: 'Cookie policy', href: '/cookie-policy' },
              ],
            },
          ],
        },
      ],
      [
        'footer',
        'stay-in-touch',
        { title: 'Stay In Touch', text: 'Sign up for offers and news from your local store.' },
      ],
      [
        'footer',
        'legal',
        {
          text: `© ${brand.name}. All rights reserved. Alcohol and tobacco are sold to adults aged 18 and over only.`,
        },
      ],
    ]
    blocks.forEach(([placement, key, content], position) =>
      addRow(t.content_blocks, {
        business_id: BUSINESS_ID,
        brand_id: brand.id,
        placement,
        key,
        content_json: JSON.stringify(content),
        position,
      })
    )
    addRow(t.sitemaps, { brand_id: brand.id, name: 'sitemap.xml' })
    addRow(t.sitemaps, { brand_id: brand.id, name: 'sitemap-stores.xml' })
  }

  const faqs: Array<[string, string, string]> = [
    [
      'Ordering',
      'How do I find my nearest store?',
      'Enter your postcode on the home page and we will show the stores that deliver to you or that you can collect from.',
    ],
    [
      'Ordering',
      'Is there a minimum order?',
      'Some stores have a minimum spend for delivery. You will see it on the store page as Min or No min order.',
    ],
    [
      'Ordering',
      'Can I order in advance?',
      'Yes. Each store shows how many days ahead you can order, and you can pick a delivery or collection slot.',
    ],
    [
      'Ordering',
      'How long is my time slot held?',
      'A slot is held for 15 minutes while you check out. If it expires you can choose another one.',
    ],
    [
      'Delivery',
      'How much does delivery cost?',
      'The delivery fee is set by each store and is shown before you pay. Some stores deliver free above a basket value.',
    ],
    [
      'Delivery',
      'Can I tip my driver?',
      'Yes, you can add a tip at checkout. All of it goes to the driver.',
    ],
    [
      'Delivery',
      'Can I track my order?',
      'Yes. From the moment the store accepts your order you can follow its progress, and the driver once they are on the way.',
    ],
    [
      'Payment',
      'How can I pay?',
      'By card, Apple Pay or Google Pay. Some stores also accept cash on delivery or collection.',
    ],
    [
      'Payment',
      'Is it safe to save my card?',
      'Your card details are held by our payment provider. We only keep the last four digits and the expiry date.',
    ],
    [
      'Age restricted items',
      'Can I buy alcohol and tobacco?',
      'Yes, if you are 18 or over. We operate Challenge 25, so please have photo ID ready on delivery or collection.',
    ],
    [
      'Account',
      'I forgot my password',
      'Use the forgotten password link on the login page and we will email you a link to set a new one.',
    ],
    [
      'Account',
      'How does refer a friend work?',
      'Share your referral code. When your friend places their first order you both get £5.00 off your next order.',
    ],
  ]
  faqs.forEach(([section, question, answer], position) =>
    addRow(t.faqs, {
      business_id: BUSINESS_ID,
      brand_id: null,
      section,
      question,
      answer,
      position,
    })
  )

  const pages: Array<[string, string, string, string]> = [
    [
      'about-us',
      'About us',
      'Who we are and how we work with local stores.',
      'We help independent and local stores deliver groceries, fresh food and essentials to their neighbourhoods, usually within the hour.',
    ],
    [
      'delivery-information',
      'Delivery information',
      'Delivery areas, fees, minimum spend and time slots.',
      'Each store sets its own delivery area, fee and minimum spend. You will see them before you check out. Choose ASAP or book a time slot up to a week ahead.',
    ],
    [
      'terms-and-conditions',
      'Terms and conditions',
      'The terms that apply when you order from us.',
      '## Ordering\nWhen you place an order you make an offer to buy the items in your basket.\n\n## Age restricted items\nAlcohol and tobacco are sold only to adults aged 18 and over.',
    ],
    [
      'privacy-policy',
      'Privacy policy',
      'How we collect and use your personal data.',
      'We use your details to take and deliver your orders, to keep your account secure and, if you agree, to send you offers. You can change your marketing preferences at any time.',
    ],
    [
      'cookie-policy',
      'Cookie policy',
      'The cookies we use and why.',
      'We use essential cookies to keep you signed in and remember your basket and location.',
    ],
  ]
  for (const [slug, title, description, body] of pages) {
    addRow(t.seo_pages, {
      business_id: BUSINESS_ID,
      brand_id: null,
      slug,
      title,
      meta_description: description,
      heading: title,
      body,
    })
  }
  const redirects: Array<[string, string]> = [
    ['help', '/faqs'],
    ['terms', '/terms-and-conditions'],
    ['privacy', '/privacy-policy'],
    ['contact-us', '/contact'],
  ]
  for (const [from, to] of redirects) {
    addRow(t.seo_redirects, {
      business_id: BUSINESS_ID,
      from_slug: from,
      to_path: to,
      status_code: 301,
    })
  }
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/%/g, ' percent ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function round(value: number, places: number): number {
  const factor = 10 ** places
  return Math.round(value * factor) / factor
}

/** Rows of one table (helper for callers that only need a count). */
export function countRows(dataset: Dataset, name: string): number {
  return dataset.tables.find((t: TableData) => t.name === name)?.rows.length ?? 0
}
