/**
 * Rows the backend and proxy tests need: two businesses (so tenant isolation is tested), their
 * brands and hosts, settings, links, countries, stores with opening hours and FAQs.
 */
export async function seedTenancy(db: D1Database): Promise<void> {
  await db.batch([
    db.prepare(
      `insert into businesses (id, name, legal_name, country_code, currency, locale, time_zone,
         support_email, support_phone)
       values (1, 'Corner Grocers', 'Corner Grocers Ltd', 'GB', 'GBP', 'en_GB', 'Europe/London',
         'help@corner.test', '0161 496 0000'),
       (2, 'Other Market', 'Other Market Ltd', 'GB', 'GBP', 'en_GB', 'Europe/Dublin', null, null)`
    ),
    db.prepare(
      `insert into brands (id, business_id, slug, name, tagline, logo_url, primary_color,
         secondary_color, accent_color, canonical_host, is_active)
       values (1, 1, 'corner', 'Corner Grocers', 'Fresh every day', '/logo-1.svg', '#0a7c3e',
         '#f5f5f5', '#ffb400', 'shop.corner.test', 1),
       (2, 1, 'corner-express', 'Corner Express', null, '/logo-2.svg', '#003366', '#eeeeee',
         '#ff0066', null, 1),
       (3, 2, 'other', 'Other Market', null, '/logo-3.svg', '#222222', '#eeeeee', '#00aaff', null, 1),
       (4, 1, 'corner-retired', 'Retired Brand', null, '/logo-4.svg', '#000000', '#eeeeee',
         '#000000', null, 0)`
    ),
    db.prepare(
      `insert into brand_hosts (host, brand_id, environment)
       values ('localhost', 1, 'local'), ('127.0.0.1', 2, 'local'),
         ('shop.corner.test', 1, 'production'), ('other.test', 3, 'production'),
         ('retired.test', 4, 'production')`
    ),
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
    db.prepare(
      `insert into stores (id, business_id, slug, name, phone, email, address_line1, town,
         postcode, latitude, longitude, delivery_radius_km, delivery_fee, minimum_spend,
         days_in_advance, accepts_cash, is_active)
       values (10, 1, 'manchester-piccadilly', 'Piccadilly', '0161 000 0010', 'picc@corner.test',
         '1 Piccadilly', 'Manchester', 'M1 1AA', 53.4808, -2.2426, 5, 299, 1500, 3, 1, 1),
       (11, 1, 'closed-for-good', 'Closed Store', null, null, '2 Old Road', 'Manchester',
         'M2 2BB', 53.48, -2.24, null, 0, 0, 0, 0, 0),
       (20, 2, 'dublin-centre', 'Dublin Centre', null, null, '1 O''Connell St', 'Dublin',
         'D01 F5P2', 53.35, -6.26, 4, 350, 0, 0, 0, 1)`
    ),
    db.prepare(
      `insert into store_opening_hours (store_id, fulfilment_method, day_of_week, opens_at, closes_at)
       values (10, 'delivery', 0, '09:00', '21:00'), (10, 'delivery', 1, '09:00', '21:00'),
         (10, 'collection', 0, '08:00', '20:00'), (10, 'store', 6, '10:00', '16:00')`
    ),
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
