import type { SeoDistrict, SeoMetadata, SeoPage, SeoRedirectTarget } from '../../../schemas/seo.ts'
import { resolveRedirectChain, type StoredRedirect } from './redirect-chain.ts'

interface SeoPageRow {
  slug: string
  title: string
  meta_description: string | null
  heading: string | null
  body: string
  noindex: number
  updated_at: string
}

/**
 * The brand's page of that slug: a row of the brand wins over the business's row for every
 * brand. Null when neither exists or the brand is not the business's active brand.
 */
export async function findSeoPage(
  db: D1Database,
  businessId: number,
  brandId: number,
  slug: string
): Promise<SeoPage | null> {
  const row = await db
    .prepare(
      `select p.slug, p.title, p.meta_description, p.heading, p.body, p.noindex, p.updated_at
       from seo_pages p join brands b on b.id = ?2 and b.business_id = p.business_id and b.is_active = 1
       where p.business_id = ?1 and p.slug = ?3 and (p.brand_id is null or p.brand_id = ?2)
       order by p.brand_id is null limit 1`
    )
    .bind(businessId, brandId, slug)
    .first<SeoPageRow>()
  if (!row) return null
  return {
    slug: row.slug,
    title: row.title,
    metaDescription: row.meta_description,
    heading: row.heading ?? row.title,
    body: row.body,
    noindex: row.noindex === 1,
    updatedAt: row.updated_at,
  }
}

/** Where an old slug of the business leads after its chain (redirect-chain.ts), or null. */
export async function resolveSeoRedirect(
  db: D1Database,
  businessId: number,
  slug: string
): Promise<SeoRedirectTarget | null> {
  // A business has tens of old slugs, not thousands: the chain is followed in memory.
  const { results } = await db
    .prepare('select from_slug, to_path, status_code from seo_redirects where business_id = ?1')
    .bind(businessId)
    .all<{ from_slug: string; to_path: string; status_code: StoredRedirect['statusCode'] }>()
  const redirects = new Map(
    results.map((row) => [
      row.from_slug,
      { fromSlug: row.from_slug, toPath: row.to_path, statusCode: row.status_code },
    ])
  )
  return resolveRedirectChain(redirects, slug)
}

interface SeoMetadataRow {
  title: string | null
  description: string | null
  noindex: number | null
  canonical_path: string | null
}

/** The operator's head for a path of the brand (a brand row wins), or null. */
export async function findSeoMetadata(
  db: D1Database,
  businessId: number,
  brandId: number,
  path: string
): Promise<SeoMetadata | null> {
  const row = await db
    .prepare(
      `select title, description, noindex, canonical_path from seo_metadata
       where business_id = ?1 and path = ?3 and (brand_id is null or brand_id = ?2)
       order by brand_id is null limit 1`
    )
    .bind(businessId, brandId, path)
    .first<SeoMetadataRow>()
  if (!row) return null
  return {
    title: row.title,
    description: row.description,
    noindex: row.noindex === null ? null : row.noindex === 1,
    canonicalPath: row.canonical_path,
  }
}

/**
 * A postcode district's centre from the UK outcode centroids (geo_outcodes, the reference data
 * the local geocoder answers from), or null for a district it does not list.
 */
export async function findDistrictCentre(
  db: D1Database,
  district: string
): Promise<SeoDistrict | null> {
  const row = await db
    .prepare('select outcode, latitude, longitude from geo_outcodes where outcode = ?1')
    .bind(district)
    .first<{ outcode: string; latitude: number; longitude: number }>()
  return row ? { district: row.outcode, latitude: row.latitude, longitude: row.longitude } : null
}
