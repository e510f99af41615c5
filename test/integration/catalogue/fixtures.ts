import { generateDemoData } from '../../../scripts/demo-data/generate.ts'
import { seedDatabase } from '../../../scripts/demo-data/seed.ts'
import { DEMO_INPUT } from '../data/demo-input.ts'

/** The demo business and its first store (central Manchester). */
export const DEMO = { businessId: 1, storeId: 1, host: 'localhost' } as const

/**
 * A second business with its own brand, host, store, category, item, deal and banner. Its slugs
 * repeat demo slugs ('milk-deal', 'fresh-fruit', 'whole-milk-other') so a leak would show.
 */
export const OTHER = {
  businessId: 2,
  brandId: 90,
  host: 'other-grocer.test',
  storeId: 9001,
  categoryId: 9001,
  categorySlug: 'fresh-fruit',
  itemId: 900001,
  itemName: 'Other grocer milk',
  dealSlug: 'milk-deal',
  bannerId: 9001,
  bannerSlug: 'other-banner',
} as const

/** The demo dataset and the second business of {@link OTHER}. */
export async function seedCatalogue(db: D1Database): Promise<void> {
  await seedDatabase(db, generateDemoData(DEMO_INPUT))
  const o = OTHER
  await db.batch([
    db
      .prepare(`insert into businesses (id, name, legal_name) values (?1, 'Other', 'Other Ltd')`)
      .bind(o.businessId),
    db
      .prepare(
        `insert into brands (id, business_id, slug, name, logo_url, primary_color,
         secondary_color, accent_color) values (?1, ?2, 'other-grocer', 'Other Grocer',
         '/logo-other.svg', '#111111', '#eeeeee', '#ff0000')`
      )
      .bind(o.brandId, o.businessId),
    db
      .prepare(
        `insert into brand_hosts (host, brand_id, environment) values (?1, ?2, 'production')`
      )
      .bind(o.host, o.brandId),
    db
      .prepare(
        `insert into stores (id, business_id, slug, name, address_line1, town, postcode,
         latitude, longitude, delivery_radius_km, delivery_fee, minimum_spend, days_in_advance)
         values (?1, ?2, 'other-piccadilly', 'Other Piccadilly', '1 Other Street', 'Manchester',
         'M1 1AD', 53.48378, -2.24486, 3, 100, 0, 1)`
      )
      .bind(o.storeId, o.businessId),
    db
      .prepare(
        `insert into categories (id, business_id, slug, name, image_url, position)
         values (?1, ?2, ?3, 'Other fruit', '/images/other', 0)`
      )
      .bind(o.categoryId, o.businessId, o.categorySlug),
    db
      .prepare(
        `insert into menu_items (id, business_id, category_id, slug, name, description, price,
         image_originals, image_mdpi_1x, image_xhdpi_2x, image_xxhdpi_3x)
         values (?1, ?2, ?3, 'whole-milk-other', ?4, 'Milk from the other grocer.', 99,
         '/o.svg', '/o1.svg', '/o2.svg', '/o3.svg')`
      )
      .bind(o.itemId, o.businessId, o.categoryId, o.itemName),
    db
      .prepare(
        `insert into deals (id, business_id, slug, name, kind, quantity_required, price)
         values (9001, ?1, ?2, 'Other milk deal', 'multibuy', 2, 150)`
      )
      .bind(o.businessId, o.dealSlug),
    db
      .prepare(
        `insert into banners (id, business_id, slug, title, image_url)
         values (?1, ?2, ?3, 'Other banner', '/images/other-banner.svg')`
      )
      .bind(o.bannerId, o.businessId, o.bannerSlug),
  ])
}
