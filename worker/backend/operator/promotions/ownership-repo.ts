// Which of the ids a promotion names belong to the caller's business (ADR 027: another
// business's thing is as if it did not exist). SQL only here (ADR 004).

/** The kinds of thing a promotion can name, and their tables. */
const TABLES = {
  brand: 'brands',
  store: 'stores',
  category: 'categories',
  deal: 'deals',
  menuItem: 'menu_items',
} as const

export type OwnedKind = keyof typeof TABLES

/** The ids among `ids` that are the business's `kind`. */
export async function ownedIds(
  db: D1Database,
  businessId: number,
  kind: OwnedKind,
  ids: ReadonlyArray<number>
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const { results } = await db
    .prepare(
      `select id from ${TABLES[kind]}
        where business_id = ?1 and id in (select value from json_each(?2))`
    )
    .bind(businessId, JSON.stringify([...new Set(ids)]))
    .all<{ id: number }>()
  return new Set(results.map((row) => row.id))
}

/** The business's time zone (its promotions' dates are typed and shown in it). */
export async function businessTimeZone(db: D1Database, businessId: number): Promise<string> {
  const row = await db
    .prepare(`select time_zone from businesses where id = ?1`)
    .bind(businessId)
    .first<{ time_zone: string }>()
  return row?.time_zone ?? 'Europe/London'
}

/** What the promotion forms choose from: brands, stores, categories (with parents) and deals. */
export async function promotionChoiceRows(db: D1Database, businessId: number) {
  const [brands, stores, categories, deals] = await db.batch<{ id: number; name: string }>([
    db.prepare(`select id, name from brands where business_id = ?1 order by name`).bind(businessId),
    db.prepare(`select id, name from stores where business_id = ?1 order by name`).bind(businessId),
    db
      .prepare(
        `select k.id, case when p.name is null then k.name else p.name || ' › ' || k.name end as name
           from categories k left join categories p on p.id = k.parent_id
          where k.business_id = ?1 order by coalesce(p.position, k.position), p.id is not null,
            k.position, k.name`
      )
      .bind(businessId),
    db.prepare(`select id, name from deals where business_id = ?1 order by name`).bind(businessId),
  ])
  return {
    brands: brands?.results ?? [],
    stores: stores?.results ?? [],
    categories: categories?.results ?? [],
    deals: deals?.results ?? [],
  }
}

/** The business's items whose name or slug contains the text, or with these slugs or ids. */
export async function findPromotionItems(
  db: D1Database,
  businessId: number,
  query: { text: string; slugs: ReadonlyArray<string>; ids: ReadonlyArray<number> }
) {
  const { results } = await db
    .prepare(
      `select m.id as menuItemId, m.slug, m.name, k.name as categoryName
         from menu_items m join categories k on k.id = m.category_id
        where m.business_id = ?1
          and ((?2 <> '' and (m.name like '%' || ?2 || '%' escape '\\' or m.slug like '%' || ?2 || '%' escape '\\'))
            or m.slug in (select value from json_each(?3)) or m.id in (select value from json_each(?5)))
        order by m.name limit ?4`
    )
    .bind(
      businessId,
      query.text.replace(/[\\%_]/g, (char) => `\\${char}`),
      JSON.stringify(query.slugs),
      Math.max(query.slugs.length + query.ids.length, 30),
      JSON.stringify(query.ids)
    )
    .all<{ menuItemId: number; slug: string; name: string; categoryName: string }>()
  return results
}
