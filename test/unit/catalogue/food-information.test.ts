import { describe, expect, it } from 'vitest'
import {
  AllergenSetSchema,
  allergensNamedIn,
  emphasiseAllergens,
  NutritionSchema,
  ALLERGENS as ALL,
  type Allergen,
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

  it('reads an English list the same on an English shop whatever its locale says', () => {
    const text = 'Sugar, milk chocolate (cocoa butter, whole milk powder), sulphur dioxide, oats.'
    const bold = (locale?: string) =>
      emphasiseAllergens(text, ['gluten', 'milk', 'sulphites'], locale)
        .filter((part) => part.allergen)
        .map((part) => part.text)
    expect(bold()).toEqual(['milk', 'milk', 'sulphur dioxide', 'oats'])
    expect(bold('en-GB')).toEqual(bold())
    expect(bold('en-IE')).toEqual(bold())
    // A language without names of its own reads English's.
    expect(bold('fr-FR')).toEqual(bold())
  })

  it('emphasises the whole Dutch word that holds an allergen, compounds included', () => {
    const text =
      'Suiker, melkchocolade (suiker, cacaoboter, volle melkpoeder, emulgator (sojalecithinen)), ' +
      'roomboter (melk), scharreleieren, TARWEbloem, hazelnoten, nootmuskaat, pinda’s, ' +
      "pinda's, sesamzaad, selderij, mosterd, lupinemeel, garnalen, ansjovis, mosselen, " +
      'natriummetabisulfiet, zwaveldioxide, kokosmelk, melkzuur.'
    const parts = emphasiseAllergens(text, [...ALL], 'nl-NL')
    expect(parts.map((part) => part.text).join('')).toBe(text)
    expect(parts.filter((part) => part.allergen).map((part) => part.text)).toEqual([
      'melkchocolade',
      'melkpoeder',
      'sojalecithinen',
      'roomboter',
      'melk',
      'scharreleieren',
      'TARWEbloem',
      'hazelnoten',
      'pinda’s',
      "pinda's",
      'sesamzaad',
      'selderij',
      'mosterd',
      'lupinemeel',
      'garnalen',
      'ansjovis',
      'mosselen',
      'natriummetabisulfiet',
      'zwaveldioxide',
    ])
  })

  it('names in Dutch only what the item contains, and tells egg from milk protein', () => {
    const bold = (text: string, contains: Array<Allergen>) =>
      emphasiseAllergens(text, contains, 'nl-NL')
        .filter((part) => part.allergen)
        .map((part) => part.text)
    expect(bold('Tarwebloem, roomboter (melk), ei.', ['gluten'])).toEqual(['Tarwebloem'])
    expect(bold('Melkeiwit, eiwit, heel ei, eigeel, erwteneiwit.', ['eggs'])).toEqual([
      'eiwit',
      'ei',
      'eigeel',
    ])
    expect(bold('Melkeiwit, weipoeder, kokosroom, cacaoboter.', ['milk'])).toEqual([
      'Melkeiwit',
      'weipoeder',
    ])
    expect(bold('Inktvis, koolvis, vissaus.', ['fish'])).toEqual(['koolvis', 'vissaus'])
    expect(bold('Inktvis, koolvis.', ['molluscs'])).toEqual(['Inktvis'])
    expect(bold('Haver, glutenvrije maïs.', ['gluten'])).toEqual(['Haver'])
    expect(bold('Kokosnoot, walnoten, amandelen.', ['tree-nuts'])).toEqual([
      'walnoten',
      'amandelen',
    ])
    // An English word in a Dutch list is no Dutch allergen, and the other way round.
    expect(bold('Wheat flour, milk.', ['gluten', 'milk'])).toEqual([])
    expect(
      emphasiseAllergens('Tarwebloem, melk.', ['gluten', 'milk']).some((part) => part.allergen)
    ).toBe(false)
  })

  it('finds the allergens a Dutch list names, each of the 14', () => {
    const names: Record<Allergen, string> = {
      celery: 'knolselderij',
      gluten: 'speltmeel',
      crustaceans: 'kreeft',
      eggs: 'eieren',
      fish: 'zalmfilet',
      lupin: 'lupine',
      milk: 'karnemelk',
      molluscs: 'weekdieren',
      mustard: 'mosterdzaad',
      'tree-nuts': 'cashewnoten',
      peanuts: 'pindakaas',
      sesame: 'sesamolie',
      soya: 'sojasaus',
      sulphites: 'sulfieten',
    }
    for (const allergen of ALL) {
      const named = allergensNamedIn(`Water, ${names[allergen]}, zout.`, 'nl-NL')
      expect(named, allergen).toEqual([allergen])
    }
    expect(allergensNamedIn('Water, zout, suiker, nootmuskaat, kokosroom.', 'nl-NL')).toEqual([])
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
