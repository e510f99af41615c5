import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type MergeEntry,
  mergeCounts,
  planMerge,
} from '../../../worker/backend/basket/merge-plan.ts'

/*
 * The merge of a browser's basket into a member's on sign-in (issue 35 item 13): nothing is
 * lost without being said, and no item ends past its limit.
 */

const ITEMS = [1, 2, 3]
const itemMax = new Map<number, number | null>([
  [1, null],
  [2, 5],
  [3, 12],
])

/** A basket's lines: at most one line per item, as adds with the same choices keep them. */
const lines = (refBase: number) =>
  fc.uniqueArray(fc.constantFrom(...ITEMS), { maxLength: 3 }).chain((items) =>
    fc.tuple(...items.map(() => fc.integer({ min: 1, max: 6 }))).map((quantities) =>
      items.map((itemId, index): MergeEntry => ({
        ref: refBase + index,
        kind: 'line',
        key: `${itemId}|`,
        itemId,
        max: itemMax.get(itemId) ?? null,
        // The member's own lines are within their limits already.
        quantity: Math.min(quantities[index] ?? 1, itemMax.get(itemId) ?? Infinity),
        name: `Item ${itemId}`,
      }))
    )
  )

const quantityOf = (entries: ReadonlyArray<MergeEntry>, itemId: number) =>
  entries.filter((entry) => entry.itemId === itemId).reduce((sum, entry) => sum + entry.quantity, 0)

describe('planMerge', () => {
  it('at the same store each item ends at min(limit, member + guest); every left-out unit is said', () => {
    fc.assert(
      fc.property(lines(100), lines(200), (member, guest) => {
        const plan = planMerge(
          { storeId: 1, entries: member },
          { storeId: 1, entries: guest },
          null
        )
        expect(plan.outcome).toBe('merged')
        for (const itemId of ITEMS) {
          const a = quantityOf(member, itemId)
          const b = quantityOf(guest, itemId)
          const max = itemMax.get(itemId) ?? Infinity
          const moved = plan.moves.find((move) => move.entry.itemId === itemId)
          const final = moved ? moved.quantity : a
          expect(final).toBe(Math.min(max, a + b))
          const dropped = plan.drops
            .filter((drop) => drop.entry.itemId === itemId)
            .reduce((sum, drop) => sum + drop.quantity, 0)
          expect(final - a + dropped).toBe(b)
          if (dropped > 0)
            expect(plan.drops.every((drop) => drop.reason === 'item_limit')).toBe(true)
        }
      })
    )
  })

  it('never goes past the basket limit, and says what it left out for it', () => {
    fc.assert(
      fc.property(
        lines(100),
        lines(200),
        fc.integer({ min: 0, max: 20 }),
        (member, guest, limit) => {
          const before = member.reduce((sum, entry) => sum + entry.quantity, 0)
          const plan = planMerge(
            { storeId: 1, entries: member },
            { storeId: 1, entries: guest },
            limit
          )
          const { added, dropped } = mergeCounts(plan)
          const guestTotal = guest.reduce((sum, entry) => sum + entry.quantity, 0)
          expect(added + dropped).toBe(guestTotal)
          expect(before + added).toBeLessThanOrEqual(Math.max(before, limit))
        }
      )
    )
  })

  it('moves nothing from another store and reports every line of it', () => {
    fc.assert(
      fc.property(lines(100), lines(200), (member, guest) => {
        const plan = planMerge(
          { storeId: 1, entries: member },
          { storeId: 2, entries: guest },
          null
        )
        expect(plan.outcome).toBe('other_store')
        expect(plan.moves).toEqual([])
        expect(plan.drops.map((drop) => [drop.entry.ref, drop.quantity, drop.reason])).toEqual(
          guest.map((entry) => [entry.ref, entry.quantity, 'other_store'])
        )
      })
    )
  })
})
