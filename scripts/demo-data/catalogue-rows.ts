import { demoVatClass } from './vat-classes.ts'
import { unitAmount, unitPriceLabel } from '../../schemas/unit-price.ts'
import { DEPARTMENTS, HOT_FOOD_DEPARTMENT } from './catalogue.ts'
import { addRow, type SqlValue } from './dataset.ts'
import { HOT_FOOD, type OptionDefinition } from './hot-food.ts'
import { categoryImagePath } from './images.ts'
import { itemPackshot, relabelPackshot } from './packshots.ts'
import { productDescription } from './product-copy.ts'
import { hotFoodFood, productFood, productIngredients, tagsAllowedBy } from './product-food.ts'
import { expandLine, rangeTiers, shelfPrice } from './product-lines.ts'
import type { Random } from './prng.ts'
import type { Tables } from './tables.ts'
import { BUSINESS_ID } from './tenancy.ts'
import { slugify } from '../lib/text.ts'
import { demoItemPricing, SOLD_EACH_COLUMNS } from './weighed.ts'

/** A menu item as the promotions and store overrides pick it. */
export interface ProductRow {
  id: number
  categoryId: number
  departmentSlug: string
  slug: string
  name: string
}

// Badges drawn at random. 'Price drop' is not among them: it goes with a recorded earlier price.
const BADGES = [
  { text: 'New', color: '#ffffff', background: '#2563eb' },
  { text: 'Best seller', color: '#1f2937', background: '#fde68a' },
  { text: 'Local', color: '#14532d', background: '#bbf7d0' },
] as const
const PRICE_DROP_BADGE = { text: 'Price drop', color: '#ffffff', background: '#b91c1c' } as const

