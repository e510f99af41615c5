import { placeUnlessPlacedStatement } from './repo.ts'
/*
 * Brand slugs claimed in the directory (migrations-directory/0004, ADR 063): a slug is unique
 * across every shard, and a shard knows only its own brands, so the claim is the directory's one
 * row per slug.
 */

export interface SlugClaim {
  slug: string
  businessId: number
  brandId: number
  /** Where the business lives, to place it if the directory does not yet (a claim needs its row). */
  shard: string
}

/**
 * Claims a slug for a brand: false when another brand (of any business) holds it. The brand's own
 * claim claims again. One batch, so two claims of one slug cannot both win.
 */
export async function claimSlug(directory: D1Database, claim: SlugClaim): Promise<boolean> {
  const [, , owner] = await directory.batch([
    placeUnlessPlacedStatement(directory, claim.businessId, claim.shard),
    directory
      .prepare(
        'insert into brand_slugs (slug, business_id, brand_id) values (?1, ?2, ?3) on conflict (slug) do nothing'
      )
      .bind(claim.slug, claim.businessId, claim.brandId),
    directory
      .prepare('select business_id, brand_id from brand_slugs where slug = ?1')
      .bind(claim.slug),
  ])
  const row = owner?.results[0] as { business_id: number; brand_id: number } | undefined
  return row?.business_id === claim.businessId && row.brand_id === claim.brandId
}

/** The brand gives a slug up (renamed, or a claim whose brand write failed); only its own. */
export async function releaseSlug(
  directory: D1Database,
  slug: string,
  owner: { businessId: number; brandId: number }
): Promise<void> {
  await directory
    .prepare('delete from brand_slugs where slug = ?1 and business_id = ?2 and brand_id = ?3')
    .bind(slug, owner.businessId, owner.brandId)
    .run()
}

/**
 * The daily run's pass over one shard's slugs (ADR 063). Claims of this shard's businesses that
 * their brand no longer holds (a rename whose release was lost, a create whose brand write failed
 * after its claim) are given back; then claims the directory lacks (brands from before it, or
 * whose claim was lost) are written, unless another brand holds the slug. A business being moved
 * is left alone, and one the directory places on another shard is not this shard's to index.
 * Answers what changed.
 */
export async function reconcileShardSlugs(
  directory: D1Database,
  shardDb: D1Database,
  shard: string
): Promise<{ indexed: number; released: number }> {
  const { results: brands } = await shardDb
    .prepare('select business_id, id as brand_id, slug from brands')
    .all<{ business_id: number; brand_id: number; slug: string }>()
  const held = JSON.stringify(brands)
  const businesses = [...new Set(brands.map((brand) => brand.business_id))]
  const ofThisShard = 'select id from businesses where shard = ?2 and moving_to is null'
  const written = await directory.batch([
    ...businesses.map((id) => placeUnlessPlacedStatement(directory, id, shard)),
    directory
      .prepare(
        `delete from brand_slugs
         where business_id in (${ofThisShard})
           and not exists (select 1 from json_each(?1)
             where json_extract(value, '$.slug') = brand_slugs.slug
               and json_extract(value, '$.business_id') = brand_slugs.business_id
               and json_extract(value, '$.brand_id') = brand_slugs.brand_id)`
      )
      .bind(held, shard),
    directory
      .prepare(
        `insert into brand_slugs (slug, business_id, brand_id)
         select json_extract(value, '$.slug'), json_extract(value, '$.business_id'),
           json_extract(value, '$.brand_id')
         from json_each(?1)
         where json_extract(value, '$.business_id') in (${ofThisShard})
         on conflict (slug) do nothing`
      )
      .bind(held, shard),
  ])
  const [released, indexed] = written.slice(businesses.length)
  return { indexed: indexed?.meta.changes ?? 0, released: released?.meta.changes ?? 0 }
}
