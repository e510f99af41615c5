import type { z } from 'zod'
import type { Basket } from '../../../schemas/basket.ts'
import type { OptionChoice } from '../../../schemas/item-options.ts'
import type { ReorderRequestSchema, ReorderResult } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { storeForAdd, type BasketCall } from '../basket/change-steps.ts'
import { addBasketItem, addMealDeal } from '../basket/calls.ts'
import {
  findReorderLines,
  type ReorderChoiceRow,
  type ReorderDealChoiceRow,
  type ReorderLineRow,
} from './repo.ts'
import { requireMemberOrder } from './service.ts'

/** One order line as an add of the basket domain, or why it cannot be one any more. */
export type ReorderPlan =
  | { kind: 'item'; line: ReorderLineRow; itemId: number; choices: Array<OptionChoice> }
  | {
      kind: 'meal_deal'
      line: ReorderLineRow
      dealId: number
      choices: Array<{ sectionId: number; itemId: number }>
    }
  | { kind: 'gone'; line: ReorderLineRow }

/**
 * What adding the order again asks of the basket, line by line (pure). An item deleted from the
 * catalogue, an option value gone, or a meal deal whose deal or items are no longer offered is
 * 'gone': it is reported, never guessed.
 */
export function reorderPlans(
  lines: ReadonlyArray<ReorderLineRow>,
  choices: ReadonlyArray<ReorderChoiceRow>,
  dealChoices: ReadonlyArray<ReorderDealChoiceRow>
): Array<ReorderPlan> {
  return lines.map((line): ReorderPlan => {
    if (line.kind === 'meal_deal') {
      const picked = dealChoices.filter((choice) => choice.parent_line_id === line.id)
      const complete = picked.every(
        (choice) => choice.section_id !== null && choice.menu_item_id !== null
      )
      if (line.deal_id === null || picked.length === 0 || !complete) return { kind: 'gone', line }
      return {
        kind: 'meal_deal',
        line,
        dealId: line.deal_id,
        choices: picked.map((choice) => ({
          sectionId: choice.section_id ?? 0,
          itemId: choice.menu_item_id ?? 0,
        })),
      }
    }
    const own = choices.filter((choice) => choice.order_line_id === line.id)
    const intact = own.every(
      (choice) => choice.option_id !== null && choice.option_value_id !== null
    )
    if (line.menu_item_id === null || !intact) return { kind: 'gone', line }
    return {
      kind: 'item',
      line,
      itemId: line.menu_item_id,
      choices: own.map((choice) => ({
        optionId: choice.option_id ?? 0,
        valueId: choice.option_value_id ?? 0,
        quantity: choice.quantity,
      })),
    }
  })
}

function isStoreConflict(error: unknown): boolean {
  return error instanceof AppError && error.details?.reason === 'basket_store_conflict'
}

/**
 * Spec §7 Reorder: adds the member's order's lines to the basket (the token's, or a new one) at
 * the same store, through the basket's own add operations, so today's prices, stock, limits and
 * age rules apply as for any add. A line that cannot be added is answered in notAdded with the
 * basket's reason. A basket of another store holding items answers conflict 'You are about to
 * overwrite your basket…' (details.reason basket_store_conflict) until overwrite is true; a store
 * that takes no orders now, or does not offer the method, answers conflict 'There was an error
 * adding your items to the basket' (details.reason reorder_failed). Nothing is added then.
 */
export async function reorder(
  call: BasketCall,
  customerId: number,
  body: z.output<typeof ReorderRequestSchema>
): Promise<ReorderResult> {
  const order = await requireMemberOrder(call.db, customerId, body)
  try {
    await storeForAdd(call, body.businessId, order.store_id, body.fulfilmentMethod)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    throw new AppError('conflict', MESSAGES.addItemsFailed, {
      details: { reason: 'reorder_failed', cause: error.message },
    })
  }
  const { lines, choices, dealChoices } = await findReorderLines(call.db, order.id)
  const ageConfirmed = order.age_verified === 1
  const result: ReorderResult = { basket: null, added: [], notAdded: [] }
  let basketToken = body.basketToken
  let newToken: string | undefined
  for (const plan of reorderPlans(lines, choices, dealChoices)) {
    const outcome = { lineId: plan.line.id, name: plan.line.name, quantity: plan.line.quantity }
    if (plan.kind === 'gone') {
      result.notAdded.push({ ...outcome, reason: MESSAGES.itemUnavailable })
      continue
    }
    const common = {
      businessId: body.businessId,
      brandId: body.brandId,
      basketToken,
      storeId: order.store_id,
      fulfilmentMethod: body.fulfilmentMethod,
      // Only the first add can meet a basket of another store; after it the basket is here.
      overwrite: body.overwrite && result.added.length === 0,
    }
    let basket: Basket
    try {
      basket =
        plan.kind === 'item'
          ? await addBasketItem(call, {
              ...common,
              menuItem: {
                itemId: plan.itemId,
                quantity: plan.line.quantity,
                choices: plan.choices,
                ageConfirmed,
              },
            })
          : await addMealDeal(call, {
              ...common,
              dealId: plan.dealId,
              quantity: plan.line.quantity,
              choices: plan.choices,
              ageConfirmed,
            })
    } catch (error) {
      if (isStoreConflict(error) || !(error instanceof AppError)) throw error
      if (error.code === 'unauthorized' || error.code === 'forbidden') throw error
      result.notAdded.push({ ...outcome, reason: error.message })
      continue
    }
    if (basket.basketToken) {
      basketToken = basket.basketToken
      newToken = basket.basketToken
    }
    result.added.push(outcome)
    result.basket = basket
  }
  if (result.basket && newToken) result.basket = { ...result.basket, basketToken: newToken }
  return result
}
