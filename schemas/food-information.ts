import { z } from 'zod'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'
import { escapeRegExp } from './regex-escape.ts'

/*
 * The food information a UK grocer must give before a distance sale (retained Regulation
 * 1169/2011 art. 9 and 14): ingredients with the 14 allergens emphasised, "contains" and "may
 * contain" statements, nutrition per 100 g or ml (and per portion where declared), storage and
 * use, origin, net quantity and the food business operator. Allergens are a structured set; the
 * emphasis in the ingredients is drawn from the set, never taken from markup in the text.
 */

/** The 14 allergens of Annex II, in the order the Food Standards Agency lists them. */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree-nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const
export type Allergen = (typeof ALLERGENS)[number]

/** How a shopper reads each allergen ("Contains: milk, cereals containing gluten"). */
export const ALLERGEN_LABELS: Readonly<Record<Allergen, string>> = {
  celery: MESSAGES.pageAllergenCelery,
  gluten: MESSAGES.pageAllergenGluten,
  crustaceans: MESSAGES.pageAllergenCrustaceans,
  eggs: MESSAGES.pageAllergenEggs,
  fish: MESSAGES.pageAllergenFish,
  lupin: MESSAGES.pageAllergenLupin,
  milk: MESSAGES.pageAllergenMilk,
  molluscs: MESSAGES.pageAllergenMolluscs,
  mustard: MESSAGES.pageAllergenMustard,
  'tree-nuts': MESSAGES.pageAllergenTreeNuts,
  peanuts: MESSAGES.pageAllergenPeanuts,
  sesame: MESSAGES.pageAllergenSesame,
  soya: MESSAGES.pageAllergenSoya,
  sulphites: MESSAGES.pageAllergenSulphites,
}

/** The free-from filter's label for each allergen ("Free from milk"). */
export const FREE_FROM_LABELS: Readonly<Record<Allergen, string>> = {
  celery: MESSAGES.pageFreeFromCelery,
  gluten: MESSAGES.pageFreeFromGluten,
  crustaceans: MESSAGES.pageFreeFromCrustaceans,
  eggs: MESSAGES.pageFreeFromEggs,
  fish: MESSAGES.pageFreeFromFish,
  lupin: MESSAGES.pageFreeFromLupin,
  milk: MESSAGES.pageFreeFromMilk,
  molluscs: MESSAGES.pageFreeFromMolluscs,
  mustard: MESSAGES.pageFreeFromMustard,
  'tree-nuts': MESSAGES.pageFreeFromTreeNuts,
  peanuts: MESSAGES.pageFreeFromPeanuts,
  sesame: MESSAGES.pageFreeFromSesame,
  soya: MESSAGES.pageFreeFromSoya,
  sulphites: MESSAGES.pageFreeFromSulphites,
}

/*
 * The words an ingredients list names each allergen by; a word is emphasised only when the item's
 * "contains" set has its allergen, so a word like "butter" in a dairy-free item stays plain.
 */
const ALLERGEN_WORDS: Readonly<Record<Allergen, ReadonlyArray<string>>> = {
  celery: ['celery', 'celeriac'],
  gluten: ['wheat', 'barley', 'rye', 'oats', 'oat', 'spelt', 'kamut', 'gluten'],
  crustaceans: ['crustaceans', 'prawns', 'prawn', 'crab', 'lobster', 'langoustine', 'shrimp'],
  eggs: ['eggs', 'egg'],
  fish: [
    'fish',
    'cod',
    'haddock',
    'salmon',
    'tuna',
    'pollock',
    'mackerel',
    'anchovies',
    'anchovy',
    'sardines',
  ],
  lupin: ['lupin'],
  milk: ['milk', 'cream', 'butter', 'cheese', 'yoghurt', 'whey', 'lactose', 'buttermilk'],
  molluscs: ['molluscs', 'mussels', 'squid', 'oysters', 'scallops'],
  mustard: ['mustard'],
  'tree-nuts': [
    'almonds',
    'almond',
    'hazelnuts',
    'hazelnut',
    'walnuts',
    'cashews',
    'cashew',
    'pecans',
    'pistachios',
    'nuts',
  ],
  peanuts: ['peanuts', 'peanut', 'groundnut'],
  sesame: ['sesame'],
  soya: ['soya', 'soy', 'soybean'],
  sulphites: ['sulphites', 'sulphite', 'sulphur dioxide', 'metabisulphite'],
}

export const AllergenSchema = z.enum(ALLERGENS, { error: 'Not one of the 14 allergens' })

/** A set of allergens: no repeats, in the list's order whatever order it was given in. */
export const AllergenSetSchema = z
  .array(AllergenSchema)
  .max(ALLERGENS.length)
  .transform((given) => ALLERGENS.filter((allergen) => given.includes(allergen)))

/**
 * Nutrition of 100 g or ml (at most 100 g of anything), or of a portion (a whole pizza may be
 * 450 g); grams to one decimal place as labels show them.
 */
