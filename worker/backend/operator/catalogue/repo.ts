import { AllergenSetSchema, NutritionSchema } from '../../../../schemas/food-information.ts'
import { unitAmount } from '../../../../schemas/unit-price.ts'
import type { VatClass } from '../../../../schemas/vat.ts'
import type { CategoryRecord, ItemRecord, StoreItemRecord } from './csv-format.ts'

/*
 * The catalogue import's SQL (ADR 029). Reads give the catalogue as the CSV's records (slugs,
 * never ids); writes are statements over a JSON chunk of records (`json_each(?2)`), so a 20,000
 * row file is a few dozen statements of 2 bound values each, all run in ONE db.batch (a
 * transaction): every row lands or none does. Every statement is scoped by business_id; a slug
 * that no longer resolves gives a null id, which a NOT NULL column refuses, failing the batch.
 */

/** Rows per statement: ~500 B of JSON each keeps a value far below D1's 2 MB limit. */
export const ROWS_PER_STATEMENT = 500

/** Splits records into the chunks each statement binds. */
export function chunks<T>(rows: ReadonlyArray<T>, size = ROWS_PER_STATEMENT): Array<Array<T>> {
  const out: Array<Array<T>> = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

const flag = (value: number | null): boolean | null => (value === null ? null : value === 1)

export async function readCategories(
  db: D1Database,
  businessId: number
): Promise<Array<CategoryRecord>> {
  const { results } = await db
    .prepare(
      `select c.slug, c.name, p.slug as parent, c.description, c.position, c.is_active,
              c.age_restriction
         from categories c left join categories p on p.id = c.parent_id
        where c.business_id = ?1 order by c.id`
    )
    .bind(businessId)
    .all<{
      slug: string
      name: string
      parent: string | null
      description: string | null
      position: number
      is_active: number
      age_restriction: number | null
    }>()
  return results.map((row) => ({
    slug: row.slug,
    name: row.name,
    parent: row.parent,
    description: row.description,
    position: row.position,
    active: row.is_active === 1,
    ageRestriction: row.age_restriction,
  }))
}

export async function readItems(db: D1Database, businessId: number): Promise<Array<ItemRecord>> {
  const { results } = await db
    .prepare(
      `select m.slug, m.name, c.slug as category, m.description, m.size, m.ingredients, m.price,
              m.was_price, m.tags, m.out_of_stock, m.is_active, m.age_restriction,
              m.max_quantity, m.position, m.allergens_contains, m.allergens_may_contain,
              m.nutrition, m.storage_use, m.country_of_origin, m.net_quantity,
              m.food_operator_name, m.food_operator_address, m.vat_class
         from menu_items m join categories c on c.id = m.category_id
        where m.business_id = ?1 order by m.id`
    )
    .bind(businessId)
    .all<{
      slug: string
      name: string
      category: string
      description: string | null
      size: string | null
      ingredients: string | null
      price: number
      was_price: number | null
      tags: string
      out_of_stock: number
      is_active: number
      age_restriction: number | null
      max_quantity: number | null
      position: number
      allergens_contains: string
      allergens_may_contain: string
      nutrition: string | null
      storage_use: string | null
      country_of_origin: string | null
      net_quantity: string | null
      food_operator_name: string | null
      food_operator_address: string | null
      vat_class: VatClass
    }>()
  return results.map((row) => ({
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    size: row.size,
    ingredients: row.ingredients,
    price: row.price,
    wasPrice: row.was_price,
    tags: JSON.parse(row.tags) as Array<string>,
    outOfStock: row.out_of_stock === 1,
    active: row.is_active === 1,
    ageRestriction: row.age_restriction,
    maxQuantity: row.max_quantity,
    position: row.position,
    food: {
      contains: AllergenSetSchema.parse(JSON.parse(row.allergens_contains)),
      mayContain: AllergenSetSchema.parse(JSON.parse(row.allergens_may_contain)),
      nutrition: row.nutrition === null ? null : NutritionSchema.parse(JSON.parse(row.nutrition)),
      storage: row.storage_use,
      origin: row.country_of_origin,
      netQuantity: row.net_quantity,
      operatorName: row.food_operator_name,
      operatorAddress: row.food_operator_address,
    },
    vatClass: row.vat_class,
  }))
}

export async function readStoreItems(
  db: D1Database,
  businessId: number
): Promise<Array<StoreItemRecord>> {
  const { results } = await db
    .prepare(
      `select s.slug as store, m.slug as item, o.price, o.was_price, o.out_of_stock,
              o.is_available, o.stock_quantity
         from store_menu_items o
         join stores s on s.id = o.store_id and s.business_id = ?1
         join menu_items m on m.id = o.menu_item_id and m.business_id = ?1
        order by s.id, m.id`
    )
    .bind(businessId)
    .all<{
      store: string
      item: string
      price: number | null
      was_price: number | null
      out_of_stock: number | null
      is_available: number
      stock_quantity: number | null
    }>()
  return results.map((row) => ({
    store: row.store,
    item: row.item,
    price: row.price,
    wasPrice: row.was_price,
    outOfStock: flag(row.out_of_stock),
    available: row.is_available === 1,
    stockQuantity: row.stock_quantity,
  }))
}

/** The business's store slugs, and each item's own price (store rows are checked against it). */
export async function readStoreSlugs(db: D1Database, businessId: number): Promise<Set<string>> {
  const { results } = await db
    .prepare('select slug from stores where business_id = ?1')
    .bind(businessId)
    .all<{ slug: string }>()
  return new Set(results.map((row) => row.slug))
}

const field = (name: string) => `json_extract(j.value, '$.${name}')`

/** Creates or updates categories (parents after, so a file may list a child before its parent). */
export function categoryStatements(
  db: D1Database,
  businessId: number,
  rows: ReadonlyArray<CategoryRecord>,
  at: string
): Array<D1PreparedStatement> {
  return chunks(rows).flatMap((chunk) => {
    const json = JSON.stringify(chunk)
    return [
      db
        .prepare(
          `insert into categories
             (business_id, slug, name, description, position, is_active, age_restriction,
              updated_at)
           select ?1, ${field('slug')}, ${field('name')}, ${field('description')},
                  ${field('position')}, ${field('active')}, ${field('ageRestriction')}, ?3
             from json_each(?2) j where true
           on conflict (business_id, slug) do update set
             name = excluded.name, description = excluded.description,
             position = excluded.position, is_active = excluded.is_active,
             age_restriction = excluded.age_restriction, updated_at = excluded.updated_at`
        )
        .bind(businessId, json, at),
      // A parent named but not found sets null where a parent was asked for: the service has
      // checked every parent, so this only happens when one was deleted meanwhile.
      db
        .prepare(
          `update categories set parent_id = (
             select p.id from json_each(?2) j
               join categories p on p.business_id = ?1 and p.slug = ${field('parent')}
              where ${field('slug')} = categories.slug)
            where business_id = ?1 and slug in (select ${field('slug')} from json_each(?2) j)`
        )
        .bind(businessId, json),
    ]
  })
}

/**
 * Creates or updates items. A new item takes its category's picture (or its parent's) until one
 * is uploaded; an update keeps its picture. FTS follows through the menu_items triggers.
 */
export function itemStatements(
  db: D1Database,
  businessId: number,
  rows: ReadonlyArray<ItemRecord>,
  at: string
): Array<D1PreparedStatement> {
  const picture = `coalesce(c.image_url, p.image_url, '${FALLBACK_PICTURE}')`
  // The pack's quantity for sorting by price per unit (ADR 034), from the same size parser as
  // the unit price labels.
  const sized = rows.map((row) => ({ ...row, unitAmount: unitAmount(row.size) }))
  return chunks(sized).map((chunk) =>
    db
      .prepare(
        `insert into menu_items
           (business_id, category_id, slug, name, description, size, unit_amount, ingredients, price,
            was_price, tags, out_of_stock, is_active, age_restriction, max_quantity, position,
            image_originals, image_mdpi_1x, image_xhdpi_2x, image_xxhdpi_3x, updated_at,
            allergens_contains, allergens_may_contain, nutrition, storage_use,
            country_of_origin, net_quantity, food_operator_name, food_operator_address, vat_class)
         select ?1, c.id, ${field('slug')}, ${field('name')}, ${field('description')},
                ${field('size')}, ${field('unitAmount')}, ${field('ingredients')}, ${field('price')},
                ${field('wasPrice')},
                json(${field('tags')}), ${field('outOfStock')}, ${field('active')},
                ${field('ageRestriction')}, ${field('maxQuantity')}, ${field('position')},
                replace(${picture}, 'mdpi_1x', 'originals'), ${picture},
                replace(${picture}, 'mdpi_1x', 'xhdpi_2x'),
                replace(${picture}, 'mdpi_1x', 'xxhdpi_3x'), ?3,
                json(${field('food.contains')}), json(${field('food.mayContain')}),
                json(${field('food.nutrition')}), ${field('food.storage')},
                ${field('food.origin')}, ${field('food.netQuantity')},
                ${field('food.operatorName')}, ${field('food.operatorAddress')},
                -- planImport gives every record its class; standard stands in for none (ADR 051).
                coalesce(${field('vatClass')}, 'standard')
           from json_each(?2) j
           left join categories c on c.business_id = ?1 and c.slug = ${field('category')}
           left join categories p on p.id = c.parent_id
          where true
         on conflict (business_id, slug) do update set
           category_id = excluded.category_id, name = excluded.name,
           description = excluded.description, size = excluded.size,
           unit_amount = excluded.unit_amount,
           ingredients = excluded.ingredients, price = excluded.price,
           was_price = excluded.was_price, tags = excluded.tags,
           out_of_stock = excluded.out_of_stock, is_active = excluded.is_active,
           age_restriction = excluded.age_restriction, max_quantity = excluded.max_quantity,
           position = excluded.position, updated_at = excluded.updated_at,
           allergens_contains = excluded.allergens_contains,
           allergens_may_contain = excluded.allergens_may_contain,
           nutrition = excluded.nutrition, storage_use = excluded.storage_use,
           country_of_origin = excluded.country_of_origin, net_quantity = excluded.net_quantity,
           food_operator_name = excluded.food_operator_name,
           food_operator_address = excluded.food_operator_address,
           vat_class = excluded.vat_class`
      )
      .bind(businessId, JSON.stringify(chunk), at)
  )
}

/** The picture of an item whose category has none (a demo department's). */
const FALLBACK_PICTURE = '/images/categories/food-cupboard/mdpi_1x.svg'

/** Creates or updates store overrides; a store or item slug that does not resolve fails the batch. */
export function storeItemStatements(
  db: D1Database,
  businessId: number,
  rows: ReadonlyArray<StoreItemRecord>,
  at: string
): Array<D1PreparedStatement> {
  return chunks(rows).map((chunk) =>
    db
      .prepare(
        `insert into store_menu_items
           (store_id, menu_item_id, price, was_price, out_of_stock, is_available,
            stock_quantity, updated_at)
         select (select id from stores where business_id = ?1 and slug = ${field('store')}),
                (select id from menu_items where business_id = ?1 and slug = ${field('item')}),
                ${field('price')}, ${field('wasPrice')}, ${field('outOfStock')},
                ${field('available')}, ${field('stockQuantity')}, ?3
           from json_each(?2) j where true
         on conflict (store_id, menu_item_id) do update set
           price = excluded.price, was_price = excluded.was_price,
           out_of_stock = excluded.out_of_stock, is_available = excluded.is_available,
           stock_quantity = excluded.stock_quantity, updated_at = excluded.updated_at`
      )
      .bind(businessId, JSON.stringify(chunk), at)
  )
}
