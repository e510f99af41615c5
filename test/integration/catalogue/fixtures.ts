import { expect } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { callBackend } from '../../support/workers/requests.ts'
import {
  category,
  menuItem,
  OTHER_GROCER,
  otherGrocer,
  seedDemo,
} from '../../support/workers/seed.ts'

/** The demo business and its first store (central Manchester). */
export const DEMO = { businessId: 1, storeId: 1, host: 'localhost' } as const

/**
 * A second business with its own brand, host, store, category, item, deal and banner. Its slugs
 * repeat demo slugs ('milk-deal', 'fresh-fruit', 'whole-milk-other') so a leak would show.
 */
export const OTHER = {
  ...OTHER_GROCER,
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
  await seedDemo(db)
  const o = OTHER
  await db.batch([
    ...otherGrocer(db),
    category(db, {
      id: o.categoryId,
      businessId: o.businessId,
      slug: o.categorySlug,
      name: 'Other fruit',
      imageUrl: '/images/other',
      position: 0,
    }),
    menuItem(db, {
      id: o.itemId,
      businessId: o.businessId,
      categoryId: o.categoryId,
      slug: 'whole-milk-other',
      name: o.itemName,
      description: 'Milk from the other grocer.',
      price: 99,
      image: '/o',
    }),
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

/** POSTs to the backend and asserts the error envelope's status and message; answers the envelope. */
export async function expectError(path: string, body: unknown, status: number, message: string) {
  const res = await callBackend(path, body)
  expect(res.status).toBe(status)
  const error = ApiErrorSchema.parse(res.json)
  expect(error.error.message).toBe(message)
  return error
}
