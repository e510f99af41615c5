import type { LandingStore } from '../../../client/lib/landing-stores.ts'
import { breadcrumbJsonLd, jsonLdGraph } from '../shared/json-ld.ts'

/**
 * A landing page's structured data: a BreadcrumbList (Home › the page) and an ItemList of the
 * stores as schema.org GroceryStore entries, each at its canonical store URL.
 */
export function landingJsonLd(input: {
  heading: string
  /** The home page's crumb, in the brand's language. */
  home: string
  pageUrl: string
  homeUrl: string
  stores: ReadonlyArray<LandingStore & { url: string }>
}): Record<string, unknown> {
  const crumbs = [
    { name: input.home, href: input.homeUrl },
    { name: input.heading, href: input.pageUrl },
  ]
  return jsonLdGraph(
    // The URLs are absolute already.
    breadcrumbJsonLd(crumbs, (url) => url),
    {
      '@type': 'ItemList',
      name: input.heading,
      itemListElement: input.stores.map((store, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'GroceryStore',
          '@id': store.url,
          name: store.name,
          url: store.url,
          address: store.address,
        },
      })),
    }
  )
}