function nutritionValues(most: { grams: number; kcal: number }) {
  const grams = z.number().nonnegative().max(most.grams)
  return z
    .object({
      energyKj: z
        .int()
        .nonnegative()
        .max(Math.ceil(most.kcal * 4.184)),
      energyKcal: z.int().nonnegative().max(most.kcal),
      fat: grams,
      saturates: grams,
      carbohydrate: grams,
      sugars: grams,
      fibre: grams.nullable(),
      protein: grams,
      salt: grams,
    })
    .refine((values) => values.saturates <= values.fat, {
      error: 'Saturates cannot be more than fat',
      path: ['saturates'],
    })
    .refine((values) => values.sugars <= values.carbohydrate, {
      error: 'Sugars cannot be more than carbohydrate',
      path: ['sugars'],
    })
}

export const NutritionValuesSchema = nutritionValues({ grams: 100, kcal: 900 })
export type NutritionValues = z.infer<typeof NutritionValuesSchema>
const PortionValuesSchema = nutritionValues({ grams: 2000, kcal: 5000 })

export type Nutrition = z.infer<typeof NutritionSchema>
export const NutritionSchema = z.object({
  /** Whether the declaration is per 100 g or per 100 ml. */
  per: z.enum(['100g', '100ml']),
  per100: NutritionValuesSchema,
  /** Per portion where the pack declares one, e.g. "1 slice (40 g)". */
  portion: z
    .object({ size: z.string().trim().min(1).max(60), values: PortionValuesSchema })
    .nullable(),
})

/** The food business operator a shopper can contact: its name and address. */
export const FoodOperatorSchema = z.object({
  name: z.string().trim().min(1).max(160),
  address: z.string().trim().min(1).max(300),
})

/** An item's food information; null on an item that is not food. */
export type FoodInformation = z.infer<typeof FoodInformationSchema>
export const FoodInformationSchema = z.object({
  contains: AllergenSetSchema,
  mayContain: AllergenSetSchema,
  nutrition: NutritionSchema.nullable(),
  storage: z.string().max(500).nullable(),
  origin: z.string().max(200).nullable(),
  netQuantity: z.string().max(60).nullable(),
  operator: FoodOperatorSchema.nullable(),
})

/** A piece of ingredients text, emphasised when it names an allergen the item contains. */
export interface IngredientsPart {
  text: string
  allergen: boolean
}

// "cocoa butter", "coconut milk" and "peanut butter" name no milk.
const NOT_AN_ALLERGEN_BEFORE = '(?<!cocoa |coconut |peanut |shea )'

/** English: the whole words of ALLERGEN_WORDS, longest first. */
function englishPattern(allergens: ReadonlyArray<Allergen>): RegExp | null {
  const words = allergens
    .flatMap((allergen) => ALLERGEN_WORDS[allergen])
    .sort((a, b) => b.length - a.length)
  if (words.length === 0) return null
  return new RegExp(`${NOT_AN_ALLERGEN_BEFORE}\\b(${words.map(escapeRegExp).join('|')})\\b`, 'gi')
}

/*
 * Dutch writes a compound as one word ('tarwebloem', 'magere melkpoeder', 'scharreleieren'), so
 * a Dutch list emphasises the whole word that holds an allergen's name, as Dutch labels do. Each
 * name says where in a word it may stand: '*tarwe*' anywhere, 'vis*' opening the word, '*vis'
 * closing it, 'ei' only as the word itself ('eiwit' opens a word: 'melkeiwit' is milk's, not
 * egg's). A word holding one of `not` is no such allergen: 'cacaoboter' and 'kokosmelk' are no
 * milk, 'nootmuskaat' and 'kokosnoot' no tree nut, 'inktvis' a mollusc, not a fish.
 */
const DUTCH_ALLERGEN_NAMES: Readonly<
  Record<Allergen, { names: ReadonlyArray<string>; not?: ReadonlyArray<string> }>
> = {
  celery: { names: ['*selderij*', '*selderie*'] },
  gluten: {
    names: ['*tarwe*', '*gerst*', '*rogge*', '*haver*', '*spelt*', '*kamut*', '*gluten*'],
    not: ['glutenvrij'],
  },
  crustaceans: {
    names: ['*schaaldier*', '*garnaal*', '*garnalen*', '*krab*', '*kreeft*', '*langoustine*'],
  },
  eggs: {
    names: [
      'ei',
      'eieren',
      'eigeel*',
      'eidooier*',
      'eiwit*',
      'eipoeder',
      '*scharrelei*',
      '*kippenei*',
    ],
  },
  fish: {
    names: [
      'vis*',
      '*vis',
      '*kabeljauw*',
      '*zalm*',
      '*tonijn*',
      '*makreel*',
      '*sardine*',
      '*sardientje*',
      '*haring*',
      '*pollak*',
    ],
    not: ['inktvis'],
  },
  lupin: { names: ['*lupine*'] },
  milk: {
    names: ['*melk*', '*room*', '*boter*', '*kaas*', '*yoghurt*', '*kwark*', 'wei*', '*lactose*'],
    not: [
      'cacao',
      'kokos',
      'shea',
      'pinda',
      'amandel',
      'soja',
      'haver',
      'rijst',
      'noten',
      'melkzuur',
    ],
  },
  molluscs: {
    names: [
      '*weekdier*',
      '*mossel*',
      '*inktvis*',
      '*oester*',
      '*jakobsschelp*',
      '*octopus*',
      '*kokkel*',
    ],
  },
  mustard: { names: ['*mosterd*'] },
  'tree-nuts': {
    names: ['*noot*', '*noten*', '*amandel*', '*cashew*', '*pecan*', '*pistache*', '*macadamia*'],
    not: ['kokos', 'muskaat', 'pinda', 'aardno'],
  },
  peanuts: { names: ['*pinda*', '*aardnoot*', '*aardnoten*'] },
  sesame: { names: ['*sesam*', '*tahin*'] },
  soya: { names: ['*soja*', '*tofu*'] },
  sulphites: { names: ['*sulfiet*', '*zwaveldioxide*'] },
}