export function addCatalogue(t: Tables, random: Random, minimumItems: number): Array<ProductRow> {
  const products: Array<ProductRow> = []
  const slugs = new Set<string>()
  let categoryId = 0
  let itemId = 0
  let optionId = 0
  let valueId = 0
  let sizeCostId = 0

  DEPARTMENTS.forEach((department, departmentPosition) => {
    const departmentId = ++categoryId
    const age = department.ageRestriction ?? null
    addRow(t.categories, {
      id: departmentId,
      business_id: BUSINESS_ID,
      parent_id: null,
      slug: department.slug,
      name: department.name,
      description: department.description,
      image_url: categoryImagePath(department.slug, 'mdpi_1x'),
      position: departmentPosition,
      age_restriction: age,
      is_tobacco: department.tobacco === true ? 1 : 0,
      is_alcohol: department.alcohol === true ? 1 : 0,
    })
    // An item's packshot is one SVG, crisp at every density: its four URLs are the same.
    const images = (url: string) => ({
      image_originals: url,
      image_mdpi_1x: url,
      image_xhdpi_2x: url,
      image_xxhdpi_3x: url,
      image_width: 160,
      image_height: 160,
    })
    // A sub-category's picture is its first item's packshot, so a department's "Shop by type"
    // tiles show what each holds (bananas, carrots, salad) instead of one department icon.
    const addSubCategory = (
      sub: { slug: string; name: string },
      position: number,
      description: string,
      picture: string
    ): number => {
      const id = ++categoryId
      addRow(t.categories, {
        id,
        business_id: BUSINESS_ID,
        parent_id: departmentId,
        slug: sub.slug,
        name: sub.name,
        description,
        image_url: picture,
        position,
        age_restriction: age,
        // The department's flag covers its sub-categories (worker/backend/catalogue/tobacco.ts).
        is_tobacco: 0,
        is_alcohol: 0,
      })
      return id
    }
    const uniqueSlug = (name: string, context: string): string => {
      let slug = slugify(name)
      if (slugs.has(slug)) slug = `${slug}-${context}`
      for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`
      slugs.add(slug)
      return slug
    }
    // The next item's id and slug, remembered for the promotions and store overrides.
    const addProduct = (name: string, categoryId: number, subSlug: string) => {
      const product = {
        id: ++itemId,
        categoryId,
        departmentSlug: department.slug,
        slug: uniqueSlug(name, subSlug),
        name,
      }
      products.push(product)
      return product
    }

    if (department.slug === HOT_FOOD_DEPARTMENT.slug) {
      HOT_FOOD.forEach((sub, subPosition) => {
        const first = sub.items[0]
        if (!first) throw new Error(`${sub.name}: no items`)
        const subId = addSubCategory(
          sub,
          subPosition,
          `${sub.name} made to order in store.`,
          itemPackshot(sub.slug, first.name, first.name, null)
        )
        sub.items.forEach((item, position) => {
          const { id, slug } = addProduct(item.name, subId, sub.slug)
          addRow(t.menu_items, {
            id,
            business_id: BUSINESS_ID,
            category_id: subId,
            slug,
            name: item.name,
            description: item.description,
            ingredients: item.ingredients,
            size: null,
            unit_price_label: null,
            unit_amount: null,
            price: item.price,
            ...SOLD_EACH_COLUMNS,
            was_price: null,
            was_price_from: null,
            was_price_until: null,
            badge_text: position === 0 ? 'Made to order' : null,
            badge_color: position === 0 ? '#ffffff' : null,
            badge_background_color: position === 0 ? '#c2410c' : null,
            out_of_stock: 0,
            tags: JSON.stringify(
              tagsAllowedBy(['hot food', ...(item.tags ?? [])], hotFoodFood(sub.slug, item.name))
            ),
            add_to_basket_type: item.options.length > 0 ? 'options' : 'simple',
            quick_add: item.options.length > 0 ? 0 : 1,
            age_restriction: null,
            max_quantity: 10,
            ...images(itemPackshot(sub.slug, item.name, item.name, null)),
            position,
            ...hotFoodFood(sub.slug, item.name),
            vat_class: demoVatClass(department.slug, sub.slug),
          })
          const optionIdByKey = new Map<string, number>()
          const valueIdByKey = new Map<string, number>()
          const sizeOption = item.options.find((o) => o.isSize)
          item.options.forEach((option: OptionDefinition, optionPosition) => {
            const oid = ++optionId
            optionIdByKey.set(option.key, oid)
            addRow(t.menu_item_options, {
              id: oid,
              menu_item_id: id,
              name: option.name,
              placeholder: option.placeholder ?? null,
              minimum_selected: option.min,
              maximum_selected: option.max,
              display_as_grid: option.grid ? 1 : 0,
              mutually_exclusive: option.mutuallyExclusive ? 1 : 0,
              dependent_on: option.dependsOn ? (optionIdByKey.get(option.dependsOn) ?? null) : null,
              extra_cost_instances_threshold: option.freeInstances ?? null,
              is_size: option.isSize ? 1 : 0,
              position: optionPosition,
            })
            option.values.forEach((value, valuePosition) => {
              const vid = ++valueId
              valueIdByKey.set(`${option.key}:${value.name}`, vid)
              addRow(t.menu_item_option_values, {
                id: vid,
                option_id: oid,
                name: value.name,
                extra_cost: value.extraCost ?? 0,
                is_default: value.isDefault ? 1 : 0,
                position: valuePosition,
              })
              for (const [sizeName, cost] of Object.entries(value.sizeCosts ?? {})) {
                const sizeId = sizeOption
                  ? valueIdByKey.get(`${sizeOption.key}:${sizeName}`)
                  : undefined
                if (sizeId === undefined) throw new Error(`${item.name}: no size ${sizeName}`)
                addRow(t.menu_item_option_value_size_costs, {
                  id: ++sizeCostId,
                  option_value_id: vid,
                  size_id: sizeId,
                  extra_cost: cost,
                })
              }
            })
            if (option.dependsOnValue && option.dependsOn) {
              const dependsOnValue = valueIdByKey.get(
                `${option.dependsOn}:${option.dependsOnValue}`
              )
              if (dependsOnValue === undefined)
                throw new Error(`${item.name}: no ${option.dependsOnValue}`)
              // The value row is loaded after its option, so the link is set once both exist.
              t.afterLoad.push({
                sql: 'update menu_item_options set dependent_on_value_id = ? where id = ?',
                params: [dependsOnValue, oid],
              })
            }
          })
        })
      })
      return
    }

    department.subcategories.forEach((sub, subPosition) => {
      const lines = sub.lines.flatMap((line, index) => rangeTiers(department.slug, line, index))
      const firstLine = lines[0]
      const first = firstLine === undefined ? undefined : expandLine(firstLine)[0]
      if (firstLine === undefined || !first) throw new Error(`${sub.name}: no items`)
      const subId = addSubCategory(
        sub,
        subPosition,
        `${sub.name} from our ${department.name} range.`,
        itemPackshot(sub.slug, firstLine, first.name, first.size)
      )
      let position = 0
      for (const line of lines) {
        for (const listed of expandLine(line)) {
          const pricing = demoItemPricing(sub.slug, listed)
          const parsed = { ...listed, ...pricing }
          const { id, slug } = addProduct(parsed.name, subId, sub.slug)
          addRow(t.menu_items, {
            id,
            business_id: BUSINESS_ID,
            category_id: subId,
            slug,
            name: parsed.name,
            description: productDescription(sub.slug, parsed.name, parsed.size),
            ingredients: productIngredients(sub.slug, parsed.name),
            size: parsed.size,
            unit_price_label: unitPriceLabel(parsed.size, parsed.price),
            unit_amount: unitAmount(parsed.size),
            price: parsed.price,
            ...pricing.columns,
            ...itemFlags(random, parsed.price, department.tobacco === true),
            tags: JSON.stringify(
              tagsAllowedBy(
                tagsFor(sub.tags ?? [], parsed.name),
                productFood(sub.slug, parsed.name, parsed.size)
              )
            ),
            add_to_basket_type: 'simple',
            quick_add: 1,
            age_restriction: age,
            max_quantity: /paracetamol|ibuprofen/i.test(parsed.name) ? 2 : null,
            ...images(itemPackshot(sub.slug, line, parsed.name, parsed.size)),
            position: position++,
            ...productFood(sub.slug, parsed.name, parsed.size),
            vat_class: demoVatClass(department.slug, sub.slug),
          })
        }
      }
    })
  })

  // Benchmark scale: variants of the range until there are enough items.
  const base = [...products]
  const qualifiers = [
    'Value',
    'Organic',
    'Premium',
    'Family size',
    'Multipack',
    'Reduced sugar',
    'Light',
    'Extra large',
  ]
  for (let round = 0; products.length < minimumItems; round++) {
    const source = base[round % base.length]
    if (!source) break
    const sourceRow = t.menu_items.rows[source.id - 1]
    if (!sourceRow) break
    const qualifier = qualifiers[Math.floor(round / base.length) % qualifiers.length] ?? 'Value'
    const edition = Math.floor(round / (base.length * qualifiers.length))
    const name = `${qualifier} ${source.name.charAt(0).toLowerCase()}${source.name.slice(1)}${edition > 0 ? ` (${edition + 1})` : ''}`
    const id = ++itemId
    const slug = `${slugify(name)}-${id}`
    const row = [...sourceRow]
    const columns = t.menu_items.columns
    const set = (column: string, value: SqlValue) => {
      row[columns.indexOf(column)] = value
    }
    set('id', id)
    set('slug', slug)
    set('name', name)
    set('description', `${name}.`)
    for (const density of ['originals', 'mdpi_1x', 'xhdpi_2x', 'xxhdpi_3x']) {
      const column = `image_${density}`
      set(column, relabelPackshot(String(sourceRow[columns.indexOf(column)]), name))
    }
    // Option-bearing hot food keeps its options only on the original items.
    set('add_to_basket_type', 'simple')
    set('quick_add', 1)
    set('position', 1000 + round)
    t.menu_items.rows.push(row)
    products.push({ ...source, id, slug, name })
  }
  return products
}

/*
 * A demo "was" price is a price the item was charged from WAS_PRICE_FROM until WAS_PRICE_UNTIL,
 * when the lower price began: long enough to be a genuine reference price and recent enough that
 * the claim stands for as long again (worker/backend/catalogue/price-claims.ts), so the demo
 * shows reductions from November 2026 to mid-2028.
 */
export const WAS_PRICE_FROM = '2025-01-06T00:00:00.000Z'
export const WAS_PRICE_UNTIL = '2026-11-02T00:00:00.000Z'

function itemFlags(random: Random, price: number, tobacco: boolean): Record<string, SqlValue> {
  // The draws stay in this order so the rest of the demo data does not move.
  const drawn = random.chance(0.08) ? random.pick(BADGES) : null
  const drawnWas = random.chance(0.07) ? shelfPrice(price * (1.15 + random.next() * 0.25)) : null
  const outOfStock = random.chance(0.02) ? 1 : 0
  // Tobacco is never promoted; a price-drop badge only ever stands beside its earlier price.
  const wasPrice = !tobacco && drawnWas !== null && drawnWas > price ? drawnWas : null
  const badge = tobacco ? null : wasPrice !== null ? PRICE_DROP_BADGE : drawn
  return {
    was_price: wasPrice,
    was_price_from: wasPrice !== null ? WAS_PRICE_FROM : null,
    was_price_until: wasPrice !== null ? WAS_PRICE_UNTIL : null,
    badge_text: badge?.text ?? null,
    badge_color: badge?.color ?? null,
    badge_background_color: badge?.background ?? null,
    out_of_stock: outOfStock,
  }
}

function tagsFor(defaults: ReadonlyArray<string>, name: string): Array<string> {
  const tags = new Set(defaults)
  if (/organic/i.test(name)) tags.add('organic')
  if (/gluten free/i.test(name)) tags.add('gluten-free')
  if (/plant based|dairy free/i.test(name)) tags.add('vegan')
  if (/free range/i.test(name)) tags.add('free-range')
  if (
    /(beef|chicken|pork|ham|bacon|sausage|fish|salmon|tuna|prawn|lamb|turkey|chorizo|salami|cod|haddock|mackerel)/i.test(
      name
    )
  ) {
    tags.delete('vegan')
    tags.delete('vegetarian')
  }
  return [...tags]
}

export function addStoreOverrides(
  t: Tables,
  storeIds: Array<number>,
  products: Array<ProductRow>,
  random: Random,
  perStore: number | undefined
): void {
  const count = perStore ?? Math.ceil(products.length * 0.04)
  for (const storeId of storeIds) {
    const chosen = new Set<number>()
    for (let i = 0; i < count && chosen.size < products.length; i++) {
      const product = random.pick(products)
      if (chosen.has(product.id)) continue
      chosen.add(product.id)
      const row = t.menu_items.rows[product.id - 1]
      const price = Number(row?.[t.menu_items.columns.indexOf('price')] ?? 100)
      const kind = random.int(0, 2)
      addRow(t.store_menu_items, {
        store_id: storeId,
        menu_item_id: product.id,
        price: kind === 0 ? shelfPrice(price * (0.9 + random.next() * 0.25)) : null,
        was_price: null,
        was_price_from: null,
        was_price_until: null,
        out_of_stock: kind === 1 ? 1 : null,
        is_available: kind === 2 ? 0 : 1,
      })
    }
  }
}
