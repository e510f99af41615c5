// The operator console's deals (ADR 027, ADR 004: SQL only here). Every statement names the
// caller's business, so another business's deal, item or category is never read or written.

/** A deal as stored (migration 0005). */
export interface DealRow {
  id: number
  slug: string
  name: string
  description: string | null
  kind: 'multibuy' | 'meal_deal' | 'percent_off' | 'amount_off'
  quantity_required: number | null
  price: number | null
  discount_percent: number | null
  discount_amount: number | null
  badge_text: string | null
  badge_color: string | null
  badge_background_color: string | null
  image_url: string | null
  starts_at: string | null
  ends_at: string | null
  position: number
  is_active: number
}

export interface DealSectionRow {
  id: number
  name: string
  minimum_selected: number
  maximum_selected: number
  position: number
}

export interface DealSectionItemRow {
  deal_section_id: number
  menu_item_id: number
  extra_cost: number
  slug: string
  name: string
}

const DEAL_COLUMNS = `id, slug, name, description, kind, quantity_required, price, discount_percent,
  discount_amount, badge_text, badge_color, badge_background_color, image_url, starts_at, ends_at,
  position, is_active`

/** The business's deals with how many items their sections hold, in the shop's order. */
export async function listDealRows(
  db: D1Database,
  businessId: number
): Promise<Array<DealRow & { item_count: number }>> {
  const { results } = await db
    .prepare(
      `select ${DEAL_COLUMNS},
         (select count(*) from deal_section_items i join deal_sections s on s.id = i.deal_section_id
           where s.deal_id = d.id) as item_count
         from deals d where d.business_id = ?1 order by d.is_active desc, d.position, d.id`
    )
    .bind(businessId)
    .all<DealRow & { item_count: number }>()
  return results
}

/** One deal of the business with its sections and their items, or null. */
export async function findDealRows(
  db: D1Database,
  businessId: number,
  dealId: number
): Promise<{
  deal: DealRow
  sections: Array<DealSectionRow>
  items: Array<DealSectionItemRow>
} | null> {
  const [deal, sections, items] = await db.batch([
    db
      .prepare(`select ${DEAL_COLUMNS} from deals where id = ?1 and business_id = ?2`)
      .bind(dealId, businessId),
    db
      .prepare(
        `select s.id, s.name, s.minimum_selected, s.maximum_selected, s.position
           from deal_sections s join deals d on d.id = s.deal_id
          where s.deal_id = ?1 and d.business_id = ?2 order by s.position, s.id`
      )
      .bind(dealId, businessId),
    db
      .prepare(
        `select i.deal_section_id, i.menu_item_id, i.extra_cost, m.slug, m.name
           from deal_section_items i
           join deal_sections s on s.id = i.deal_section_id
           join deals d on d.id = s.deal_id
           join menu_items m on m.id = i.menu_item_id
          where s.deal_id = ?1 and d.business_id = ?2 order by i.position, m.name`
      )
      .bind(dealId, businessId),
  ])
  const row = (deal?.results as Array<DealRow> | undefined)?.[0]
  if (!row) return null
  return {
    deal: row,
    sections: (sections?.results ?? []) as Array<DealSectionRow>,
    items: (items?.results ?? []) as Array<DealSectionItemRow>,
  }
}