// A letter of a word; "pinda's" is one word.
const LETTER = "[\\p{L}\\p{M}'’]"

function dutchName(name: string): string {
  const word = escapeRegExp(name.replace(/^\*|\*$/g, ''))
  return `${name.startsWith('*') ? `${LETTER}*` : ''}${word}${name.endsWith('*') ? `${LETTER}*` : ''}`
}

/** Dutch: the whole word holding a name of DUTCH_ALLERGEN_NAMES. */
function dutchPattern(allergens: ReadonlyArray<Allergen>): RegExp | null {
  if (allergens.length === 0) return null
  const each = allergens.map((allergen) => {
    const { names, not = [] } = DUTCH_ALLERGEN_NAMES[allergen]
    const unless = not.length > 0 ? `(?!${LETTER}*(?:${not.map(escapeRegExp).join('|')}))` : ''
    return `${unless}(?:${names.map(dutchName).join('|')})`
  })
  return new RegExp(`(?<!${LETTER})(?:${each.join('|')})(?!${LETTER})`, 'giu')
}

/**
 * The language an item's ingredients are written in: its shop's (a business writes its range in
 * its own language, ADR 052). Languages without names of their own read English's.
 */
const ALLERGEN_PATTERNS: Readonly<
  Record<string, (allergens: ReadonlyArray<Allergen>) => RegExp | null>
> = { en: englishPattern, nl: dutchPattern }

function allergenPattern(allergens: ReadonlyArray<Allergen>, locale: string): RegExp | null {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en'
  return (ALLERGEN_PATTERNS[language] ?? englishPattern)(allergens)
}

/**
 * Splits ingredients text into plain and emphasised parts: every word naming an allergen of
 * `contains` in the list's language (the shop's locale, English by default) is emphasised. The
 * text itself is only ever shown as text.
 */
export function emphasiseAllergens(
  ingredients: string,
  contains: ReadonlyArray<Allergen>,
  locale = 'en-GB'
): Array<IngredientsPart> {
  const pattern = allergenPattern(contains, locale)
  if (!pattern) return [{ text: ingredients, allergen: false }]
  const parts: Array<IngredientsPart> = []
  let from = 0
  for (const match of ingredients.matchAll(pattern)) {
    if (match.index > from)
      parts.push({ text: ingredients.slice(from, match.index), allergen: false })
    parts.push({ text: match[0], allergen: true })
    from = match.index + match[0].length
  }
  if (from < ingredients.length) parts.push({ text: ingredients.slice(from), allergen: false })
  return parts
}

/** The allergens an ingredients text names, whatever the item declares (a check on the data). */
export function allergensNamedIn(ingredients: string, locale = 'en-GB'): Array<Allergen> {
  return ALLERGENS.filter(
    (allergen) => allergenPattern([allergen], locale)?.test(ingredients) === true
  )
}

/** "milk, cereals containing gluten" for a "Contains:" or "May contain:" line. */
export function allergenList(
  allergens: ReadonlyArray<Allergen>,
  say: (english: string) => string = fillMessage
): string {
  return allergens.map((allergen) => say(ALLERGEN_LABELS[allergen])).join(', ')
}

/**
 * An item's allergens as one line for a delivery note or an email: "Contains: milk, cereals
 * containing gluten. May contain: nuts." ("No allergens declared." when both sets are empty).
 */
export function allergenStatement(
  contains: ReadonlyArray<Allergen>,
  mayContain: ReadonlyArray<Allergen>
): string {
  const parts: Array<string> = []
  if (contains.length > 0) parts.push(`Contains: ${allergenList(contains)}.`)
  if (mayContain.length > 0) parts.push(`May contain: ${allergenList(mayContain)}.`)
  return parts.length > 0 ? parts.join(' ') : 'No allergens declared.'
}

/** Each food item of an order with its allergens and its page (the delivery note, issue 41). */
export type OrderFoodInformation = z.infer<typeof OrderFoodInformationSchema>
export const OrderFoodInformationSchema = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      contains: z.array(z.enum(ALLERGENS)),
      mayContain: z.array(z.enum(ALLERGENS)),
      statement: z.string(),
      /** The item's page at the order's store, where its full food information is. */
      path: z.string(),
    })
  ),
})
