import { allergenStatement, type Allergen } from '../../../schemas/food-information.ts'
import { toFoodInformation } from './food-information.ts'
import { findOrderFoodRows, type OrderFoodRow } from './order-food-repo.ts'

/*
 * The food information an order's food items carry at delivery (retained Regulation 1169/2011
 * art. 14(1)(b)): each line's allergens and where its full food information is. Read from the
 * items as they are now; a line whose item was deleted, or is not food, has none.
 */

export interface OrderFoodLine {
  /** The line's own name (the item may have been renamed since). */
  name: string
  contains: Array<Allergen>
  mayContain: Array<Allergen>
  /** "Contains: milk. May contain: nuts." */
  statement: string
  /** The item's page at the order's store, where its full food information is. */
  path: string
}

function itemPath(row: OrderFoodRow): string {
  const slug = (value: string) => encodeURIComponent(value)
  return `/stores/${slug(row.store_slug)}/category/${slug(row.category_slug)}/${slug(row.item_slug)}`
}

/** Each food line of an order (businessId-scoped), once per item however many lines name it. */
export async function orderFoodLines(
  db: D1Database,
  businessId: number,
  orderId: number
): Promise<Array<OrderFoodLine>> {
  const results = await findOrderFoodRows(db, businessId, orderId)
  const lines = new Map<string, OrderFoodLine>()
  for (const row of results) {
    const food = toFoodInformation(row)
    const path = itemPath(row)
    if (food === null || lines.has(path)) continue
    lines.set(path, {
      name: row.name,
      contains: food.contains,
      mayContain: food.mayContain,
      statement: allergenStatement(food.contains, food.mayContain),
      path,
    })
  }
  return [...lines.values()]
}

/** The email's text of them, a line each: "Whole milk 2 pints: Contains: milk. Full food information: /stores/…". */
export function orderFoodText(lines: ReadonlyArray<OrderFoodLine>): string | null {
  if (lines.length === 0) return null
  return lines
    .map((line) => `${line.name}: ${line.statement} Full food information: ${line.path}`)
    .join('\n')
}
