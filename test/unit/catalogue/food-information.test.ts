import { describe, expect, it } from 'vitest'
import {
  AllergenSetSchema,
  emphasiseAllergens,
  NutritionSchema,
} from '../../../schemas/food-information.ts'
import { toFoodInformation } from '../../../worker/backend/catalogue/food-information.ts'

const per100 = {
  energyKj: 1046,
  energyKcal: 250,
  fat: 10,
  saturates: 4,
  carbohydrate: 30,
  sugars: 5,
  fibre: 2,
  protein: 8,
  salt: 1.1,
}

describe('food information', () => {
  it('emphasises only the allergens the item contains, and leaves markup in the text as text', () => {
    const parts = emphasiseAllergens('Wheat flour, <b>butter</b> (milk), cocoa butter, egg.', [
      'gluten',
      'milk',
    ])
    expect(parts.filter((part) => part.allergen).map((part) => part.text)).toEqual([
      'Wheat',
      'butter',
      'milk',
    ])
    expect(parts.map((part) => part.text).join('')).toBe(
      'Wheat flour, <b>butter</b> (milk), cocoa butter, egg.'
    )
  })

  it('keeps allergens as a set in the list order and refuses anything else', () => {
    expect(AllergenSetSchema.parse(['milk', 'gluten', 'milk'])).toEqual(['gluten', 'milk'])
    expect(AllergenSetSchema.safeParse(['wheat']).success).toBe(false)
  })

  it('refuses nutrition whose parts add up to more than the whole', () => {
    const base = { per: '100g', per100, portion: null }
    expect(NutritionSchema.safeParse(base).success).toBe(true)
    const issues = (value: unknown) =>
      NutritionSchema.safeParse(value).error?.issues.map((issue) => issue.path.join('.'))
    expect(issues({ ...base, per100: { ...per100, saturates: 11 } })).toEqual(['per100.saturates'])
    expect(issues({ ...base, per100: { ...per100, sugars: 31 } })).toEqual(['per100.sugars'])
    expect(issues({ ...base, per100: { ...per100, fat: 101 } })).toContain('per100.fat')
  })

  it('names the business as the operator unless the item names its own, and is null for non-food', () => {
    const row = {
      allergens_contains: '["milk"]',
      allergens_may_contain: '[]',
      nutrition: null,
      storage_use: 'Keep refrigerated.',
      country_of_origin: null,
      net_quantity: '1 pint',
      food_operator_name: null,
      food_operator_address: null,
      business_legal_name: 'Corner Fresh Group Ltd',
      business_food_operator_address: '1 Piccadilly Place, Manchester M1 3BN',
    }
    expect(toFoodInformation(row)?.operator).toEqual({
      name: 'Corner Fresh Group Ltd',
      address: '1 Piccadilly Place, Manchester M1 3BN',
    })
    expect(
      toFoodInformation({ ...row, food_operator_name: 'Dairy Co', food_operator_address: 'Leek' })
        ?.operator
    ).toEqual({ name: 'Dairy Co', address: 'Leek' })
    expect(
      toFoodInformation({ ...row, allergens_contains: '[]', storage_use: null, net_quantity: null })
    ).toBeNull()
  })
})
