import {
  ALLERGENS,
  type Allergen,
  type Nutrition,
  type NutritionValues,
} from '../../../../schemas/food-information.ts'
import { formatMessage } from '../../../../schemas/messages.ts'

/*
 * An item's food information in the catalogue CSV (issue 41): allergens as semicolon lists,
 * nutrition per 100 g or ml one column a nutrient (and per portion where declared), storage,
 * origin, net quantity and the item's own food business operator (empty: the business). A row
 * with nutrition_per filled in must give every nutrient but fibre; parts cannot exceed their
 * whole (saturates ≤ fat, sugars ≤ carbohydrate).
 */

export interface ItemFood {
  contains: Array<Allergen>
  mayContain: Array<Allergen>
  nutrition: Nutrition | null
  storage: string | null
  origin: string | null
  netQuantity: string | null
  operatorName: string | null
  operatorAddress: string | null
}

const NUTRIENTS = [
  'energy_kj',
  'energy_kcal',
  'fat',
  'saturates',
  'carbohydrate',
  'sugars',
  'fibre',
  'protein',
  'salt',
] as const
type Nutrient = (typeof NUTRIENTS)[number]

const KEY: Record<Nutrient, keyof NutritionValues> = {
  energy_kj: 'energyKj',
  energy_kcal: 'energyKcal',
  fat: 'fat',
  saturates: 'saturates',
  carbohydrate: 'carbohydrate',
  sugars: 'sugars',
  fibre: 'fibre',
  protein: 'protein',
  salt: 'salt',
}

/** The food columns, after the item's own, in the order export writes them. */
export const FOOD_COLUMNS: ReadonlyArray<string> = [
  'contains',
  'may_contain',
  'nutrition_per',
  ...NUTRIENTS,
  'portion_size',
  ...NUTRIENTS.map((nutrient) => `portion_${nutrient}`),
  'storage',
  'origin',
  'net_quantity',
  'operator_name',
  'operator_address',
]

/** What a row reader gives this module: a cell, its text with a length limit, and a way to fail. */
export interface FoodCellReader {
  cell(column: string): string
  text(column: string, max: number): string | null
  refuse(column: string, message: string): void
}

function allergens(read: FoodCellReader, column: string): Array<Allergen> {
  const value = read.cell(column)
  if (value === '') return []
  const given = value.split(';').map((part) => part.trim().toLowerCase())
  if (!given.every((part) => (ALLERGENS as ReadonlyArray<string>).includes(part))) {
    read.refuse(column, formatMessage('catalogueCsvAllergens', value, ALLERGENS.join(', ')))
    return []
  }
  return ALLERGENS.filter((allergen) => given.includes(allergen))
}

function amount(read: FoodCellReader, column: string, max: number, whole: boolean): number | null {
  const value = read.cell(column)
  if (value === '') return null
  const pattern = whole ? /^\d{1,5}$/ : /^\d{1,5}(\.\d{1,2})?$/
  const number = pattern.test(value) ? Number(value) : NaN
  if (!(number >= 0 && number <= max)) {
    read.refuse(column, formatMessage('catalogueCsvAmount', value, max))
    return null
  }
  return number
}

/** The nutrients of a prefix's columns ('' per 100, 'portion_' per portion); null if none given. */
function values(read: FoodCellReader, prefix: string, declared: string): NutritionValues | null {
  const per100 = prefix === ''
  const read1 = (nutrient: Nutrient) =>
    amount(
      read,
      `${prefix}${nutrient}`,
      nutrient.startsWith('energy')
        ? (per100 ? 900 : 5000) * (nutrient === 'energy_kj' ? 5 : 1)
        : per100
          ? 100
          : 2000,
      nutrient.startsWith('energy')
    )
  const got = Object.fromEntries(
    NUTRIENTS.map((nutrient) => [nutrient, read1(nutrient)])
  ) as Record<Nutrient, number | null>
  let complete = true
  for (const nutrient of NUTRIENTS) {
    if (
      nutrient !== 'fibre' &&
      got[nutrient] === null &&
      read.cell(`${prefix}${nutrient}`) === ''
    ) {
      read.refuse(`${prefix}${nutrient}`, formatMessage('catalogueCsvNutritionNeeded', declared))
      complete = false
    }
  }
  if (!complete || NUTRIENTS.some((n) => n !== 'fibre' && got[n] === null)) return null
  const result = Object.fromEntries(
    NUTRIENTS.map((nutrient) => [KEY[nutrient], got[nutrient]])
  ) as unknown as NutritionValues
  if (result.saturates > result.fat) {
    read.refuse(`${prefix}saturates`, formatMessage('catalogueCsvNutritionPart', 'fat', result.fat))
  }
  if (result.sugars > result.carbohydrate) {
    read.refuse(
      `${prefix}sugars`,
      formatMessage('catalogueCsvNutritionPart', 'carbohydrate', result.carbohydrate)
    )
  }
  return result
}

function nutrition(read: FoodCellReader): Nutrition | null {
  const per = read.cell('nutrition_per').toLowerCase().replace(/\s/g, '')
  if (per === '') return null
  if (per !== '100g' && per !== '100ml') {
    read.refuse(
      'nutrition_per',
      formatMessage('catalogueCsvNutritionPer', read.cell('nutrition_per'))
    )
    return null
  }
  const per100 = values(read, '', `nutrition_per ${per}`)
  const size = read.text('portion_size', 60)
  const portion = size === null ? null : values(read, 'portion_', `portion_size ${size}`)
  if (!per100 || (size !== null && !portion)) return null
  return { per, per100, portion: size !== null && portion ? { size, values: portion } : null }
}

/** Reads a row's food columns, refusing each bad cell by its column. */
export function readFood(read: FoodCellReader): ItemFood {
  const contains = allergens(read, 'contains')
  return {
    contains,
    // A "may contain" never repeats what the item contains.
    mayContain: allergens(read, 'may_contain').filter((allergen) => !contains.includes(allergen)),
    nutrition: nutrition(read),
    storage: read.text('storage', 500),
    origin: read.text('origin', 200),
    netQuantity: read.text('net_quantity', 60),
    operatorName: read.text('operator_name', 160),
    operatorAddress: read.text('operator_address', 300),
  }
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value)

function valueCells(values: NutritionValues | null): Array<string> {
  return NUTRIENTS.map((nutrient) => text(values?.[KEY[nutrient]]))
}

/** The food columns' cells of an item, as readFood reads them back. */
export function foodCells(food: ItemFood): Array<string> {
  return [
    food.contains.join(';'),
    food.mayContain.join(';'),
    food.nutrition?.per ?? '',
    ...valueCells(food.nutrition?.per100 ?? null),
    food.nutrition?.portion?.size ?? '',
    ...valueCells(food.nutrition?.portion?.values ?? null),
    text(food.storage),
    text(food.origin),
    text(food.netQuantity),
    text(food.operatorName),
    text(food.operatorAddress),
  ]
}
