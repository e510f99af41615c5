import {
  CONTENT_PAGE_SLUGS,
  PAGES_SITEMAP_NAME,
  TOWN_PAGE_SLUG_PREFIX,
  type Sitemap,
} from '../../../schemas/seo.ts'

/**
 * The brand's content and landing pages: the content pages the route table serves (the brand's
 * or the business's, not noindex), town landing pages, and one page per postcode district an
 * active store delivers to by an outcode zone (the districts its delivery area names).
 */
export async function pagesSitemap(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<Sitemap> {
  const slugs = JSON.stringify(CONTENT_PAGE_SLUGS)
  const [pages, districts] = await db.batch([
    db
      .prepare(
        `select slug, max(updated_at) as updated_at from (
           select p.slug, p.updated_at, p.noindex,
             row_number() over (partition by p.slug order by p.brand_id is null) as pick
           from seo_pages p
           where p.business_id = ?1 and (p.brand_id is null or p.brand_id = ?2)
             and (p.slug in (select value from json_each(?3)) or p.slug like ?4 || '%')
         ) where pick = 1 and noindex = 0 group by slug order by slug`
      )
      .bind(businessId, brandId, slugs, TOWN_PAGE_SLUG_PREFIX),
    db
      .prepare(
        `select lower(z.outcode) as outcode, max(s.updated_at) as updated_at
         from delivery_zones z join stores s on s.id = z.store_id
         where s.business_id = ?1 and s.is_active = 1 and s.delivery_enabled = 1
           and z.is_active = 1 and z.kind = 'outcode'
         group by lower(z.outcode) order by lower(z.outcode)`
      )
      .bind(businessId),
  ])
  const pageRows = (pages?.results ?? []) as Array<{ slug: string; updated_at: string }>
  const districtRows = (districts?.results ?? []) as Array<{ outcode: string; updated_at: string }>
  return {
    name: PAGES_SITEMAP_NAME,
    kind: 'urlset',
    body: null,
    entries: [
      ...pageRows.map((row) => ({
        path: `/${row.slug.split('/').map(encodeURIComponent).join('/')}`,
        lastModified: row.updated_at,
      })),
      ...districtRows.map((row) => ({
        path: `/${TOWN_PAGE_SLUG_PREFIX}${encodeURIComponent(row.outcode)}`,
        lastModified: row.updated_at,
      })),
    ],
  }
}
