import { isValid, toOutcode } from 'postcode'
import { describe, expect, it } from 'vitest'
import { parseCsv } from '../../scripts/lib/csv.ts'
import { rowsOf, type Dataset, type SqlValue } from '../../scripts/demo-data/dataset.ts'
import { WAS_PRICE_UNTIL } from '../../scripts/demo-data/catalogue-rows.ts'
import { DEMO_DATA_VERSION, generateDemoData } from '../../scripts/demo-data/generate.ts'
import { expandLine } from '../../scripts/demo-data/product-lines.ts'
import { parsePackshot } from '../../schemas/packshot.ts'
import { checkPostcode, COUNTRY_POSTCODE_RULES } from '../../schemas/postcode.ts'
import { unitPriceLabel } from '../../schemas/unit-price.ts'
import { weighedPrice } from '../../schemas/weighing.ts'
import { genuineWasPrice, isPriceClaimBadge } from '../../worker/backend/catalogue/price-claims.ts'
import { insertStatements, MAX_BOUND_PARAMETERS } from '../../scripts/demo-data/seed.ts'
import { datasetToSql } from '../../scripts/demo-data/sql.ts'
import { DEMO_INPUT } from '../support/workers/demo-input.ts'
import {
  AllergenSetSchema,
  allergensNamedIn,
  NutritionSchema,
} from '../../schemas/food-information.ts'

const dataset = generateDemoData(DEMO_INPUT)
const rows = (name: string) => rowsOf(dataset, name)
const num = (value: unknown) => Number(value)

// The pictures shipped in public/, keyed by their path under the site root.
const pictures = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/public/images/**/*.svg', {
      query: '?raw',
      import: 'default',
      eager: true,
    })
  ).map(([path, body]) => [path.replace(/^\/public/, ''), body])
)

