import { brand, business, CORNER_PICCADILLY, store } from '../../support/workers/seed.ts'

/**
 * Rows the backend and proxy tests need: two businesses (so tenant isolation is tested), their
 * brands and hosts, settings, links, countries, stores with opening hours and FAQs.
 */
export async function seedTenancy(db: D1Database): Promise<void> {
  await db.batch([
    business(db, {
      id: 1,
      name: 'Corner Grocers',
      legalName: 'Corner Grocers Ltd',
      countryCode: 'GB',
      currency: 'GBP',
      locale: 'en_GB',
      timeZone: 'Europe/London',
      supportEmail: 'help@corner.test',
      supportPhone: '0161 496 0000',
    }),
    business(db, {
      id: 2,
      name: 'Other Market',
      legalName: 'Other Market Ltd',
      countryCode: 'GB',
      currency: 'GBP',
      locale: 'en_GB',
      timeZone: 'Europe/Dublin',
      supportEmail: null,
      supportPhone: null,
    }),
    ...brand(db, {
      id: 1,
      businessId: 1,
      slug: 'corner',
      name: 'Corner Grocers',
      tagline: 'Fresh every day',
      logoUrl: '/logo-1.svg',
      primaryColor: '#0a7c3e',
      secondaryColor: '#f5f5f5',
      accentColor: '#ffb400',
      canonicalHost: 'shop.corner.test',
      isActive: 1,
      hosts: [
        { host: 'localhost', environment: 'local' },
        { host: 'shop.corner.test', environment: 'production' },
      ],
    }),
    ...brand(db, {
      id: 2,
      businessId: 1,
      slug: 'corner-express',
      name: 'Corner Express',
      tagline: null,
      logoUrl: '/logo-2.svg',
      primaryColor: '#003366',
      secondaryColor: '#eeeeee',
      accentColor: '#ff0066',
      canonicalHost: null,
      isActive: 1,
      hosts: [{ host: '127.0.0.1', environment: 'local' }],
    }),
    ...brand(db, {
      id: 3,
      businessId: 2,
      slug: 'other',
      name: 'Other Market',
      tagline: null,
      logoUrl: '/logo-3.svg',
      primaryColor: '#222222',
      secondaryColor: '#eeeeee',
      accentColor: '#00aaff',
      canonicalHost: null,
      isActive: 1,
      hosts: [{ host: 'other.test', environment: 'production' }],
    }),
    ...brand(db, {
      id: 4,
      businessId: 1,
      slug: 'corner-retired',
      name: 'Retired Brand',
      tagline: null,
      logoUrl: '/logo-4.svg',
      primaryColor: '#000000',
      secondaryColor: '#eeeeee',
      accentColor: '#000000',
      canonicalHost: null,
      isActive: 0,
      hosts: [{ host: 'retired.test', environment: 'production' }],
    }),
    db.prepare(
      `insert into brand_settings (brand_id, section, settings_json)
       values (1, 'store', '{"enableStoresSearchByAddress":false,"autoSelectClosestStore":true}'),
         (1, 'home', '{"heroTitle":"Your corner shop, delivered"}'),
         (2, 'store', '{"enableStoresSearchByAddress":false,"enableDeviceLocation":false}'),
         (2, 'checkout', '{"tipsEnabled":true}')`
    ),
    db.prepare(
      `insert into brand_links (brand_id, kind, channel, url, position)
       values (1, 'social', 'instagram', 'https://instagram.com/corner', 2),
         (1, 'social', 'facebook', 'https://facebook.com/corner', 1),
         (1, 'app_store', 'ios', 'https://apps.apple.com/app/corner', 3)`
    ),
    db.prepare(
      `insert into countries (code, name, is_billing, position)
       values ('GB', 'United Kingdom', 1, 1), ('IE', 'Ireland', 1, 2), ('FR', 'France', 0, 3)`
    ),
    ...store(db, {
      ...CORNER_PICCADILLY,
      slug: 'manchester-piccadilly',
      acceptsCash: 1,
      isActive: 1,
      hours: [
        { method: 'delivery', days: [0, 1], opensAt: '09:00', closesAt: '21:00' },
        { method: 'collection', days: [0], opensAt: '08:00', closesAt: '20:00' },
        { method: 'store', days: [6], opensAt: '10:00', closesAt: '16:00' },
      ],
    }),
    ...store(db, {
      id: 11,
      businessId: 1,
      slug: 'closed-for-good',
      name: 'Closed Store',
      phone: null,
      email: null,
      addressLine1: '2 Old Road',
      town: 'Manchester',
      postcode: 'M2 2BB',
      latitude: 53.48,
      longitude: -2.24,
      deliveryRadiusKm: null,
      deliveryFee: 0,
      minimumSpend: 0,
      daysInAdvance: 0,
      acceptsCash: 0,
      isActive: 0,
    }),
    ...store(db, {
      id: 20,
      businessId: 2,
      slug: 'dublin-centre',
      name: 'Dublin Centre',
      phone: null,
      email: null,
      addressLine1: "1 O'Connell St",
      town: 'Dublin',
      postcode: 'D01 F5P2',
      latitude: 53.35,
      longitude: -6.26,
      deliveryRadiusKm: 4,
      deliveryFee: 350,
      minimumSpend: 0,
      daysInAdvance: 0,
      acceptsCash: 0,
      isActive: 1,
    }),
    db.prepare(
      `insert into faqs (business_id, brand_id, section, question, answer, position, is_active)
       values (1, null, 'Ordering', 'How do I order?', 'Search your postcode.', 2, 1),
         (1, 1, 'Delivery', 'Do you deliver on Sunday?', 'Yes.', 1, 1),
         (1, 2, 'Delivery', 'Express only?', 'Yes, express.', 1, 1),
         (1, null, 'Ordering', 'Hidden question', 'Hidden.', 0, 0),
         (2, null, 'Ordering', 'Other business question', 'Other.', 0, 1)`
    ),
  ])
}
