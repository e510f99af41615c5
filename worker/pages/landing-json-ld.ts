import type { LandingStore } from '../../client/pages/GroceryDeliveryPage.tsx'

/**
 * A landing page's structured data: a BreadcrumbList (Home › the page) and an ItemList of the
 * stores as schema.org GroceryStore entries, each at its canonical store URL.
 */
export function landingJsonLd(input: {
  heading: string
  pageUrl: string
  homeUrl: string
  stores: ReadonlyArray<LandingStore & { url: string }>
}): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: input.homeUrl },
          { '@type': 'ListItem', position: 2, name: input.heading, item: input.pageUrl },
        ],
      },
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
      },
    ],
  }
}
