import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { OperatorDealSchema } from '../../../../schemas/operator-promotions.ts'
import { changedTables, fingerprint } from '../../../support/workers/db-fingerprint.ts'
import { basketCall, findItem } from '../../basket/fixtures.ts'
import { auditRows, operatorCall, operatorWorld } from '../fixtures.ts'

const SAVE = '/staff/operator/promotions/deals/save'

/** A fresh item of business 1 no demo deal uses, that store 1 sells. */
const plainItem = async () => {
  await operatorWorld()
  // Dearer than £2, so three of them cost more than the deal's £5.
  return findItem(`m.max_quantity is null and m.age_restriction is null
    and not exists (select 1 from deal_section_items d where d.menu_item_id = m.id)
    and coalesce(s.price, m.price) > 200`)
}

const multibuy = (menuItemId: number, extra: Record<string, unknown> = {}) => ({
  slug: 'any-3-for-5',
  name: 'Any 3 for £5',
  kind: 'multibuy',
  quantityRequired: 3,
  price: 500,
  sections: [{ name: 'Any', minimumSelected: 3, maximumSelected: 3, items: [{ menuItemId }] }],
  ...extra,
})

async function save(body: Record<string, unknown>) {
  const world = await operatorWorld()
  return operatorCall(SAVE, body, world.operator)
}

function fields(json: unknown): Record<string, string> {
  const { error } = json as { error: { fields?: Array<{ field: string; message: string }> } }
  return Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message]))
}

