import type { FoodInformationRow } from './food-information.ts'

/** An item line of an order with its item's food information and where its page is. */
export interface OrderFoodRow extends FoodInformationRow {
  name: string
  item_slug: string
  category_slug: string
  store_slug: string
}

// One row per item line (meal deal choices too), in the order's own line order.
const ORDER_FOOD_SQL = `select l.name, m.slug as item_slug, c.slug as category_slug,
    st.slug as store_slug, m.allergens_contains, m.allergens_may_contain, m.nutrition,
    m.storage_use, m.country_of_origin, m.net_quantity, m.food_operator_name,
    m.food_operator_address, null as business_legal_name, null as business_food_operator_address
  from order_lines l
  join orders o on o.id = l.order_id
  join menu_items m on m.id = l.menu_item_id
  join categories c on c.id = m.category_id
  join stores st on st.id = o.store_id
  where l.order_id = ?1 and o.business_id = ?2 and l.kind in ('item', 'meal_deal_choice')
  order by l.position, l.id`

/** The order's item lines (businessId-scoped) whose item still exists. */
export async function findOrderFoodRows(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<Array<OrderFoodRow>> {
  const { results } = await db.prepare(ORDER_FOOD_SQL).bind(orderId, businessId).all<OrderFoodRow>()
  return results
}
