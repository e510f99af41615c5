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
