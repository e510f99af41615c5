import type { Crumb } from '../../client/components/catalogue/Breadcrumbs.tsx'
import type { MenuItem } from '../../schemas/catalogue.ts'
import { DEFAULT_CURRENCY } from '../../schemas/constants.ts'

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
