import type { z } from 'zod'
import type { BasketFollow, FollowBasketRequestSchema } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { randomToken } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { findBasketByToken, hashBasketToken } from '../basket-ref-repo.ts'
import { releaseHoldStatements } from '../slots/reservations-repo.ts'
import { answer, type BasketCall } from './change-steps.ts'
import { commitMerge, findMemberBasket, insertBasketTokenStatement } from './follow-repo.ts'
import { mergeCounts, type MergeEntry, type MergePlan, planMerge } from './merge-plan.ts'
import { claimBasket } from './calls.ts'
import {
  type BasketRows,
  findBasketRows,
  findBasketStoreId,
  insertLineStatements,
  insertMealDealStatements,
  lineQuantityStatement,
  moveBasketStatement,
} from './repo.ts'
import { choiceKey, lineChoices, withBasketRetry } from './read.ts'

/*
 * A member's basket is theirs wherever they sign in (issue 35 item 13): every member sign-in
 * calls this with the basket the browser held. The member's newest active basket comes to the
 * browser under a token of its own; what the browser's basket held goes into it (basket/merge-plan.ts)
 * and that basket is closed.
 */

type FollowBody = z.output<typeof FollowBasketRequestSchema>

/** A basket's lines and meal deals as the merge plan sees them. */
function entriesOf(rows: BasketRows): Array<MergeEntry> {
  const byLine = lineChoices(rows.selections)
  return [
    ...rows.lines.map((line): MergeEntry => ({
      ref: line.line_id,
      kind: 'line',
      key: `${line.id}|${choiceKey(byLine.get(line.line_id) ?? [])}`,
      itemId: line.id,
      max: line.max_quantity,
      quantity: line.line_quantity,
      name: line.name,
    })),
    ...rows.mealDeals.map((meal): MergeEntry => ({
      ref: meal.id,
      kind: 'meal',
      key: `meal:${meal.id}`,
      itemId: null,
      max: null,
      quantity: meal.quantity,
      name: meal.name,
    })),
  ]
}

/** The writes that carry a plan out in the member's basket, at the prices the shopper saw. */
function planStatements(
  call: BasketCall,
  memberId: number,
  guest: BasketRows,
  plan: MergePlan
): Array<D1PreparedStatement> {
  const byLine = lineChoices(guest.selections)
  return plan.moves.flatMap((move) => {
    if (move.into) return [lineQuantityStatement(call.db, move.into.ref, move.quantity, call.now)]
    if (move.entry.kind === 'line') {
      const line = guest.lines.find((candidate) => candidate.line_id === move.entry.ref)
      if (!line) return []
      return insertLineStatements(call.db, {
        basketId: memberId,
        itemId: line.id,
        quantity: move.quantity,
        unitPrice: line.stored_price,
        selections: byLine.get(line.line_id) ?? [],
      })
    }
    const meal = guest.mealDeals.find((candidate) => candidate.id === move.entry.ref)
    if (!meal) return []
    return insertMealDealStatements(call.db, {
      basketId: memberId,
      dealId: meal.deal_id,
      quantity: move.quantity,
      unitPrice: meal.stored_price,
      choices: guest.mealDealChoices
        .filter((choice) => choice.basket_meal_deal_id === meal.id)
        .map((choice) => ({ sectionId: choice.deal_section_id, itemId: choice.menu_item_id })),
    })
  })
}

async function rowsNow(
  call: BasketCall,
  businessId: number,
  basketId: number
): Promise<BasketRows | null> {
  const storeId = await findBasketStoreId(call.db, basketId)
  return findBasketRows(call.db, businessId, basketId, storeId, call.now)
}

type MergeOutcome = Pick<BasketFollow, 'outcome' | 'added' | 'dropped'>

/**
 * The browser's basket into the member's, in one batch behind both baskets' versions: its lines
 * (as the plan allows), its slot hold released, itself closed. A member's basket holding nothing
 * first moves to the browser basket's store, so all of it comes. A racing sign-in that merged
 * first leaves nothing to do: the browser's basket is closed, and this one answers 'restored'.
 */
async function mergeInto(
  call: BasketCall,
  businessId: number,
  memberId: number,
  guestId: number
): Promise<MergeOutcome> {
  return withBasketRetry(async (): Promise<MergeOutcome> => {
    const [member, guest] = await Promise.all([
      rowsNow(call, businessId, memberId),
      rowsNow(call, businessId, guestId),
    ])
    if (!member) throw new AppError('not_found', MESSAGES.basketNotFound)
    if (!guest) return { outcome: 'restored', added: 0, dropped: 0 }
    const memberEntries = entriesOf(member)
    const guestEntries = entriesOf(guest)
    const guestStore = guest.basket.store_id
    const move =
      memberEntries.length === 0 && guestStore !== null && guestStore !== member.basket.store_id
    const plan = planMerge(
      { storeId: move ? guestStore : member.basket.store_id, entries: memberEntries },
      { storeId: guestStore, entries: guestEntries },
      move ? guest.basket.max_basket_items : member.basket.max_basket_items
    )
    await commitMerge(
      call.db,
      { id: memberId, version: member.basket.version },
      { id: guestId, version: guest.basket.version },
      call.now,
      [
        ...(move
          ? [
              ...releaseHoldStatements(call.db, memberId, call.now),
              moveBasketStatement(call.db, memberId, guestStore),
            ]
          : []),
        ...planStatements(call, memberId, guest, plan),
        ...releaseHoldStatements(call.db, guestId, call.now),
      ]
    )
    if (guestEntries.length === 0) return { outcome: 'restored', added: 0, dropped: 0 }
    return { outcome: plan.outcome, ...mergeCounts(plan) }
  })
}

/**
 * THE basket step of a member sign-in. Without a basket of the member's the browser's basket
 * becomes theirs (kept); otherwise the member's newest basket comes to this browser (a token of its
 * own is answered) with the browser's basket merged into it and closed.
 */
export async function followMemberBasket(
  call: BasketCall,
  body: FollowBody,
  customerId: number
): Promise<BasketFollow> {
  const { businessId, basketToken } = body
  const browser = basketToken ? await findBasketByToken(call.db, businessId, basketToken) : null
  const member = await findMemberBasket(call.db, {
    businessId,
    brandId: body.brandId ?? null,
    customerId,
  })
  if (browser && basketToken && (!member || member.id === browser.id)) {
    const basket = await claimBasket(call, { ...body, basketToken }, customerId)
    return { outcome: 'kept', added: 0, dropped: 0, basket }
  }
  if (!member) return { outcome: 'none', added: 0, dropped: 0, basket: null }
  const merged = browser
    ? await mergeInto(call, businessId, member.id, browser.id)
    : { outcome: 'restored' as const, added: 0, dropped: 0 }
  const token = randomToken()
  await insertBasketTokenStatement(call.db, member.id, await hashBasketToken(token)).run()
  return { ...merged, basket: await answer(call, businessId, member.id, token) }
}
