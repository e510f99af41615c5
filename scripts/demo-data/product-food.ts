import type { Nutrition, NutritionValues } from '../../schemas/food-information.ts'
import type { SqlValue } from './dataset.ts'
import { FRESH_FOOD_TEMPLATES } from './food/fresh-food.ts'
import { GROCERY_TEMPLATES } from './food/groceries.ts'
import { n, type FoodTemplate, type FoodTemplates } from './food/templates.ts'

/*
 * What a demo item's pack says about it as food (retained Regulation 1169/2011): ingredients,
 * allergens, nutrition per 100 g or ml with a portion where a pack would declare one, storage,
 * origin and net quantity. One template per sub-category (food/), as product-copy.ts writes the
 * copy, with a few variants by name (whole milk is not skimmed). Values are typical of UK labels;
 * the generator draws nothing random for them. Non-food sub-categories have none.
 */

const TEMPLATES: FoodTemplates = { ...FRESH_FOOD_TEMPLATES, ...GROCERY_TEMPLATES }

/** Hot food made in store: one template a sub-category of hot-food.ts. */
const HOT_FOOD: FoodTemplates = {
  pizza: [
    {
      ingredients: null,
      contains: ['gluten', 'milk'],
      mayContain: ['eggs', 'fish', 'mustard', 'soya'],
      per: '100g',
      per100: n(252, 9.4, 4.5, 30.1, 3.1, 2, 11.6, 1.2),
      portion: ['a 10 inch pizza (450 g)', 450],
      storage:
        'Made to order in store. Best eaten hot; refrigerate leftovers and eat within 24 hours.',
      origin: 'Made in store in the United Kingdom',
    },
  ],
  burgers: [
    {
      ingredients: null,
      contains: ['gluten', 'eggs', 'milk', 'mustard', 'sesame'],
      mayContain: ['soya', 'celery'],
      per: '100g',
      per100: n(245, 12, 4.6, 20.5, 4.1, 1.4, 13.2, 1.05),
      portion: ['1 burger (230 g)', 230],
      storage: 'Made to order in store. Best eaten hot.',
      origin: 'Made in store with British and Irish beef or British chicken',
    },
    [/chicken/i, { contains: ['gluten', 'eggs', 'milk', 'mustard'] }],
  ],
  'hot-drinks': [
    {
      ingredients: null,
      contains: ['milk'],
      mayContain: ['soya', 'tree-nuts', 'gluten'],
      per: '100ml',
      per100: n(38, 1.4, 0.9, 3.9, 3.9, 0, 2.6, 0.08),
      portion: ['a regular cup (340 ml)', 340],
      storage: 'Made to order. Caution: served hot.',
      origin: 'Made in store with coffee from Brazil and Colombia and British milk',
    },
    [/americano|espresso/i, { contains: [], per100: n(1, 0, 0, 0, 0, 0, 0.1, 0) }],
  ],
  'deli-sandwiches': [
    {
      ingredients: null,
      contains: ['gluten', 'eggs', 'mustard', 'sesame'],
      mayContain: ['milk', 'soya'],
      per: '100g',
      per100: n(229, 9.6, 2.4, 23.5, 2.9, 2.2, 11.4, 1),
      portion: ['1 sandwich (200 g)', 200],
      storage: 'Made in store today. Keep refrigerated and eat on the day of purchase.',
      origin: 'Made in store in the United Kingdom',
    },
  ],
  'hot-food-counter': [
    {
      ingredients: null,
      contains: ['gluten', 'milk'],
      mayContain: ['eggs', 'mustard', 'soya', 'celery'],
      per: '100g',
      per100: n(281, 16.3, 6.2, 24.2, 1.6, 1.8, 9.1, 1.05),
      portion: ['1 portion (150 g)', 150],
      storage: 'Kept hot in store. Eat within 2 hours or refrigerate and eat within 24 hours.',
      origin: 'Made in store in the United Kingdom',
    },
    [
      /chips|fries|wedges/i,
      { contains: [], mayContain: ['gluten'], per100: n(180, 7.4, 0.7, 25.6, 0.4, 2.6, 2.7, 0.3) },
    ],
  ],
}

