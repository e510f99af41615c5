import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackend } from '../../support/workers/requests.ts'
import { GlobalSearchResultSchema } from '../../../schemas/catalogue.ts'
import { DEMO, seedCatalogue } from './fixtures.ts'

// A shopper searching "milk" wants milk first: the items of the Milk category, then the other
// milks (coconut, follow-on), then things merely made with milk (milk chocolate chips), then
// words that only start with it (milkshake). Ranked on the demo catalogue.

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

/** The names of the first three pages of 48. */
async function searchNames(searchTerm: string): Promise<string[]> {
  const names: string[] = []
  for (const itemsPage of [1, 2, 3]) {
    const { status, json } = await callBackend('/catalogue/search', {
      businessId: DEMO.businessId,
      storeId: DEMO.storeId,
      searchTerm,
      itemsPage,
      itemsLimit: 48,
    })
    expect(status).toBe(200)
    names.push(...GlobalSearchResultSchema.parse(json).items.results.map((item) => item.name))
  }
  return names
}

async function namesInCategory(name: string): Promise<Set<string>> {
  const { results } = await env.DB.prepare(
    `select m.name from menu_items m join categories c on c.id = m.category_id
     where c.business_id = ?1 and c.name = ?2 and m.is_active = 1`
  )
    .bind(DEMO.businessId, name)
    .all<{ name: string }>()
  return new Set(results.map((row) => row.name))
}

describe('catalogue search ranking', () => {
  it('lists the Milk category first, then other milks, then things made with milk', async () => {
    const names = await searchNames('milk')
    const milkCategory = await namesInCategory('Milk')
    const wholeWordMilks = [...milkCategory].filter((name) => /\bmilk\b/i.test(name))
    expect(wholeWordMilks.length).toBeGreaterThan(5)
    // The first results are exactly the Milk category's milks, in some order.
    expect(new Set(names.slice(0, wholeWordMilks.length))).toEqual(new Set(wholeWordMilks))

    const at = (name: string) => {
      const index = names.findIndex((found) => found.startsWith(`${name} `))
      expect(index, `${name} is found`).toBeGreaterThanOrEqual(0)
      return index
    }
    expect(at('Coconut milk')).toBeGreaterThanOrEqual(wholeWordMilks.length)
    expect(at('Follow on milk')).toBeGreaterThanOrEqual(wholeWordMilks.length)
    // The head noun decides: coconut milk is a milk, milk chocolate chips are chips.
    expect(at('Coconut milk')).toBeLessThan(at('Milk chocolate chips'))
    expect(at('Follow on milk')).toBeLessThan(at('Milk chocolate chips'))
    // A word that only starts with the term comes after every whole-word match.
    const lastWholeWord = Math.max(
      ...names.flatMap((name, index) => (/\bmilk\b/i.test(name) ? [index] : []))
    )
    expect(at('Chocolate milkshake')).toBeGreaterThan(lastWholeWord)
  })

  it('ranks names ending in the term, singular or plural, before names that only contain it', async () => {
    for (const term of ['egg', 'eggs']) {
      const names = await searchNames(term)
      const endsWithTerm = (name: string) => /\beggs?( \d.*)?$/i.test(name)
      const firstOther = names.findIndex((name) => !endsWithTerm(name))
      expect(firstOther, `"${term}" finds eggs first`).toBeGreaterThan(2)
      expect(names.slice(firstOther).some(endsWithTerm), `"${term}": no egg after the others`).toBe(
        false
      )
    }
  })
})

/** Every product of a search, page by page (100 a page), with its stored allergen sets. */
async function searchEverything(searchTerm: string, freeFrom: ReadonlyArray<string>) {
  const found: Array<{ id: number; name: string }> = []
  let total = 0
  for (let itemsPage = 1; itemsPage < 20; itemsPage++) {
    const { status, json } = await callBackend('/catalogue/search', {
      businessId: DEMO.businessId,
      storeId: DEMO.storeId,
      searchTerm,
      itemsPage,
      itemsLimit: 100,
      freeFrom,
    })
    expect(status).toBe(200)
    const { items } = GlobalSearchResultSchema.parse(json)
    found.push(...items.results)
    total = items.total
    if (found.length >= total) break
  }
  expect(found.length).toBe(total)
  const { results } = await env.DB.prepare(
    `select id, allergens_contains, allergens_may_contain from menu_items
     where id in (select value from json_each(?1))`
  )
    .bind(JSON.stringify(found.map((item) => item.id)))
    .all<{ id: number; allergens_contains: string; allergens_may_contain: string }>()
  const sets = new Map(
    results.map((row) => [
      row.id,
      {
        contains: JSON.parse(row.allergens_contains) as Array<string>,
        mayContain: JSON.parse(row.allergens_may_contain) as Array<string>,
      },
    ])
  )
  return found.map((item) => ({ ...item, ...sets.get(item.id) }))
}

describe('catalogue search free from allergens (issue 41)', () => {
  it('never returns an item that contains or may contain an asked allergen', async () => {
    const all = await searchEverything('chocolate', [])
    const peanuts = all.filter((item) => item.contains?.includes('peanuts'))
    // Milk chocolate only "may contain" peanuts: that is contains, for a shopper free from them.
    const mayPeanuts = all.filter(
      (item) => item.mayContain?.includes('peanuts') && !item.contains?.includes('peanuts')
    )
    expect(peanuts.length, 'chocolate with peanuts').toBeGreaterThan(0)
    expect(mayPeanuts.length, 'chocolate that may contain peanuts').toBeGreaterThan(0)

    const free = await searchEverything('chocolate', ['peanuts', 'celery'])
    expect(free.length).toBeGreaterThan(0)
    for (const item of free) {
      const declared = [...(item.contains ?? []), ...(item.mayContain ?? [])]
      expect(declared, item.name).not.toContain('peanuts')
      expect(declared, item.name).not.toContain('celery')
    }
    const kept = new Set(free.map((item) => item.id))
    expect(mayPeanuts.some((item) => kept.has(item.id))).toBe(false)
    // Nothing else is lost: each chocolate declaring allergens but neither of these is found.
    const declaresOthers = all.filter((item) => {
      const declared = [...(item.contains ?? []), ...(item.mayContain ?? [])]
      return declared.length > 0 && !declared.includes('peanuts') && !declared.includes('celery')
    })
    expect(declaresOthers.length).toBeGreaterThan(0)
    expect(declaresOthers.every((item) => kept.has(item.id))).toBe(true)
  })

  it('an item changed to contain an allergen leaves the filtered search at once', async () => {
    const [first] = await searchEverything('chocolate', ['sesame'])
    expect(first).toBeDefined()
    const id = first?.id ?? 0
    const before = await env.DB.prepare(
      'select allergens_may_contain as m from menu_items where id = ?1'
    )
      .bind(id)
      .first<{ m: string }>()
    await env.DB.prepare(
      `update menu_items set allergens_may_contain = json_insert(allergens_may_contain, '$[#]', 'sesame')
       where id = ?1`
    )
      .bind(id)
      .run()
    try {
      const after = await searchEverything('chocolate', ['sesame'])
      expect(after.map((item) => item.id)).not.toContain(id)
    } finally {
      await env.DB.prepare('update menu_items set allergens_may_contain = ?2 where id = ?1')
        .bind(id, before?.m ?? '[]')
        .run()
    }
  })
})
