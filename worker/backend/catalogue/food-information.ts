import {
  AllergenSetSchema,
  NutritionSchema,
  type Allergen,
  type FoodInformation,
  type Nutrition,
} from '../../../schemas/food-information.ts'

/** The food information columns of menu_items (migration 0079) and the business's default operator. */
export interface FoodInformationRow {
  allergens_contains: string
  allergens_may_contain: string
  nutrition: string | null
  storage_use: string | null
  country_of_origin: string | null
  net_quantity: string | null
  food_operator_name: string | null
  food_operator_address: string | null
  business_legal_name: string | null
  business_food_operator_address: string | null
}

/** The columns to select beside an item read with `m` and ?2 = businessId (items.ts). */
export const FOOD_INFORMATION_COLUMNS = `m.allergens_contains, m.allergens_may_contain,
  m.nutrition, m.storage_use, m.country_of_origin, m.net_quantity, m.food_operator_name,
  m.food_operator_address,
  (select legal_name from businesses where id = ?2) as business_legal_name,
  (select food_operator_address from businesses where id = ?2) as business_food_operator_address`

function allergens(json: string): Array<Allergen> {
  const parsed = AllergenSetSchema.safeParse(safeJson(json))
  return parsed.success ? parsed.data : []
}

function nutrition(json: string | null): Nutrition | null {
  if (json === null) return null
  const parsed = NutritionSchema.safeParse(safeJson(json))
  return parsed.success ? parsed.data : null
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * An item's food information, or null when it has none (not food). The operator is the item's own
 * when it names one, else the business (its legal name and food operator address).
 */
export function toFoodInformation(row: FoodInformationRow): FoodInformation | null {
  const food = {
    contains: allergens(row.allergens_contains),
    mayContain: allergens(row.allergens_may_contain),
    nutrition: nutrition(row.nutrition),
    storage: row.storage_use,
    origin: row.country_of_origin,
    netQuantity: row.net_quantity,
  }
  const isFood =
    food.contains.length > 0 ||
    food.mayContain.length > 0 ||
    food.nutrition !== null ||
    food.storage !== null ||
    food.origin !== null ||
    food.netQuantity !== null
  if (!isFood) return null
  const name = row.food_operator_name ?? row.business_legal_name
  const address = row.food_operator_address ?? row.business_food_operator_address
  return { ...food, operator: name && address ? { name, address } : null }
}
