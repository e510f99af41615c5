import type { ImageSet, MenuItemSummary } from '../../../schemas/catalogue.ts'
import { PACKSHOT_PATH } from '../../../schemas/packshot.ts'
import { unitPriceOf } from '../../../schemas/unit-price.ts'
import { weighingOf, type SoldBy } from '../../../schemas/weighing.ts'
import { genuineWasPrice, isPriceClaimBadge } from './price-claims.ts'
import { tobaccoCategory } from './tobacco.ts'

/*
 * The one way an item is read for a store. Every statement that uses these fragments binds
 * ?1 = storeId and ?2 = businessId; the store's row in store_menu_items (alias s) overrides the
 * item's price, was-price and stock, and is_available = 0 hides the item everywhere.
 */

/** FROM part: the item (m), its category (c) and the store's override (s). */
export const ITEM_FROM = `menu_items m
  join categories c on c.id = m.category_id
  left join store_menu_items s on s.store_id = ?1 and s.menu_item_id = m.id`

/** WHERE part: the item is sold at the store. */
export const ITEM_SOLD = `m.business_id = ?2 and m.is_active = 1 and c.is_active = 1
  and coalesce(s.is_available, 1) = 1`

/*
 * The earlier price and the period it was charged, from the same row as the price it is compared
 * with: the store's row when it records one, else the item's, unless the store overrides the price
 * (an item's history says nothing about a store's own price).
 */
const WAS_PRICE_COLUMNS = ['was_price', 'was_price_from', 'was_price_until']
  .map(
    (column) =>
      `case when s.was_price is not null then s.${column}
        when s.price is null then m.${column} end as ${column}`
  )
  .join(',\n  ')

/** 1 when the item is tobacco or a related product (tobacco.ts): never promoted. */
export const ITEM_TOBACCO = tobaccoCategory('c')

/*
 * A weighed item's price is its business-wide price per kg (ADR 039): a store's own price, set
 * for a pack, would break the estimate migration 0080 holds to that price per kg.
 */
const ITEM_PRICE = `case when m.sold_by = 'each' then coalesce(s.price, m.price) else m.price end`

/** The columns of {@link ItemRow}, priced for the store. */
export const ITEM_COLUMNS = `m.id, m.slug, m.name, m.size, m.category_id,
  c.slug as category_slug, c.name as category_name, c.image_url as category_image,
  m.badge_text, m.badge_color, m.badge_background_color,
  ${ITEM_PRICE} as price,
  ${WAS_PRICE_COLUMNS},
  ${ITEM_TOBACCO} as tobacco,
  coalesce(s.out_of_stock, m.out_of_stock) as out_of_stock, m.tags,
  m.add_to_basket_type, m.quick_add, m.age_restriction, m.max_quantity,
  m.image_originals, m.image_mdpi_1x, m.image_xhdpi_2x, m.image_xxhdpi_3x,
  m.image_webp_mdpi_1x, m.image_webp_xhdpi_2x, m.image_webp_xxhdpi_3x,
  m.image_width, m.image_height, m.sold_by, m.price_per_kg, m.unit_grams`

/** A row of {@link ITEM_COLUMNS}. */
export interface ItemRow {
  id: number
  slug: string
  name: string
  size: string | null
  category_id: number
  category_slug: string
  category_name: string
  category_image: string | null
  badge_text: string | null
  badge_color: string | null
  badge_background_color: string | null
  price: number
  was_price: number | null
  was_price_from: string | null
  was_price_until: string | null
  tobacco: number
  out_of_stock: number
  tags: string
  add_to_basket_type: MenuItemSummary['addToBasketType']
  quick_add: number
  age_restriction: number | null
  max_quantity: number | null
  image_originals: string
  image_mdpi_1x: string
  image_xhdpi_2x: string
  image_xxhdpi_3x: string
  image_webp_mdpi_1x: string | null
  image_webp_xhdpi_2x: string | null
  image_webp_xxhdpi_3x: string | null
  image_width: number
  image_height: number
  sold_by: SoldBy
  price_per_kg: number | null
  unit_grams: number | null
}

function parseTags(json: string): Array<string> {
  const parsed: unknown = JSON.parse(json)
  return Array.isArray(parsed) ? parsed.filter((tag) => typeof tag === 'string') : []
}

