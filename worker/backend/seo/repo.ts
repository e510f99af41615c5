import type { Sitemap, SitemapName } from '../../../schemas/seo.ts'

interface SitemapRow {
  name: string
  body: string | null
  generated_at: string | null
}

interface StoreRow {
  slug: string
  updated_at: string
}

/**
 * A brand's sitemap file; null when the brand has no such file. sitemap.xml indexes the brand's
 * other files; sitemap-stores.xml lists every active store of the business. One round trip.
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
        `select slug, updated_at from stores where business_id = ?1 and is_active = 1
         and ?2 = 'sitemap-stores.xml' order by slug`
      )
      .bind(businessId, name),
  ])
  const rows = (files?.results ?? []) as Array<SitemapRow>
  const file = rows.find((row) => row.name === name)
  if (!file) return null
  if (file.body !== null) return { name, kind: 'urlset', body: file.body, entries: [] }
  if (name === 'sitemap.xml') {
    return {
      name,
      kind: 'index',
      body: null,
      entries: rows
        .filter((row) => row.name !== name)
        .map((row) => ({ path: `/${row.name}`, lastModified: row.generated_at })),
    }
  }
  return {
    name,
    kind: 'urlset',
    body: null,
    entries: ((stores?.results ?? []) as Array<StoreRow>).map((store) => ({
      path: `/stores/${encodeURIComponent(store.slug)}`,
      lastModified: store.updated_at,
    })),
  }
}
