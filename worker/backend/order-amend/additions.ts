import { MESSAGES } from '../../../schemas/messages.ts'
import type { AmendAddition } from '../../../schemas/order-amend.ts'
import { AppError } from '../../lib/errors.ts'
import { assertAge, assertLimits } from '../basket/change-steps.ts'
import { menuItemDetails, priceMenuItem } from '../catalogue/service.ts'
import type { AmendAddedLine, AmendLine } from './pricing.ts'

/*
 * Items a shopper adds to their order while amending it (issue 42, ADR 048), by the basket's
 * rules: the store must sell the item now and have it in stock, an age-restricted item needs the
 * shopper's confirmation, and the item's and the store's quantity limits hold over the order as it
 * would be. Each is priced by the catalogue today, as the basket would add it; an item that needs
 * options chosen is refused with the option's message (the amend page adds plain items).
 */

const unavailable = () =>
  new AppError('conflict', MESSAGES.itemUnavailable, { details: { reason: 'item_unavailable' } })

async function priceAddition(
  db: D1Database,
  scope: { businessId: number; storeId: number; now: Date },
  addition: AmendAddition
): Promise<AmendAddedLine & { maxQuantity: number | null }> {
  try {
    const input = { ...scope, itemId: addition.itemId }
    const [item, price] = await Promise.all([
      menuItemDetails(db, input),
      priceMenuItem(db, { ...input, choices: [], quantity: addition.quantity }),
    ])
    if (item.outOfStock) throw unavailable()
    assertAge(item.ageRestriction, addition.ageConfirmed, 'additions.ageConfirmed')
    return {
      itemId: item.id,
      name: item.name,
      ageRestriction: item.ageRestriction,
      quantity: addition.quantity,
      unitPrice: price.unitPrice,
      weighing: item.weighing,
      maxQuantity: item.maxQuantity,
    }
  } catch (error) {
    // An item the store does not sell (any more) is unavailable, as the basket says.
    if (error instanceof AppError && error.message === MESSAGES.productNotFound) {
      throw unavailable()
    }
    throw error
  }
}

/** The additions priced, or the basket's error for the first that cannot be added. */
export async function priceAdditions(
  db: D1Database,
  scope: { businessId: number; storeId: number; maxBasketItems: number | null; now: Date },
  lines: ReadonlyArray<AmendLine>,
  changes: ReadonlyMap<number, number>,
  additions: ReadonlyArray<AmendAddition>
): Promise<Array<AmendAddedLine>> {
  if (additions.length === 0) return []
  const priced = await Promise.all(additions.map((addition) => priceAddition(db, scope, addition)))
  const perItem = new Map<number, number>()
  let before = 0
  let after = 0
  for (const line of lines) {
    const quantity = changes.get(line.id) ?? line.quantity
    before += line.quantity
    after += quantity
    if (line.itemId !== null) perItem.set(line.itemId, (perItem.get(line.itemId) ?? 0) + quantity)
  }
  const itemTotals = new Map<number, { total: number; max: number | null; grew: boolean }>()
  for (const line of priced) {
    after += line.quantity
    const total = (perItem.get(line.itemId) ?? 0) + line.quantity
    perItem.set(line.itemId, total)
    itemTotals.set(line.itemId, { total, max: line.maxQuantity, grew: true })
  }
  assertLimits(
    { basket: { max_basket_items: scope.maxBasketItems } },
    { itemTotals },
    before,
    after
  )
  return priced.map(({ maxQuantity: _max, ...line }) => line)
}
