import type { OptionRecord } from './csv-format.ts'
import { ROWS_PER_STATEMENT } from './repo.ts'

/*
 * Item options by CSV (ADR 029). A file lists ALL the options and values of each item it names:
 * options and values are matched by name and updated in place (their ids, which baskets hold,
 * stay), new ones are added, and those the file no longer lists are removed. Items whose options
 * depend on each other or on a size are refused by the service (the format cannot express
 * that). Every statement is scoped by business_id.
 */

// Items whose options the format cannot express (dependent options, size options or costs).
const LINKED = `m.id in (select o.menu_item_id from menu_item_options o
          where o.dependent_on is not null or o.dependent_on_value_id is not null or o.is_size = 1
             or exists (select 1 from menu_item_option_values v
                          join menu_item_option_value_size_costs s on s.option_value_id = v.id
                         where v.option_id = o.id))`

/**
 * Items' options as the file's rows: one row per value, in the shop's order. Items whose options
 * the format cannot express are left out (an import refuses them).
 */
export async function readOptions(
  db: D1Database,
  businessId: number
): Promise<Array<OptionRecord>> {
  const { results } = await db
    .prepare(
      `select m.slug as item, o.name as option, v.name as value, v.extra_cost, v.is_default,
              v.out_of_stock, o.minimum_selected, o.maximum_selected, o.mutually_exclusive,
              o.display_as_grid, o.placeholder
         from menu_items m
         join menu_item_options o on o.menu_item_id = m.id
         join menu_item_option_values v on v.option_id = o.id
        where m.business_id = ?1 and not ${LINKED}
        order by m.id, o.position, o.id, v.position, v.id`
    )
    .bind(businessId)
    .all<{
      item: string
      option: string
      value: string
      extra_cost: number
      is_default: number
      out_of_stock: number
      minimum_selected: number
      maximum_selected: number
      mutually_exclusive: number
      display_as_grid: number
      placeholder: string | null
    }>()
  return results.map((row) => ({
    item: row.item,
    option: row.option,
    value: row.value,
    extraCost: row.extra_cost,
    default: row.is_default === 1,
    outOfStock: row.out_of_stock === 1,
    min: row.minimum_selected,
    max: row.maximum_selected,
    exclusive: row.mutually_exclusive === 1,
    grid: row.display_as_grid === 1,
    placeholder: row.placeholder,
  }))
}

/** The slugs of items whose options the format cannot express. */
export async function readLinkedOptionItems(
  db: D1Database,
  businessId: number
): Promise<Set<string>> {
  const { results } = await db
    .prepare(`select m.slug from menu_items m where m.business_id = ?1 and ${LINKED}`)
    .bind(businessId)
    .all<{ slug: string }>()
  return new Set(results.map((row) => row.slug))
}

/** Rows grouped so that no item's rows are split between two statements. */
function chunksByItem(rows: ReadonlyArray<OptionRecord>): Array<Array<Record<string, unknown>>> {
  const byItem = new Map<string, Array<OptionRecord>>()
  for (const row of rows) byItem.set(row.item, [...(byItem.get(row.item) ?? []), row])
  const out: Array<Array<Record<string, unknown>>> = []
  let current: Array<Record<string, unknown>> = []
  for (const group of byItem.values()) {
    if (current.length > 0 && current.length + group.length > ROWS_PER_STATEMENT) {
      out.push(current)
      current = []
    }
    const options = [...new Set(group.map((row) => row.option))]
    group.forEach((row, index) =>
      current.push({ ...row, optionPosition: options.indexOf(row.option), valuePosition: index })
    )
  }
  if (current.length > 0) out.push(current)
  return out
}

const f = (name: string) => `json_extract(j.value, '$.${name}')`

// The chunk's options, one row each, with the item's id.
const OPTIONS = `select m.id as item_id, ${f('option')} as name, ${f('placeholder')} as placeholder,
    ${f('min')} as min, ${f('max')} as max, ${f('grid')} as grid, ${f('exclusive')} as exclusive,
    min(${f('optionPosition')}) as position
  from json_each(?2) j join menu_items m on m.business_id = ?1 and m.slug = ${f('item')}
  group by m.id, ${f('option')}`

// The chunk's values, with their option's id (after the options are written).
const VALUES = `select o.id as option_id, ${f('value')} as name, ${f('extraCost')} as extra_cost,
    ${f('default')} as is_default, ${f('outOfStock')} as out_of_stock,
    ${f('valuePosition')} as position
  from json_each(?2) j join menu_items m on m.business_id = ?1 and m.slug = ${f('item')}
  join menu_item_options o on o.menu_item_id = m.id and o.name = ${f('option')}`

const ITEMS = `select m.id from json_each(?2) j
  join menu_items m on m.business_id = ?1 and m.slug = ${f('item')}`

/** Writes the options of every item named in `rows` (all of them: see the module comment). */
export function optionStatements(
  db: D1Database,
  businessId: number,
  rows: ReadonlyArray<OptionRecord>
): Array<D1PreparedStatement> {
  const sql = [
    `update menu_item_options as o set placeholder = f.placeholder, minimum_selected = f.min,
       maximum_selected = f.max, display_as_grid = f.grid, mutually_exclusive = f.exclusive,
       position = f.position
     from (${OPTIONS}) f where o.menu_item_id = f.item_id and o.name = f.name`,
    `insert into menu_item_options (menu_item_id, name, placeholder, minimum_selected,
       maximum_selected, display_as_grid, mutually_exclusive, position)
     select f.item_id, f.name, f.placeholder, f.min, f.max, f.grid, f.exclusive, f.position
       from (${OPTIONS}) f
      where not exists (select 1 from menu_item_options o
                         where o.menu_item_id = f.item_id and o.name = f.name)`,
    `delete from menu_item_options
      where menu_item_id in (${ITEMS})
        and not exists (select 1 from (${OPTIONS}) f
                         where f.item_id = menu_item_options.menu_item_id
                           and f.name = menu_item_options.name)`,
    `update menu_item_option_values as v set extra_cost = f.extra_cost,
       is_default = f.is_default, out_of_stock = f.out_of_stock, position = f.position
     from (${VALUES}) f where v.option_id = f.option_id and v.name = f.name`,
    `insert into menu_item_option_values (option_id, name, extra_cost, is_default, out_of_stock,
       position)
     select f.option_id, f.name, f.extra_cost, f.is_default, f.out_of_stock, f.position
       from (${VALUES}) f
      where not exists (select 1 from menu_item_option_values v
                         where v.option_id = f.option_id and v.name = f.name)`,
    `delete from menu_item_option_values
      where option_id in (select o.id from menu_item_options o where o.menu_item_id in (${ITEMS}))
        and not exists (select 1 from (${VALUES}) f
                         where f.option_id = menu_item_option_values.option_id
                           and f.name = menu_item_option_values.name)`,
    `update menu_items set add_to_basket_type = 'options'
      where business_id = ?1 and id in (${ITEMS})`,
  ]
  return chunksByItem(rows).flatMap((chunk) => {
    const json = JSON.stringify(chunk)
    return sql.map((statement) => db.prepare(statement).bind(businessId, json))
  })
}