/**
 * The item's badge and was-price as a page may show them at `now`: a was-price only when the
 * claim is genuine (price-claims.ts), a price-claim badge only with such a was-price, and no badge
 * or was-price at all on tobacco (never promoted).
 */
function promotionOf(row: ItemRow, now: Date): Pick<MenuItemSummary, 'badge' | 'wasPrice'> {
  if (row.tobacco === 1) return { badge: null, wasPrice: null }
  const wasPrice = genuineWasPrice(
    {
      price: row.price,
      wasPrice: row.was_price,
      wasPriceFrom: row.was_price_from,
      wasPriceUntil: row.was_price_until,
    },
    now
  )
  const badge =
    row.badge_text !== null && row.badge_color !== null && row.badge_background_color !== null
      ? {
          text: row.badge_text,
          color: row.badge_color,
          backgroundColor: row.badge_background_color,
        }
      : null
  if (badge && wasPrice === null && isPriceClaimBadge(badge.text)) return { badge: null, wasPrice }
  return { badge, wasPrice }
}

/** An item row as cards show it, with its promotions as they may be shown at `now`. */
export function toItemSummary(row: ItemRow, now: Date): MenuItemSummary {
  const { badge, wasPrice } = promotionOf(row, now)
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    size: row.size,
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
    categoryImage: row.category_image,
    badge,
    price: row.price,
    wasPrice,
    // From the size and the price this store charges, never a label stored for another price.
    unitPrice: row.sold_by === 'each' ? unitPriceOf(row.size, row.price) : null,
    outOfStock: row.out_of_stock === 1,
    tags: parseTags(row.tags),
    addToBasketType: row.add_to_basket_type,
    quickAdd: row.quick_add === 1,
    ageRestriction: row.age_restriction,
    maxQuantity: row.max_quantity,
    // Filled in by withOffers (item-offers.ts) where a page shows it.
    offer: null,
    weighing: weighingOf(row),
    images: {
      originals: row.image_originals,
      mdpi_1x: row.image_mdpi_1x,
      xhdpi_2x: row.image_xhdpi_2x,
      xxhdpi_3x: row.image_xxhdpi_3x,
      width: row.image_width,
      height: row.image_height,
      ...(row.image_webp_mdpi_1x && row.image_webp_xhdpi_2x && row.image_webp_xxhdpi_3x
        ? {
            webp: {
              mdpi_1x: row.image_webp_mdpi_1x,
              xhdpi_2x: row.image_webp_xhdpi_2x,
              xxhdpi_3x: row.image_webp_xxhdpi_3x,
            },
          }
        : {}),
    },
  }
}

// Category pictures are drawn square at 160 px for mdpi_1x (scripts/demo-data/images.ts).
const CATEGORY_IMAGE_SIZE = 160
const DENSITY_PATH = /^(.*)\/mdpi_1x(\.[a-z0-9]+)$/i

/**
 * A category's pictures from its image_url: the mdpi_1x file itself (`…/dairy/mdpi_1x.svg`, as
 * the demo data stores a department's), the folder holding `<density>.svg`, or a packshot (a
 * sub-category's, drawn from its URL and crisp at every density: one file, as an item's).
 */
export function categoryImages(imageUrl: string | null): ImageSet | null {
  if (imageUrl === null || imageUrl === '') return null
  if (imageUrl.startsWith(`${PACKSHOT_PATH}/`)) {
    return {
      originals: imageUrl,
      mdpi_1x: imageUrl,
      xhdpi_2x: imageUrl,
      xxhdpi_3x: imageUrl,
      width: CATEGORY_IMAGE_SIZE,
      height: CATEGORY_IMAGE_SIZE,
    }
  }
  const match = DENSITY_PATH.exec(imageUrl)
  const base = match?.[1] ?? imageUrl.replace(/\/$/, '')
  const extension = match?.[2] ?? '.svg'
  return {
    originals: `${base}/originals${extension}`,
    mdpi_1x: `${base}/mdpi_1x${extension}`,
    xhdpi_2x: `${base}/xhdpi_2x${extension}`,
    xxhdpi_3x: `${base}/xxhdpi_3x${extension}`,
    width: CATEGORY_IMAGE_SIZE,
    height: CATEGORY_IMAGE_SIZE,
  }
}