describe('demo data generator', () => {
  it('produces the same data for the same seed and input', () => {
    const again = generateDemoData(DEMO_INPUT)
    expect(JSON.stringify(again)).toBe(JSON.stringify(dataset))
    const other = generateDemoData(DEMO_INPUT, { seed: 7 })
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(dataset))
  })

  it('is the data DEMO_DATA_VERSION stands for, to the byte', async () => {
    // A change to what the generator writes must raise DEMO_DATA_VERSION (npm run dev then tells
    // developers to reload) and record the new digest here; a refactor must leave both alone.
    const sql = new TextEncoder().encode([...datasetToSql(dataset)].join(''))
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', sql))
    const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('')
    expect({ version: DEMO_DATA_VERSION, sha256: hex }).toEqual({
      version: 22,
      sha256: 'a64f69b8c4813381fdfe4a940b8a276e6636d4415265748640a25eb5a0520dd2',
    })
  })

  it('classes the Dutch shop’s food and soft drinks at the reduced rate, the Irish one’s as the UK’s', () => {
    const classes = (businessId: number) =>
      new Set(
        rows('menu_items')
          .filter((item) => item.business_id === businessId)
          .map((item) => item.vat_class)
      )
    // Business 22 is Domstad Markt (NL), 21 Liffey Larder (IE): scripts/demo-data/abroad.ts.
    expect(classes(22)).toEqual(new Set(['reduced']))
    expect(classes(21)).toEqual(new Set(['zero', 'standard']))
  })

  it('names the Dutch shop’s range in Dutch, on the same slugs as the Irish one’s English', () => {
    const ofBusiness = (table: string, businessId: number) =>
      rows(table).filter((row) => row.business_id === businessId)
    const dutchItems = ofBusiness('menu_items', 22)
    const irishItems = ofBusiness('menu_items', 21)
    expect(dutchItems.length).toBeGreaterThan(100)
    // The same range by slug (links and tests find an item by it), each named its own way.
    expect(dutchItems.map((item) => item.slug)).toEqual(irishItems.map((item) => item.slug))
    const bySlug = (items: typeof dutchItems, slug: string) =>
      items.find((item) => item.slug === slug)
    expect(bySlug(dutchItems, 'mature-cheddar-400g')).toMatchObject({
      name: 'Oude cheddar 400g',
      size: '400g',
      description: expect.stringMatching(/^Wheelwright Creamery oude cheddar\. Gerijpt /),
      storage_use: expect.stringMatching(/^Gekoeld bewaren/),
    })
    expect(bySlug(irishItems, 'mature-cheddar-400g')?.name).toBe('Mature cheddar 400g')
    expect(bySlug(dutchItems, 'whole-milk-1-pint')?.name).toBe('Volle melk 568ml')
    expect(JSON.parse(String(bySlug(dutchItems, 'mature-cheddar-400g')?.nutrition))).toMatchObject({
      portion: { size: '1 portie (30 g)' },
    })
    // No English name, size word, badge or storage line is left on a Dutch item.
    const english = /\b(pack|bag|pints?|litres?|can|the|and|with|Store|Keep|Made|Grown|New|Local)\b/
    for (const item of dutchItems) {
      for (const column of ['name', 'size', 'badge_text', 'storage_use', 'country_of_origin']) {
        expect(String(item[column] ?? ''), `${String(item.slug)} ${column}`).not.toMatch(english)
      }
    }
    // Ingredients as a Dutch pack lists them: each allergen the item declares is named the Dutch
    // way (so the page emphasises it), none it does not declare, and no English is left.
    const englishIngredient = /\b(flour|sugar|butter|milk|oats|salt|cream|juice|and|with)\b/i
    for (const item of dutchItems) {
      if (item.ingredients === null) continue
      const text = String(item.ingredients)
      const contains = AllergenSetSchema.parse(JSON.parse(String(item.allergens_contains)))
      expect(allergensNamedIn(text, 'nl-NL'), `${String(item.slug)} ingredients`).toEqual(contains)
      expect(text, `${String(item.slug)} ingredients`).not.toMatch(englishIngredient)
    }
    expect(bySlug(dutchItems, 'salted-butter-250g')?.ingredients).toBe(
      'Roomboter (melk), zout (1,6%).'
    )
    const dutchCategories = ofBusiness('categories', 22)
    expect(dutchCategories.find((c) => c.slug === 'dairy-eggs')?.name).toBe('Zuivel & eieren')
    expect(dutchCategories.find((c) => c.slug === 'cheese')?.name).toBe('Kaas')
    expect(ofBusiness('categories', 21).find((c) => c.slug === 'cheese')?.name).toBe('Cheese')
    // Each packshot prints the Dutch name and size the shelf shows.
    for (const item of dutchItems) {
      const url = new URL(String(item.image_mdpi_1x), 'https://shop.test')
      const shot = parsePackshot(url.pathname, url.searchParams)
      expect(String(item.name)).toContain(shot?.name ?? '(none)')
      expect(shot?.size ?? null).toBe(item.size)
    }
  })

  it('sells loose produce by the piece and counter meat, fish and cheese by weight (ADR 039)', () => {
    const items = rows('menu_items')
    const named = (name: string) =>
      items.find((item) => item.name === name && item.business_id === 1)
    // A loose banana keeps its shelf price as the estimate of one 180 g piece.
    expect(named('Bananas loose each')).toMatchObject({
      sold_by: 'by_piece_estimated',
      unit_grams: 180,
      price: 20,
    })
    // A 225 g steak at £5.75 is £25.56/kg, bought in 250 g steps estimated at £6.39.
    expect(named('Sirloin steak')).toMatchObject({
      sold_by: 'by_weight',
      price_per_kg: 2556,
      unit_grams: 250,
      price: 639,
      size: null,
    })
    for (const item of items.filter((row) => row.sold_by !== 'each')) {
      expect(num(item.price)).toBe(weighedPrice(num(item.price_per_kg), num(item.unit_grams)))
    }
    const kinds = new Set(items.map((item) => `${String(item.sold_by)}`))
    expect([...kinds].sort()).toEqual(['by_piece_estimated', 'by_weight', 'each'])
  })

  it('has at least 2,000 menu items with unique slugs and positive integer prices in pence', () => {
    const items = rows('menu_items')
    expect(items.length).toBeGreaterThanOrEqual(2000)
    // A slug is unique within its business (Harbour Pantry's range repeats Corner Fresh's slugs).
    expect(new Set(items.map((i) => `${i.business_id}/${i.slug}`)).size).toBe(items.length)
    for (const item of items) {
      expect(Number.isInteger(item.price) && num(item.price) > 0, String(item.name)).toBe(true)
      if (item.was_price !== null) {
        expect(Number.isInteger(item.was_price)).toBe(true)
        expect(num(item.was_price)).toBeGreaterThan(num(item.price))
      }
      expect(String(item.name)).not.toMatch(/\{v\}|undefined|NaN/)
    }
  })

  it('describes each product line with its brand and a sentence of its own range', () => {
    const description = (name: string) =>
      String(rows('menu_items').find((item) => item.name === name)?.description)
    expect(description('Whole milk 2 pints')).toBe(
      'Hillside Dairy whole milk. From cows grazing on farms in Cheshire and Shropshire, bottled within a day.'
    )
    expect(description('Fresh chives 30g')).toMatch(
      /^Glasshouse Garden fresh chives\. Grown under glass/
    )
    expect(description('Pink Lady apples 6 pack')).toMatch(/^Orchard Lane Pink Lady apples\. /)
    expect(description('Value baked beans in tomato sauce 415g')).toMatch(
      /^Everyday Value baked beans in tomato sauce\. Good everyday quality at our lowest price\. /
    )
    // The sizes of one line share a description; no two lines do.
    // Hot food keeps its own menu copy (hot-food.ts).
    const hotFood = rows('categories').find((c) => c.slug === 'hot-food-deli')?.id
    const hotSubs = new Set(
      rows('categories')
        .filter((c) => c.parent_id === hotFood)
        .map((c) => c.id)
    )
    const lines = new Map<string, Set<string>>()
    for (const item of rows('menu_items').filter((i) => !hotSubs.has(i.category_id))) {
      const text = String(item.description)
      expect(text, String(item.name)).toMatch(/^[^.]+\. [A-Z].{20,}/)
      const line = String(item.name).replace(` ${String(item.size)}`, '')
      lines.set(text, (lines.get(text) ?? new Set()).add(line))
    }
    expect([...lines.values()].filter((names) => names.size > 1)).toEqual([])
  })

  it('gives every food item food information consistent with its name, and non-food none', () => {
    const items = rows('menu_items')
    const categories = rows('categories')
    const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]))
    const slugOf = new Map(categories.map((c) => [c.id, String(c.slug)]))
    const department = (item: Record<string, SqlValue>) =>
      slugOf.get(parentOf.get(item.category_id) ?? null)
    const NON_FOOD = ['household', 'health-beauty', 'pet', 'tobacco', 'newsagent']
    for (const item of items) {
      const name = String(item.name)
      const contains = AllergenSetSchema.parse(JSON.parse(String(item.allergens_contains)))
      AllergenSetSchema.parse(JSON.parse(String(item.allergens_may_contain)))
      const food =
        !NON_FOOD.includes(String(department(item))) &&
        slugOf.get(item.category_id) !== 'nappies-wipes' &&
        slugOf.get(item.category_id) !== 'baby-toiletries'
      if (!food) {
        expect([item.nutrition, item.storage_use, item.country_of_origin], name).toEqual([
          null,
          null,
          null,
        ])
        expect(contains, name).toEqual([])
        continue
      }
      expect(item.storage_use, name).not.toBeNull()
      expect(item.country_of_origin, name).not.toBeNull()
      // Drinks over 1.2% alcohol need no nutrition declaration; everything else has one.
      const alcoholic = department(item) === 'beer-wine-spirits' && !/alcohol free/i.test(name)
      if (!alcoholic)
        expect(NutritionSchema.safeParse(JSON.parse(String(item.nutrition))).success, name).toBe(
          true
        )
      // A vegan item contains nothing from animals; a vegetarian one no fish or shellfish.
      const tags = JSON.parse(String(item.tags)) as Array<string>
      const animal = [
        'fish',
        'crustaceans',
        'molluscs',
        ...(tags.includes('vegan') ? ['milk', 'eggs'] : []),
      ]
      if (tags.includes('vegan') || tags.includes('vegetarian')) {
        expect(
          contains.filter((allergen) => animal.includes(allergen)),
          name
        ).toEqual([])
      }
      // Every allergen the ingredients name is declared, so the page can emphasise it.
      if (item.ingredients !== null) {
        const named = allergensNamedIn(String(item.ingredients))
        expect(
          named.filter((allergen) => !contains.includes(allergen)),
          name
        ).toEqual([])
      }
    }
    const item = (name: string) => items.find((i) => i.name === name)
    const wholeMilk = item('Whole milk 2 pints')
    expect(wholeMilk).toMatchObject({ ingredients: 'Whole milk.', allergens_contains: '["milk"]' })
    const milkNutrition = NutritionSchema.parse(JSON.parse(String(wholeMilk?.nutrition)))
    expect(milkNutrition).toMatchObject({ per: '100ml', per100: { fat: 3.6, energyKcal: 64 } })
    expect(milkNutrition.portion?.size).toBe('1 glass (200 ml)')
    expect(wholeMilk?.net_quantity).toBe('2 pints')
    const loaf = items.find((i) => String(i.name).startsWith('Farmhouse white loaf'))
    expect(JSON.parse(String(loaf?.allergens_contains))).toContain('gluten')
  })

  it('places at least 8 stores in 8 towns, 4 of them in central Manchester, on real postcodes', () => {
    const stores = rows('stores')
    const outcodes = new Map(parseCsv(DEMO_INPUT.outcodesCsv).map((r) => [r.outcode, r]))
    const manchester = new Map(
      parseCsv(DEMO_INPUT.manchesterPostcodesCsv).map((r) => [r.postcode, r])
    )
    expect(stores.length).toBeGreaterThanOrEqual(10)
    expect(new Set(stores.map((s) => s.town)).size).toBeGreaterThanOrEqual(8)
    const central = stores.filter((s) => manchester.has(String(s.postcode)))
    expect(central.length).toBeGreaterThanOrEqual(4)
    for (const store of central) {
      const row = manchester.get(String(store.postcode))
      expect(store.latitude).toBe(Number(row?.latitude))
      expect(store.longitude).toBe(Number(row?.longitude))
    }
    for (const store of stores.filter((s) => s.country_code !== 'GB')) {
      // A store abroad (ADR 052) has its own country's postcode.
      const rule = COUNTRY_POSTCODE_RULES[String(store.country_code)]
      expect(rule, String(store.country_code)).toBeDefined()
      if (rule)
        expect(checkPostcode(String(store.postcode), rule).ok, String(store.postcode)).toBe(true)
    }
    for (const store of stores.filter((s) => s.country_code === 'GB')) {
      const postcode = String(store.postcode)
      expect(isValid(postcode), postcode).toBe(true)
      const centroid = outcodes.get(toOutcode(postcode) ?? '')
      expect(centroid, postcode).toBeDefined()
      // Within about 5 km of the outcode's centroid.
      expect(Math.abs(num(store.latitude) - Number(centroid?.latitude))).toBeLessThan(0.05)
      expect(Math.abs(num(store.longitude) - Number(centroid?.longitude))).toBeLessThan(0.08)
    }
  })

  it('varies store fees, minimums, payment methods, advance days and opening hours', () => {
    const stores = rows('stores')
    const hours = rows('store_opening_hours')
    expect(stores.some((s) => s.minimum_spend === 0)).toBe(true)
    expect(stores.some((s) => num(s.minimum_spend) > 0)).toBe(true)
    expect(stores.some((s) => s.accepts_cash === 0)).toBe(true)
    expect(stores.some((s) => s.accepts_cash === 1)).toBe(true)
    expect(stores.some((s) => s.delivery_enabled === 0)).toBe(true)
    expect(stores.some((s) => s.collection_enabled === 0)).toBe(true)
    for (const store of stores) {
      expect(num(store.days_in_advance)).toBeGreaterThanOrEqual(0)
      expect(num(store.days_in_advance)).toBeLessThanOrEqual(7)
      for (const method of ['store', 'delivery', 'collection']) {
        expect(hours.some((h) => h.store_id === store.id && h.fulfilment_method === method)).toBe(
          true
        )
      }
    }
    const norwich = stores.find((s) => s.slug === 'norwich')
    const sundays = hours.filter((h) => h.store_id === norwich?.id && h.day_of_week === 6)
    expect(sundays).toEqual([])
    expect(
      hours.some((h) => h.fulfilment_method === 'store' && String(h.closes_at) >= '23:00')
    ).toBe(true)
    for (const h of hours) expect(String(h.opens_at)).toMatch(/^[0-2]\d:[0-5]\d$/)
  })

  it('gives every item its own packshot, one SVG at every density, drawn from its URL', () => {
    const items = rows('menu_items')
    const urls = new Set<string>()
    for (const item of items) {
      const url = String(item.image_mdpi_1x)
      for (const density of ['originals', 'xhdpi_2x', 'xxhdpi_3x']) {
        expect(item[`image_${density}`]).toBe(url)
      }
      expect([item.image_width, item.image_height]).toEqual([160, 160])
      const parsed = new URL(url, 'https://shop.test')
      const shot = parsePackshot(parsed.pathname, parsed.searchParams)
      expect(shot, url).not.toBeNull()
      // The pack carries the item's name and size as the shelf shows them.
      expect(String(item.name)).toContain(shot?.name ?? '')
      if (item.size !== null) expect(shot?.size).toBe(item.size)
      urls.add(url)
    }
    // Pictures differ per item, not per department (only the benchmark's copies share a design).
    // Harbour Pantry's and Liffey Larder's ranges are subsets of the first business's, packs and
    // all; Domstad Markt's packs print its Dutch names, each its own.
    const urlsOf = (businessId: number) =>
      items.filter((item) => item.business_id === businessId).map((item) => item.image_mdpi_1x)
    expect(new Set(urlsOf(1)).size).toBe(urlsOf(1).length)
    expect(new Set(urlsOf(22)).size).toBe(urlsOf(22).length)
    const firsts = new Set(urlsOf(1))
    for (const businessId of [20, 21]) {
      expect(urlsOf(businessId).every((url) => firsts.has(url))).toBe(true)
    }
    for (const brand of rows('brands')) expect(pictures[String(brand.logo_url)]).toBeDefined()
    for (const banner of rows('banners')) expect(pictures[String(banner.image_url)]).toBeDefined()
  })

  it('pictures each department by its icon and each sub-category by its first item', () => {
    const categories = rows('categories')
    const items = rows('menu_items')
    for (const department of categories.filter((c) => c.parent_id === null)) {
      expect(pictures[String(department.image_url)], String(department.slug)).toBeDefined()
      const subs = categories.filter((c) => c.parent_id === department.id)
      for (const sub of subs) {
        const first = items
          .filter((i) => i.category_id === sub.id)
          .sort((a, b) => num(a.position) - num(b.position))[0]
        expect(sub.image_url, String(sub.slug)).toBe(first?.image_mdpi_1x)
      }
      // A department's "Shop by type" tiles differ from one another.
      expect(new Set(subs.map((sub) => sub.image_url)).size).toBe(subs.length)
    }
  })

  it('marks alcohol and tobacco as 18+ and nothing else', () => {
    const categories = rows('categories')
    const departmentOf = new Map(
      categories.map((c) => [
        c.id,
        c.parent_id === null ? c.slug : categories.find((p) => p.id === c.parent_id)?.slug,
      ])
    )
    const items = rows('menu_items')
    for (const department of ['beer-wine-spirits', 'tobacco']) {
      const restricted = items.filter((i) => departmentOf.get(i.category_id) === department)
      expect(restricted.length).toBeGreaterThan(10)
      expect(restricted.every((i) => i.age_restriction === 18)).toBe(true)
    }
    const others = items.filter(
      (i) => !['beer-wine-spirits', 'tobacco'].includes(String(departmentOf.get(i.category_id)))
    )
    expect(others.every((i) => i.age_restriction === null)).toBe(true)
  })

  it('makes no price claim the data cannot back, and never promotes tobacco', () => {
    const categories = rows('categories')
    const byId = new Map(categories.map((c) => [c.id, c]))
    const tobaccoCategory = (id: SqlValue | undefined): boolean => {
      const category = byId.get(id)
      if (!category) return false
      return category.is_tobacco === 1 || byId.get(category.parent_id)?.is_tobacco === 1
    }
    const items = rows('menu_items')
    const tobacco = new Set(items.filter((i) => tobaccoCategory(i.category_id)).map((i) => i.id))
    expect(tobacco.size).toBeGreaterThan(10)
    expect(categories.find((c) => c.slug === 'tobacco')?.is_tobacco).toBe(1)

    // After the reductions begin, every recorded earlier price is a genuine claim, and every
    // price-claim badge stands beside one: no badge without a was-price, no was-price without it.
    const now = new Date(Date.parse(WAS_PRICE_UNTIL) + 7 * 24 * 60 * 60 * 1000)
    const claims = (row: Record<string, unknown>) =>
      genuineWasPrice(
        {
          price: num(row.price),
          wasPrice: row.was_price === null ? null : num(row.was_price),
          wasPriceFrom: row.was_price_from === null ? null : String(row.was_price_from),
          wasPriceUntil: row.was_price_until === null ? null : String(row.was_price_until),
        },
        now
      )
    let withClaims = 0
    for (const item of items) {
      const claimBadge = item.badge_text !== null && isPriceClaimBadge(String(item.badge_text))
      if (item.was_price !== null) {
        withClaims++
        expect(claims(item), String(item.slug)).toBe(num(item.was_price))
        expect(claimBadge, String(item.slug)).toBe(true)
      } else {
        expect(claimBadge, `${String(item.slug)}: ${String(item.badge_text)}`).toBe(false)
        expect(item.was_price_from ?? item.was_price_until, String(item.slug)).toBeNull()
      }
      if (tobacco.has(item.id)) {
        expect(item.badge_text, String(item.slug)).toBeNull()
        expect(item.was_price, String(item.slug)).toBeNull()
      }
    }
    expect(withClaims).toBeGreaterThan(20)
    // A store's own price never borrows the item's earlier price; its own claims hold too.
    for (const override of rows('store_menu_items')) {
      if (override.was_price !== null) expect(claims(override)).toBe(num(override.was_price))
      if (tobacco.has(override.menu_item_id)) expect(override.was_price).toBeNull()
    }

    // No deal, meal deal or banner reaches a tobacco item or category.
    const sectionDeal = new Map(rows('deal_sections').map((s) => [s.id, s.deal_id]))
    const dealItems = rows('deal_section_items')
    expect(dealItems.length).toBeGreaterThan(0)
    for (const row of dealItems) {
      expect(
        tobacco.has(row.menu_item_id),
        `deal ${String(sectionDeal.get(row.deal_section_id))}`
      ).toBe(false)
    }
    for (const banner of rows('banners')) {
      expect(tobaccoCategory(banner.category_id), String(banner.slug)).toBe(false)
      expect(tobaccoCategory(banner.link_category_id), String(banner.slug)).toBe(false)
      expect(tobacco.has(banner.link_menu_item_id), String(banner.slug)).toBe(false)
    }
  })

  it('gives a unit price to every item whose size holds a quantity', () => {
    // Abroad the generated labels are per pound-priced unit and are left out (ADR 052).
    const abroad = new Set(
      rows('stores')
        .filter((s) => s.country_code !== 'GB')
        .map((s) => s.business_id)
    )
    const sized = rows('menu_items').filter((i) => i.size !== null && !abroad.has(i.business_id))
    const priced = sized.filter((i) => i.unit_price_label !== null)
    // Only sizes with no quantity in them ('medium', 'jumbo pack') go without one.
    const without = new Set(sized.filter((i) => i.unit_price_label === null).map((i) => i.size))
    expect(
      [...without].every((size) => !/\d/.test(String(size)) || /^\d+$/.test(String(size))),
      [...without].join(', ')
    ).toBe(true)
    expect(priced.length / sized.length).toBeGreaterThan(0.95)
  })

  it('has a category tree with the usual departments and sub-categories', () => {
    const categories = rows('categories')
    const top = categories.filter((c) => c.parent_id === null).map((c) => c.name)
    for (const name of [
      'Fruit & Veg',
      'Bakery',
      'Dairy & Eggs',
      'Frozen',
      'Drinks',
      'Beer, Wine & Spirits',
      'Tobacco',
      'Hot Food & Deli',
      'Pet',
      'Baby & Toddler',
    ]) {
      expect(top).toContain(name)
    }
    const ids = new Set(categories.map((c) => c.id))
    for (const c of categories) if (c.parent_id !== null) expect(ids.has(c.parent_id)).toBe(true)
    // Items hang off sub-categories only.
    const leaves = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id))
    expect(rows('menu_items').every((i) => leaves.has(i.category_id))).toBe(true)
  })

  it('builds consistent item options: min ≤ max, defaults, sizes and dependencies', () => {
    const options = rows('menu_item_options')
    const values = rows('menu_item_option_values')
    const sizeCosts = rows('menu_item_option_value_size_costs')
    expect(options.length).toBeGreaterThan(50)
    const optionById = new Map(options.map((o) => [o.id, o]))
    const valueById = new Map(values.map((v) => [v.id, v]))
    for (const option of options) {
      const own = values.filter((v) => v.option_id === option.id)
      expect(num(option.minimum_selected)).toBeLessThanOrEqual(num(option.maximum_selected))
      expect(own.length).toBeGreaterThanOrEqual(num(option.minimum_selected))
      expect(own.filter((v) => v.is_default === 1).length).toBeLessThanOrEqual(
        num(option.maximum_selected)
      )
      if (option.mutually_exclusive === 1) expect(option.maximum_selected).toBe(1)
      if (option.dependent_on !== null) {
        expect(optionById.get(option.dependent_on)?.menu_item_id).toBe(option.menu_item_id)
      }
    }
    for (const cost of sizeCosts) {
      const size = valueById.get(cost.size_id)
      const value = valueById.get(cost.option_value_id)
      const sizeOption = optionById.get(size?.option_id ?? null)
      expect(sizeOption?.is_size).toBe(1)
      expect(sizeOption?.menu_item_id).toBe(optionById.get(value?.option_id ?? null)?.menu_item_id)
      expect(Number.isInteger(cost.extra_cost)).toBe(true)
    }
    // Options that depend on a value point at a value of the option they depend on.
    for (const { params } of dataset.afterLoad) {
      const [valueId, optionId] = params
      const option = optionById.get(optionId ?? null)
      expect(valueById.get(valueId ?? null)?.option_id).toBe(option?.dependent_on)
    }
    expect(options.some((o) => o.extra_cost_instances_threshold !== null)).toBe(true)
    expect(items('options').length).toBeGreaterThan(20)
  })

  it('has deals, meal deals with sections, banners, coupons, FAQs and content', () => {
    const itemIds = new Set(rows('menu_items').map((i) => i.id))
    expect(rows('deals').filter((d) => d.kind === 'meal_deal').length).toBeGreaterThanOrEqual(2)
    for (const choice of rows('deal_section_items'))
      expect(itemIds.has(choice.menu_item_id)).toBe(true)
    for (const section of rows('deal_sections')) {
      expect(rows('deal_section_items').some((c) => c.deal_section_id === section.id)).toBe(true)
    }
    expect(rows('banners').length).toBeGreaterThanOrEqual(4)
    expect(rows('coupons').map((c) => c.code)).toContain('SAVE5')
    expect(rows('faqs').length).toBeGreaterThanOrEqual(10)
    expect(new Set(rows('content_blocks').map((b) => b.placement))).toEqual(
      new Set(['home', 'header', 'footer'])
    )
  })

  it('maps localhost to brand 1 and 127.0.0.1 to brand 2 with every settings section', () => {
    const hosts = rows('brand_hosts')
    expect(hosts).toContainEqual({ host: 'localhost', brand_id: 1, environment: 'local' })
    expect(hosts).toContainEqual({ host: '127.0.0.1', brand_id: 2, environment: 'local' })
    const [one, two] = rows('brands')
    expect(one?.name).not.toBe(two?.name)
    expect(one?.primary_color).not.toBe(two?.primary_color)
    expect(one?.logo_url).not.toBe(two?.logo_url)
    for (const brandId of [1, 2]) {
      const sections = rows('brand_settings').filter((s) => s.brand_id === brandId)
      expect(sections.length).toBe(11)
      const store = JSON.parse(String(sections.find((s) => s.section === 'store')?.settings_json))
      expect(store.enableStoresSearchByAddress).toBe(false)
      const channels = rows('brand_links')
        .filter((l) => l.brand_id === brandId)
        .map((l) => l.channel)
      expect(channels.sort()).toEqual(['android', 'facebook', 'instagram', 'ios', 'twitter'])
    }
    expect(rows('countries')[0]).toMatchObject({ code: 'GB', position: 0 })
  })

  it('scales up for benchmarks', () => {
    const large = generateDemoData(DEMO_INPUT, { stores: 60, items: 3000, overridesPerStore: 5 })
    // The sizes are the first business's; the second business keeps its few stores and items.
    const ofFirst = (table: string) => rowsOf(large, table).filter((r) => r.business_id === 1)
    expect(ofFirst('stores').length).toBe(60)
    expect(ofFirst('menu_items').length).toBeGreaterThanOrEqual(3000)
    expect(new Set(ofFirst('stores').map((s) => s.slug)).size).toBe(60)
    expect(new Set(ofFirst('menu_items').map((s) => s.slug)).size).toBe(
      ofFirst('menu_items').length
    )
    for (const store of rowsOf(large, 'stores').filter((s) => s.country_code === 'GB'))
      expect(isValid(String(store.postcode))).toBe(true)
  })

  it('loads with statements of at most 100 bound parameters and escapes SQL text', () => {
    for (const table of dataset.tables) {
      for (const statement of insertStatements(table)) {
        expect(statement.params.length).toBeLessThanOrEqual(MAX_BOUND_PARAMETERS)
        expect(statement.sql.split('?').length - 1).toBe(statement.params.length)
      }
    }
    const tiny: Dataset = {
      tables: [{ name: 'faqs', columns: ['question'], rows: [["What's new?"], [null]] }],
      afterLoad: [],
    }
    expect([...datasetToSql(tiny)].join('')).toBe(
      "insert into faqs (question) values\n('What''s new?'),\n(null);\n"
    )
  })

  it('expands product lines into sized, priced items with unit prices', () => {
    expect(expandLine('{v} milk|1 pint:85,4 pints:165|Whole,Semi-skimmed*110')).toEqual([
      { name: 'Whole milk 1 pint', size: '1 pint', price: 85 },
      { name: 'Whole milk 4 pints', size: '4 pints', price: 165 },
      { name: 'Semi-skimmed milk 1 pint', size: '1 pint', price: 95 },
      { name: 'Semi-skimmed milk 4 pints', size: '4 pints', price: 180 },
    ])
    expect(unitPriceLabel('500g', 150)).toBe('£3.00/kg')
    expect(unitPriceLabel('6 x 330ml', 400)).toBe('£2.02/litre')
    expect(unitPriceLabel('jumbo pack', 100)).toBeNull()
  })
})

function items(addToBasketType: string) {
  return rowsOf(dataset, 'menu_items').filter((i) => i.add_to_basket_type === addToBasketType)
}
