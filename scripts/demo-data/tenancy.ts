import { countryRows, postcodeRuleRow } from '../lib/reference-data.ts'
import { addRow } from './dataset.ts'
import type { Tables } from './tables.ts'

export const BUSINESS_ID = 1

/** The demo's one 'dev' environment host (test/e2e/lighthouse-seo.spec.ts), Corner Fresh's. */
export const DEV_HOST = 'cornerfresh-dev.localhost'
const DEV_HOST_BRAND_ID = 1

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
    // Each demo brand its own face (schemas/brand-fonts.ts), so the three look apart.
    font: 'rounded',
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
    // A light red: the brand's text on it (an offer badge without colours of its own) reads at 5.3:1.
    accent: '#f87171',
    font: 'geometric',
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
    font: 'classical',
    handle: 'greenwaygrocer',
    orderNumberPrefix: 'GWG',
    appStoreId: '6450054321',
    // Address search with autocomplete, results page first.
    store: { enableStoresSearchByAddress: true, autoSelectClosestStore: false },
  },
] as const

/** A demo brand: its look, hosts, handles and store search (the shape of each of BRANDS). */
export interface DemoBrand {
  readonly id: number
  readonly slug: string
  readonly name: string
  readonly host: string
  readonly productionHost: string
  readonly tagline: string
  readonly primary: string
  readonly secondary: string
  readonly accent: string
  readonly font: string
  readonly handle: string
  readonly orderNumberPrefix: string
  readonly appStoreId: string
  readonly store: { enableStoresSearchByAddress: boolean; autoSelectClosestStore: boolean }
  /** The home page's hero in the brand's language (ADR 052); English from its name when absent. */
  readonly hero?: { readonly title: string; readonly subtitle: string }
  /** The brand's own words in its language (issue 43); English when absent. */
  readonly words?: BrandWords
}

/** What a brand says in its settings and its row: its description, its pages' titles, subjects. */
export interface BrandWords {
  readonly metaDescription: string
  readonly contactTitle: string
  readonly contactSubjects: ReadonlyArray<string>
  readonly faqTitle: string
  readonly forgotPasswordTitle: string
  readonly resetPasswordTitle: string
}

/** A demo business's own row. */
export interface DemoBusiness {
  readonly id: number
  readonly name: string
  readonly legalName: string
  readonly supportEmail: string
  readonly supportPhone: string
  /** Where shoppers write to the food business operator (Regulation 1169/2011 art. 9(1)(h)). */
  readonly foodOperatorAddress: string
  /** Where it trades (ADR 045, 052); the UK's when absent. */
  readonly home?: DemoHome
}

/** A business's country, currency, locale (as stored, 'en_IE') and time zone. */
export interface DemoHome {
  readonly countryCode: string
  readonly currency: string
  readonly locale: string
  readonly timeZone: string
}

const UK_HOME: DemoHome = {
  countryCode: 'GB',
  currency: 'GBP',
  locale: 'en_GB',
  timeZone: 'Europe/London',
}

const CORNER_FRESH_GROUP: DemoBusiness = {
  id: BUSINESS_ID,
  name: 'Corner Fresh Group',
  legalName: 'Corner Fresh Group Ltd',
  supportEmail: 'help@cornerfresh.example',
  supportPhone: '0161 496 0000',
  foodOperatorAddress: '1 Piccadilly Place, Manchester M1 3BN',
}

export function addTenancy(t: Tables): void {
  addBusiness(t, CORNER_FRESH_GROUP, BRANDS)
  addCountries(t)
}

/** The countries every shard's addresses refer to (reference data, no business's). */
export function addCountries(t: Tables): void {
  for (const row of countryRows()) addRow(t.countries, row)
}

/** A business, its postcode rule and its brands with their hosts, settings and links. */
export function addBusiness(
  t: Tables,
  business: DemoBusiness,
  brands: ReadonlyArray<DemoBrand>
): void {
  const home = business.home ?? UK_HOME
  addRow(t.businesses, {
    id: business.id,
    name: business.name,
    legal_name: business.legalName,
    country_code: home.countryCode,
    currency: home.currency,
    locale: home.locale,
    time_zone: home.timeZone,
    support_email: business.supportEmail,
    support_phone: business.supportPhone,
    food_operator_address: business.foodOperatorAddress,
  })
  // Abroad the shop's own rule for the home country applies (schemas/postcode.ts); a stored GB
  // rule would let a UK postcode in.
  if (home.countryCode === 'GB') addRow(t.postcode_rules, postcodeRuleRow(business.id))
  for (const brand of brands) {
    addRow(t.brands, {
      id: brand.id,
      business_id: business.id,
      slug: brand.slug,
      name: brand.name,
      tagline: brand.tagline,
      meta_description:
        brand.words?.metaDescription ??
        `${brand.name}: order groceries, drinks and household essentials from your local store for delivery or collection.`,
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
      font: brand.font,
    })
    addRow(t.brand_hosts, { host: brand.host, brand_id: brand.id, environment: 'local' })
    addRow(t.brand_hosts, {
      host: brand.productionHost,
      brand_id: brand.id,
      environment: 'production',
    })
    if (brand.id === DEV_HOST_BRAND_ID) {
      // A 'dev' host a local browser reaches (*.localhost is the loopback): it serves robots.txt
      // and sitemaps as production does, so the Lighthouse SEO audit runs against the real thing.
      addRow(t.brand_hosts, { host: DEV_HOST, brand_id: brand.id, environment: 'dev' })
    }
    const settingsBySection = brandSettings(brand.name, brand.store)
    if (brand.hero) {
      settingsBySection.home = { heroTitle: brand.hero.title, heroSubtitle: brand.hero.subtitle }
    }
    if (brand.words) said(settingsBySection, brand.words)
    for (const [section, settings] of Object.entries(settingsBySection)) {
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
}

/** The settings' words in the brand's own language, each section's other settings as they are. */
function said(settings: Record<string, Record<string, unknown>>, words: BrandWords): void {
  settings.contact = {
    ...settings.contact,
    title: words.contactTitle,
    subjects: words.contactSubjects,
  }
  settings.faq = { ...settings.faq, title: words.faqTitle }
  settings['forgot-password'] = { ...settings['forgot-password'], title: words.forgotPasswordTitle }
  settings['reset-password'] = { ...settings['reset-password'], title: words.resetPasswordTitle }
}

export function searchPrompt(byAddress: boolean): string {
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
