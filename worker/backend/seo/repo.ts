import {
  PAGES_SITEMAP_NAME,
  SITEMAP_MAX_URLS,
  STORE_SITEMAP_NAME,
  storeSitemapName,
  type Sitemap,
  type SitemapName,
} from '../../../schemas/seo.ts'
import { ITEM_FROM, ITEM_SOLD } from '../catalogue/items.ts'
import { pagesSitemap } from './pages-sitemap-repo.ts'

interface SitemapRow {
  name: string
  body: string | null
  generated_at: string | null
}

interface StoreRow {
  id: number
  slug: string
  updated_at: string
}

interface PathRow {
  category_slug: string
  item_slug: string | null
  updated_at: string
}

const storePath = (slug: string) => `/stores/${encodeURIComponent(slug)}`

/**
 * A brand's sitemap file; null when the brand has no such file. sitemap.xml indexes the brand's
 * other files and one catalogue sitemap per active store; sitemap-stores.xml lists every active
 * store of the business; sitemap-store-<slug>.xml lists the store's categories and the items it
 * sells (at most 50,000 URLs); sitemap-pages.xml its content and landing pages. The brand serves
 * store and pages sitemaps when it serves sitemap.xml.
 */
export async function findSitemap(
  db: D1Database,
  businessId: number,
  brandId: number,
  name: SitemapName
): Promise<Sitemap | null> {
  const [files, stores] = await db.batch([
    db
      .prepare(
        `select m.name, m.body, m.generated_at from sitemaps m
         join brands b on b.id = m.brand_id
         where m.brand_id = ?1 and b.business_id = ?2 and b.is_active = 1 order by m.name`
      )
      .bind(brandId, businessId),
    db
      .prepare(
        `select id, slug, updated_at from stores where business_id = ?1 and is_active = 1
         and (?2 in ('sitemap.xml', 'sitemap-stores.xml') or ?2 = 'sitemap-store-' || slug || '.xml')
         order by slug`
      )
      .bind(businessId, name),
  ])
  const rows = (files?.results ?? []) as Array<SitemapRow>
  const storeRows = (stores?.results ?? []) as Array<StoreRow>
  const storeSitemap = STORE_SITEMAP_NAME.exec(name)
  if (storeSitemap) {
    const store = storeRows[0]
    if (!store || !rows.some((row) => row.name === 'sitemap.xml')) return null
    return storeCatalogueSitemap(db, businessId, store, name)
  }
  const indexed = rows.some((row) => row.name === 'sitemap.xml')
  const file = rows.find((row) => row.name === name)
  // The pages sitemap is generated for every brand that serves an index, unless it has its own.
  if (name === PAGES_SITEMAP_NAME && !file) {
    return indexed ? pagesSitemap(db, businessId, brandId) : null
  }
  if (!file) return null
  if (file.body !== null) return { name, kind: 'urlset', body: file.body, entries: [] }
  if (name === 'sitemap.xml') {
    return {
      name,
      kind: 'index',
      body: null,
      entries: [
        ...rows
          .filter((row) => row.name !== name)
          .map((row) => ({ path: `/${row.name}`, lastModified: row.generated_at })),
        ...(rows.some((row) => row.name === PAGES_SITEMAP_NAME)
          ? []
          : [{ path: `/${PAGES_SITEMAP_NAME}`, lastModified: null }]),
        ...storeRows.map((store) => ({
          path: `/${storeSitemapName(store.slug)}`,
          lastModified: store.updated_at,
        })),
      ],
    }
  }
  return {
    name,
    kind: 'urlset',
    body: null,
    entries: storeRows.map((store) => ({
      path: storePath(store.slug),
      lastModified: store.updated_at,
    })),
  }
}

/** Every category with an item the store sells, then those items, under the item's category. */
async function storeCatalogueSitemap(
  db: D1Database,
  businessId: number,
  store: StoreRow,
  name: SitemapName
): Promise<Sitemap> {
  const { results } = await db
    .prepare(
      `select category_slug, item_slug, updated_at from (
         select k.slug as category_slug, null as item_slug, k.updated_at, 0 as kind,
           k.position as p1, 0 as p2
         from categories k
         where k.business_id = ?2 and k.is_active = 1 and exists (
           select 1 from ${ITEM_FROM}
           where ${ITEM_SOLD} and (c.id = k.id or c.parent_id = k.id))
         union all
         select c.slug, m.slug, max(m.updated_at, coalesce(s.updated_at, m.updated_at)), 1,
           c.position, m.position
         from ${ITEM_FROM}
         where ${ITEM_SOLD}
       ) order by kind, p1, category_slug, p2, item_slug
       limit ?3`
    )
    .bind(store.id, businessId, SITEMAP_MAX_URLS - 1)
    .all<PathRow>()
  const base = storePath(store.slug)
  return {
    name,
    kind: 'urlset',
    body: null,
    // The store's deals page, then its catalogue (the deals change with the store's offers).
    entries: [{ path: `${base}/deals`, lastModified: store.updated_at }].concat(
      results.map((row) => ({
        path:
          row.item_slug === null
            ? `${base}/category/${encodeURIComponent(row.category_slug)}`
            : `${base}/category/${encodeURIComponent(row.category_slug)}/${encodeURIComponent(row.item_slug)}`,
        lastModified: row.updated_at,
      }))
    ),
  }
}