function scale(values: NutritionValues, grams: number): NutritionValues {
  const by = grams / 100
  const round = (value: number) => Math.round(value * by * 10) / 10
  return {
    energyKj: Math.round(values.energyKj * by),
    energyKcal: Math.round(values.energyKcal * by),
    fat: round(values.fat),
    saturates: round(values.saturates),
    carbohydrate: round(values.carbohydrate),
    sugars: round(values.sugars),
    fibre: values.fibre === null ? null : round(values.fibre),
    protein: round(values.protein),
    salt: round(values.salt),
  }
}

function templateFor(
  templates: FoodTemplates,
  subCategorySlug: string,
  name: string
): FoodTemplate | null {
  const found = templates[subCategorySlug]
  if (!found) return null
  const [base, ...variants] = found
  return variants.reduce<FoodTemplate>(
    (template, [pattern, change]) => (pattern.test(name) ? { ...template, ...change } : template),
    base
  )
}

/** The food information columns of a menu_items row (migration 0079); empty for non-food. */
export type FoodColumns = Record<string, SqlValue>

function columns(template: FoodTemplate | null, size: string | null): FoodColumns {
  if (!template) {
    return {
      allergens_contains: '[]',
      allergens_may_contain: '[]',
      nutrition: null,
      storage_use: null,
      country_of_origin: null,
      net_quantity: null,
    }
  }
  const portion = template.portion
  const nutrition: Nutrition | null = template.per100
    ? {
        per: template.per,
        per100: template.per100,
        portion:
          portion === undefined
            ? null
            : { size: portion[0], values: scale(template.per100, portion[1]) },
      }
    : null
  const contains = template.contains
  return {
    allergens_contains: JSON.stringify(contains),
    // A "may contain" never repeats what the item contains.
    allergens_may_contain: JSON.stringify(
      (template.mayContain ?? []).filter((allergen) => !contains.includes(allergen))
    ),
    nutrition: nutrition ? JSON.stringify(nutrition) : null,
    storage_use: template.storage,
    country_of_origin: template.origin,
    net_quantity: size && size !== 'each' ? size : null,
  }
}

/** The ingredients a pack lists, or null when the template has none (or the item is not food). */
export function productIngredients(subCategorySlug: string, name: string): string | null {
  const template = templateFor(TEMPLATES, subCategorySlug, name)
  if (!template || template.ingredients === null) return null
  return typeof template.ingredients === 'string'
    ? template.ingredients
    : template.ingredients(name)
}

/** A grocery item's food information columns, from its sub-category's template. */
export function productFood(
  subCategorySlug: string,
  name: string,
  size: string | null
): FoodColumns {
  return columns(templateFor(TEMPLATES, subCategorySlug, name), size)
}

/** A hot food item's food information columns; its ingredients stay hot-food.ts's own. */
export function hotFoodFood(subCategorySlug: string, name: string): FoodColumns {
  return columns(templateFor(HOT_FOOD, subCategorySlug, name), null)
}

/**
 * Drops the dietary tags an item's allergens contradict: nothing vegan contains milk, eggs, fish
 * or shellfish; nothing vegetarian contains fish or shellfish (a sub-category's default tags
 * would otherwise call sardines vegetarian).
 */
export function tagsAllowedBy(tags: Array<string>, food: FoodColumns): Array<string> {
  const contains = JSON.parse(String(food.allergens_contains)) as Array<string>
  const seafood = ['fish', 'crustaceans', 'molluscs'].some((a) => contains.includes(a))
  const animal = seafood || ['milk', 'eggs'].some((a) => contains.includes(a))
  return tags.filter((tag) => !((tag === 'vegan' && animal) || (tag === 'vegetarian' && seafood)))
}