describe('deals', () => {
  it('creates a multibuy that the basket then applies, audited in its batch', async () => {
    const item = await plainItem()
    const created = await save(multibuy(item.id))
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    const deal = OperatorDealSchema.parse(created.json)
    expect(deal.sections[0]?.items.map((i) => i.menuItemId)).toEqual([item.id])
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'deal.create', entity: 'deal', entity_id: deal.dealId })
    expect(audit?.before_json).toBeNull()
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({ slug: 'any-3-for-5', price: 500 })

    const basket = await basketCall('/basket/items/add', {
      businessId: 1,
      storeId: 1,
      menuItem: { itemId: item.id, quantity: 3 },
    })
    expect(basket.deals.map((d) => d.slug)).toContain('any-3-for-5')
    expect(basket.totals.dealDiscount).toBe(item.price * 3 - 500)
  })

  it('refuses what the table would refuse, each at its field, and writes nothing', async () => {
    const item = await plainItem()
    const before = await fingerprint()
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        multibuy(item.id, { quantityRequired: null }),
        { quantityRequired: MESSAGES.promoQuantityRequired },
      ],
      [multibuy(item.id, { price: null }), { price: MESSAGES.promoPriceRequired }],
      [
        multibuy(item.id, { kind: 'percent_off', discountPercent: 101 }),
        { discountPercent: MESSAGES.promoPercentRequired },
      ],
      [multibuy(item.id, { kind: 'amount_off' }), { discountAmount: MESSAGES.promoAmountRequired }],
      [multibuy(item.id, { slug: 'Any 3!' }), { slug: MESSAGES.promoSlugInvalid }],
      [multibuy(item.id, { slug: 'crisps-3-for-5' }), { slug: MESSAGES.promoSlugTaken }],
      [multibuy(item.id, { sections: [] }), { sections: MESSAGES.promoSectionsRequired }],
      [
        multibuy(item.id, { startsAt: '2026-12-01T09:00', endsAt: '2026-12-01T09:00' }),
        { endsAt: MESSAGES.promoEndsBeforeStart },
      ],
      [
        multibuy(item.id, { startsAt: '2027-03-28T01:30' }),
        { startsAt: 'This time does not exist in Europe/London: the clocks go forward then.' },
      ],
    ]
    for (const [body, expected] of cases) {
      const answer = await save(body)
      expect(answer.status, JSON.stringify(body)).toBe(422)
      expect(fields(answer.json)).toMatchObject(expected)
    }
    const minMax = await save(
      multibuy(item.id, {
        sections: [
          {
            name: 'Main',
            minimumSelected: 2,
            maximumSelected: 1,
            items: [{ menuItemId: item.id }],
          },
        ],
      })
    )
    expect(minMax.status).toBe(422)
    expect(JSON.stringify(minMax.json)).toContain(
      'In Main, the most a shopper can choose must be at least the fewest.'
    )
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('stores the business-time window as the shop compares it, across month end and clock changes', async () => {
    const item = await plainItem()
    const windows: Array<[string, string, string, string]> = [
      // GMT: wall clock = UTC; the window ends at the month's last minute.
      ['month-end', '2026-11-30T18:00', '2026-11-30T23:59', '2026-11-30T23:59:00.000Z'],
      // BST: an hour ahead of UTC.
      ['summer', '2027-06-30T23:30', '2027-07-01T00:30', '2027-06-30T23:30:00.000Z'],
      // 01:30 on 31 October 2027 happens twice: the first (BST) is meant.
      ['clocks-back', '2027-10-31T00:00', '2027-10-31T01:30', '2027-10-31T00:30:00.000Z'],
    ]
    for (const [slug, startsAt, endsAt, endsAtUtc] of windows) {
      const answer = await save(multibuy(item.id, { slug: `window-${slug}`, startsAt, endsAt }))
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      const deal = OperatorDealSchema.parse(answer.json)
      expect(deal.endsAtUtc).toBe(endsAtUtc)
      expect(deal.startsAt).toBe(startsAt)
      expect(deal.endsAt).toBe(endsAt)
    }
  })

  it('saves a meal deal with sections, choice limits and extra costs, then edits and deactivates it', async () => {
    const world = await operatorWorld()
    const [main, drink] = await Promise.all([
      plainItem(),
      findItem("m.slug like '%-330ml-can' and m.age_restriction is null"),
    ])
    const created = OperatorDealSchema.parse(
      (
        await save({
          slug: 'tea-time',
          name: 'Tea time meal deal',
          kind: 'meal_deal',
          price: 400,
          sections: [
            {
              name: 'Main',
              minimumSelected: 1,
              maximumSelected: 1,
              items: [{ menuItemId: main.id, extraCost: 50 }],
            },
            {
              name: 'Drink',
              minimumSelected: 0,
              maximumSelected: 2,
              items: [{ menuItemId: drink.id }],
            },
          ],
        })
      ).json
    )
    expect(created.sections.map((s) => [s.name, s.minimumSelected, s.maximumSelected])).toEqual([
      ['Main', 1, 1],
      ['Drink', 0, 2],
    ])
    expect(created.sections[0]?.items[0]?.extraCost).toBe(50)

    const category = await env.DB.prepare(
      `select category_id as id, (select count(*) from menu_items where category_id = m.category_id) as n
         from menu_items m where id = ?1`
    )
      .bind(drink.id)
      .first<{ id: number; n: number }>()
    const edited = await operatorCall(
      SAVE,
      {
        ...created,
        dealId: created.dealId,
        isActive: false,
        sections: [
          {
            name: 'Main',
            minimumSelected: 1,
            maximumSelected: 1,
            items: [{ menuItemId: main.id }],
          },
          { name: 'Drink', minimumSelected: 1, maximumSelected: 1, categoryId: category?.id },
        ],
      },
      world.operator
    )
    expect(edited.status, JSON.stringify(edited.json)).toBe(200)
    const deal = OperatorDealSchema.parse(edited.json)
    expect(deal.isActive).toBe(false)
    expect(deal.sections[1]?.items.length).toBeGreaterThanOrEqual(category?.n ?? 1)
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'deal.update', entity_id: created.dealId })
    expect(audit?.summary).toBe('Deal Tea time meal deal changed (deactivated)')
    expect(JSON.parse(audit?.before_json ?? '{}')).toMatchObject({ isActive: true })
  })

  it("answers 404 for another business's item or category, writing nothing", async () => {
    const world = await operatorWorld()
    const before = await fingerprint()
    const foreignItem = await save(multibuy(world.other.menuItemId, { slug: 'foreign-item' }))
    expect(foreignItem.status, JSON.stringify(foreignItem.json)).toBe(404)
    const item = await plainItem()
    const foreignCategory = await save(
      multibuy(item.id, {
        slug: 'foreign-category',
        sections: [
          {
            name: 'Any',
            minimumSelected: 3,
            maximumSelected: 3,
            categoryId: world.other.categoryId,
          },
        ],
      })
    )
    expect(foreignCategory.status).toBe(404)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('lists only the business’s deals, and finds items by name', async () => {
    const world = await operatorWorld()
    const list = await operatorCall('/staff/operator/promotions/deals/list', {}, world.operator)
    const slugs = (list.json as { deals: Array<{ slug: string }> }).deals.map((d) => d.slug)
    expect(slugs).toContain('crisps-3-for-5')
    expect(slugs).not.toContain('milk-deal')
    const items = await operatorCall(
      '/staff/operator/promotions/items',
      { query: 'milk' },
      world.operator
    )
    const names = (items.json as { items: Array<{ name: string }> }).items.map((i) => i.name)
    expect(names.length).toBeGreaterThan(0)
    expect(names).not.toContain('Other grocer milk')
  })
})
