import type { DealOffer, MenuItemSummary } from '../../../schemas/catalogue.ts'
import { dealLive, rows, statement } from './repo.ts'

/*
 * The multibuy or meal deal each item is in, for the cards and item pages that show it (issue 35
 * item 16). One statement over the items of an answer; live and allowed at the store by the same
 * rule as the deals page and the basket (dealLive), and the first by position, as the basket
 * tries deals in that order. Answers that show items are cached with the 'promotions' purge area,
 * so an operator's change to a deal reaches the tiles as a price change does.
 */

interface OfferRow {
  item_id: number
  slug: string
  name: string
  kind: DealOffer['kind']
  quantity_required: number | null
  price: number | null
}

export interface OfferScope {
  businessId: number
  storeId: number
  now: Date
}

/** Each item's offer by item id; items in none are absent. */
export async function findItemOffers(
  db: D1Database,
  scope: OfferScope,
  itemIds: ReadonlyArray<number>
): Promise<Map<number, DealOffer>> {
  const offers = new Map<number, DealOffer>()
  if (itemIds.length === 0) return offers
  const result = await statement(
    db,
    `select dsi.menu_item_id as item_id, d.slug, d.name, d.kind, d.quantity_required, d.price
     from deal_section_items dsi
     join deal_sections ds on ds.id = dsi.deal_section_id
     join deals d on d.id = ds.deal_id
     where dsi.menu_item_id in (select value from json_each(?3))
       and d.kind in ('multibuy', 'meal_deal') and ${dealLive('?4')}
     order by d.position, d.id`,
    [
      scope.storeId,
      scope.businessId,
      JSON.stringify([...new Set(itemIds)]),
      scope.now.toISOString(),
    ]
  ).all()
  for (const row of rows<OfferRow>(result)) {
    if (offers.has(row.item_id)) continue
    offers.set(row.item_id, {
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      quantityRequired: row.quantity_required,
      price: row.price,
    })
  }
  return offers
}

/** The items with their offers filled in (toItemSummary leaves them null). */
export async function withOffers<T extends MenuItemSummary>(
  db: D1Database,
  scope: OfferScope,
  items: ReadonlyArray<T>
): Promise<Array<T>> {
  const offers = await findItemOffers(
    db,
    scope,
    items.map((item) => item.id)
  )
  return items.map((item) => ({ ...item, offer: offers.get(item.id) ?? null }))
}
