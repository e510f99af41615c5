import type { Crumb } from '../../../client/lib/catalogue-links.ts'
import type { MenuItem } from '../../../schemas/catalogue.ts'
import { DEFAULT_CURRENCY } from '../../../schemas/constants.ts'
import type { Nutrition } from '../../../schemas/food-information.ts'

/** schema.org BreadcrumbList of the visible breadcrumb, with absolute URLs. */
export function breadcrumbJsonLd(
  crumbs: ReadonlyArray<Crumb>,
  absolute: (path: string) => string
): Record<string, unknown> {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.href),
    })),
  }
}

/** Several JSON-LD nodes in one script (a page's breadcrumb and its product). */
export function jsonLdGraph(...nodes: Array<Record<string, unknown>>): Record<string, unknown> {
  return { '@context': 'https://schema.org', '@graph': nodes }
}

/**
 * schema.org Product of an item page: sku is the item id; the offer is the store's price in GBP
 * (pence to pounds) and whether the store has it in stock.
 */
export function productJsonLd(
  item: MenuItem,
  urls: { canonicalUrl: string; imageUrl: string }
): Record<string, unknown> {
  return {
    '@type': 'Product',
    '@id': `${urls.canonicalUrl}#product`,
    name: item.name,
    sku: String(item.id),
    image: urls.imageUrl,
    ...(item.description ? { description: item.description } : {}),
    ...(item.category ? { category: item.category.name } : {}),
    ...(item.food?.nutrition ? { nutrition: nutritionJsonLd(item.food.nutrition) } : {}),
    offers: {
      '@type': 'Offer',
      url: urls.canonicalUrl,
      priceCurrency: DEFAULT_CURRENCY,
      price: (item.price / 100).toFixed(2),
      availability: item.outOfStock
        ? 'https://schema.org/OutOfStock'
        : 'https://schema.org/InStock',
    },
  }
}

/**
 * schema.org NutritionInformation of the declaration per 100 g or ml. Salt has no property of its
 * own; sodium is salt / 2.5, the conversion the regulation's Annex I uses the other way round.
 */
export function nutritionJsonLd(nutrition: Nutrition): Record<string, unknown> {
  const values = nutrition.per100
  const g = (value: number) => `${value} g`
  return {
    '@type': 'NutritionInformation',
    servingSize: nutrition.per === '100ml' ? '100 ml' : '100 g',
    calories: `${values.energyKcal} kcal`,
    fatContent: g(values.fat),
    saturatedFatContent: g(values.saturates),
    carbohydrateContent: g(values.carbohydrate),
    sugarContent: g(values.sugars),
    ...(values.fibre === null ? {} : { fiberContent: g(values.fibre) }),
    proteinContent: g(values.protein),
    sodiumContent: g(Math.round((values.salt / 2.5) * 100) / 100),
  }
}