/** Whether another deal of the business has this slug. */
export async function dealSlugTaken(
  db: D1Database,
  businessId: number,
  slug: string,
  exceptId: number | null
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as taken from deals where business_id = ?1 and slug = ?2 and id is not ?3`)
    .bind(businessId, slug, exceptId)
    .first()
  return row !== null
}

/** The values a deal is written with (pence, ISO instants, 0/1). */
export interface DealWrite {
  id: number
  businessId: number
  slug: string
  name: string
  description: string | null
  kind: string
  quantityRequired: number | null
  price: number | null
  discountPercent: number | null
  discountAmount: number | null
  badgeText: string | null
  badgeColor: string | null
  badgeBackgroundColor: string | null
  imageUrl: string | null
  startsAt: string | null
  endsAt: string | null
  position: number
  isActive: boolean
  at: string
  sections: ReadonlyArray<{
    name: string
    minimumSelected: number
    maximumSelected: number
    categoryId: number | null
    items: ReadonlyArray<{ menuItemId: number; extraCost: number }>
  }>
}

/**
 * The statements writing a deal whole: the row (inserted or updated), then its sections
 * replaced. A section's category adds every item of that category and its sub-categories, as
 * they are now; explicit items keep their extra cost. Only the business's items are inserted.
 */
export function writeDealStatements(
  db: D1Database,
  deal: DealWrite,
  create: boolean
): Array<D1PreparedStatement> {
  const values = [
    deal.id,
    deal.businessId,
    deal.slug,
    deal.name,
    deal.description,
    deal.kind,
    deal.quantityRequired,
    deal.price,
    deal.discountPercent,
    deal.discountAmount,
    deal.badgeText,
    deal.badgeColor,
    deal.badgeBackgroundColor,
    deal.imageUrl,
    deal.startsAt,
    deal.endsAt,
    deal.position,
    deal.isActive ? 1 : 0,
    deal.at,
  ]
  const row = create
    ? db
        .prepare(
          `insert into deals (id, business_id, slug, name, description, kind, quantity_required,
             price, discount_percent, discount_amount, badge_text, badge_color,
             badge_background_color, image_url, starts_at, ends_at, position, is_active,
             created_at, updated_at)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
             ?19, ?19)`
        )
        .bind(...values)
    : db
        .prepare(
          `update deals set slug = ?3, name = ?4, description = ?5, kind = ?6,
             quantity_required = ?7, price = ?8, discount_percent = ?9, discount_amount = ?10,
             badge_text = ?11, badge_color = ?12, badge_background_color = ?13, image_url = ?14,
             starts_at = ?15, ends_at = ?16, position = ?17, is_active = ?18, updated_at = ?19
           where id = ?1 and business_id = ?2`
        )
        .bind(...values)
  const statements = [
    row,
    db
      .prepare(
        `delete from deal_section_items where deal_section_id in
           (select id from deal_sections where deal_id = ?1)`
      )
      .bind(deal.id),
    db.prepare(`delete from deal_sections where deal_id = ?1`).bind(deal.id),
  ]
  deal.sections.forEach((section, position) => {
    statements.push(
      db
        .prepare(
          `insert into deal_sections (deal_id, name, minimum_selected, maximum_selected, position)
           values (?1, ?2, ?3, ?4, ?5)`
        )
        .bind(deal.id, section.name, section.minimumSelected, section.maximumSelected, position)
    )
    const sectionId = `(select id from deal_sections where deal_id = ?1 and position = ?2)`
    if (section.items.length > 0) {
      statements.push(
        db
          .prepare(
            `insert or ignore into deal_section_items (deal_section_id, menu_item_id, extra_cost, position)
             select ${sectionId}, m.id, j.value ->> 'extraCost', j.key
               from json_each(?3) j join menu_items m on m.id = j.value ->> 'menuItemId'
              where m.business_id = ?4`
          )
          .bind(deal.id, position, JSON.stringify(section.items), deal.businessId)
      )
    }
    if (section.categoryId !== null) {
      statements.push(
        db
          .prepare(
            `insert or ignore into deal_section_items (deal_section_id, menu_item_id, extra_cost, position)
             with recursive tree(id) as (
               select id from categories where id = ?3 and business_id = ?4
               union all
               select k.id from categories k join tree on k.parent_id = tree.id
             )
             select ${sectionId}, m.id, 0, 1000 + m.position
               from menu_items m where m.business_id = ?4 and m.category_id in (select id from tree)`
          )
          .bind(deal.id, position, section.categoryId, deal.businessId)
      )
    }
  })
  return statements
}
