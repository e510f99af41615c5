import { brand, business, CORNER_PICCADILLY, store } from '../../support/workers/seed.ts'

/**
 * One business with two brands on the demo hosts (localhost → 1, 127.0.0.1 → 2), one store with
 * opening hours and a few FAQs: what the page tests render.
 */
export async function seedStorefront(db: D1Database): Promise<void> {
  await db.batch([
    business(db, { id: 1, name: 'Corner Grocers', legalName: 'Corner Grocers Ltd' }),
    ...brand(db, {
      id: 1,
      businessId: 1,
      slug: 'corner',
      name: 'Corner Grocers',
      tagline: 'Fresh every day',
      logoUrl: '/logo-1.svg',
      primaryColor: '#0a6b35',
      secondaryColor: '#eef6f0',
      accentColor: '#b45309',
      canonicalHost: null,
      hosts: [{ host: 'localhost', environment: 'local' }],
    }),
    ...brand(db, {
      id: 2,
      businessId: 1,
      slug: 'express',
      name: 'Corner Express',
      tagline: null,
      logoUrl: '/logo-2.svg',
      primaryColor: '#1e3a8a',
      secondaryColor: '#eef2ff',
      accentColor: '#be185d',
      canonicalHost: 'express.example',
      hosts: [{ host: '127.0.0.1', environment: 'local' }],
    }),
    db.prepare(
      `insert into brand_settings (brand_id, section, settings_json)
       values (1, 'home', '{"heroTitle":"Your corner shop, delivered"}'),
         (2, 'store', '{"enableDeviceLocation":false}')`
    ),
    db.prepare(
      `insert into brand_links (brand_id, kind, channel, url, position)
       values (1, 'social', 'facebook', 'https://facebook.com/corner', 1),
         (1, 'app_store', 'ios', 'https://apps.apple.com/app/corner', 2)`
    ),
    ...store(db, {
      ...CORNER_PICCADILLY,
      slug: 'piccadilly',
      hours: [
        { method: 'store', days: [0], opensAt: '08:00', closesAt: '22:00' },
        { method: 'delivery', days: [0], opensAt: '09:00', closesAt: '21:00' },
      ],
    }),
    db.prepare(
      `insert into faqs (business_id, brand_id, question, answer, position)
       values (1, null, 'How do I order?', 'Search for your postcode.', 1)`
    ),
  ])
}
