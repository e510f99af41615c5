import type { Allergen, Nutrition, NutritionValues } from '../../../schemas/food-information.ts'

// The shape of a sub-category's food template (product-food.ts) and what the templates share.

export interface FoodTemplate {
  /** The ingredients list; a single-ingredient item (fruit, veg, meat) names itself. */
  ingredients: string | ((name: string) => string) | null
  contains: ReadonlyArray<Allergen>
  mayContain?: ReadonlyArray<Allergen>
  per: Nutrition['per']
  /** Null for drinks over 1.2% alcohol, which need no nutrition declaration. */
  per100: NutritionValues | null
  /** A portion a pack would declare: its label and its weight or volume in g or ml. */
  portion?: readonly [string, number]
  storage: string
  origin: string
}

export type Variant = readonly [RegExp, Partial<FoodTemplate>]

/** Nutrition per 100 g/ml from kcal; kJ follows (1 kcal = 4.184 kJ). */
export function n(
  kcal: number,
  fat: number,
  saturates: number,
  carbohydrate: number,
  sugars: number,
  fibre: number | null,
  protein: number,
  salt: number
): NutritionValues {
  return {
    energyKj: Math.round(kcal * 4.184),
    energyKcal: kcal,
    fat,
    saturates,
    carbohydrate,
    sugars,
    fibre,
    protein,
    salt,
  }
}

export const itself = (name: string) =>
  `${name.replace(/ \d.*$/, '').replace(/^(Value|Premium) /, '')}.`
export const FRIDGE =
  'Keep refrigerated below 5°C. Once opened, use within 2 days and by the date shown.'
export const FROZEN = 'Store at -18°C or colder. Do not refreeze once defrosted. Cook from frozen.'
export const CUPBOARD =
  'Store in a cool, dry place. Once opened, use within the time stated on the pack.'

/** A sub-category's template and the variants its item names pick. */
export type FoodTemplates = Record<string, readonly [FoodTemplate, ...ReadonlyArray<Variant>]>
