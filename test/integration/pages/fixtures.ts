/**
 * One business with two brands on the demo hosts (localhost → 1, 127.0.0.1 → 2), one store with
 * opening hours and a few FAQs: what the page tests render.
 */
export async function seedStorefront(db: D1Database): Promise<void> {
  await db.batch([
    db.prepare(
      `insert into businesses (id, name, legal_name) values (1, 'Corner Grocers', 'Corner Grocers Ltd')`
    ),
    db.prepare(
      `insert into brands (id, business_id, slug, name, tagline, logo_url, primary_color,
         secondary_color, accent_color, canonical_host)
       values (1, 1, 'corner', 'Corner Grocers', 'Fresh every day', '/logo-1.svg', '#0a6b35',
         '#eef6f0', '#b45309', null),
       (2, 1, 'express', 'Corner Express', null, '/logo-2.svg', '#1e3a8a', '#eef2ff', '#be185d',
         'express.example')`
    ),
    db.prepare(
      `insert into brand_hosts (host, brand_id, environment)
       values ('localhost', 1, 'local'), ('127.0.0.1', 2, 'local')`
    ),
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
    db.prepare(
      `insert into stores (id, business_id, slug, name, phone, email, address_line1, town,
         postcode, latitude, longitude, delivery_radius_km, delivery_fee, minimum_spend,
         days_in_advance)
       values (10, 1, 'piccadilly', 'Piccadilly', '0161 000 0010', 'picc@corner.test',
         '1 Piccadilly', 'Manchester', 'M1 1AA', 53.4808, -2.2426, 5, 299, 1500, 3)`
    ),
    db.prepare(
      `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at, closes_at)
       values (10, 'store', 0, '08:00', '22:00'), (10, 'delivery', 0, '09:00', '21:00')`
    ),
    db.prepare(
      `insert into faqs (business_id, brand_id, question, answer, position)
       values (1, null, 'How do I order?', 'Search for your postcode.', 1)`
    ),
  ])
}
