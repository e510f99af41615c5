import type { z } from 'zod'
import type {
  AddBasketItemRequestSchema,
  AddMealDealRequestSchema,
  Basket,
  ClearBasketRequestSchema,
  GetOrCreateBasketRequestSchema,
  RemoveBasketItemRequestSchema,
  RemoveMealDealRequestSchema,
  UpdateBasketItemRequestSchema,
  UpdateBasketRequestSchema,
  UpdateTipRequestSchema,
  UpdateBasketCreditRequestSchema,
  UpdateSubstitutesRequestSchema,
  ClaimBasketRequestSchema,
  SimilarItems,
  SimilarItemsRequestSchema,
} from '../../../schemas/basket.ts'
import { requestedSubstitution, SIMILAR_ITEMS_LIMIT } from '../../../schemas/basket.ts'
import type { MenuItem } from '../../../schemas/catalogue.ts'
import { DEFAULT_FULFILMENT_METHOD } from '../../../schemas/constants.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { dealDetails, menuItemDetails, priceMenuItem } from '../catalogue/service.ts'
import { releaseHoldStatements } from '../slots/reservations-repo.ts'
import {
  addToLineStatement,
  ageConfirmedStatement,
  claimBasketStatement,
  findBasketCustomerId,
  insertMealDealStatements,
  lineQuantityStatement,
  mealDealQuantityStatement,
  substitutesStatements,
  findSimilarItems,
  type BasketRows,
  tipStatement,
  useCreditStatement,
  updateLineStatements,
  emptyBasketStatements,
  insertLineStatements,
} from './repo.ts'
import {
  assertMethodOffered,
  choiceKey,
  findCallBasket,
  lineChoices,
  loadStore,
  normaliseChoices,
  readBasket,
  requireBasket,
} from './read.ts'
import {
  addToBasket,
  answer,
  assertAge,
  assertLimits,
  type BasketCall,
  changeBasket,
  createBasket,
  heldQuantities,
  locationStatements,
  methodStatements,
  readAddTarget,
  rowsOf,
  saveLocation,
  storeForAdd,
} from './change-steps.ts'

// --- Calls ------------------------------------------------------------------------------------

export async function getOrCreateBasket(
  call: BasketCall,
  body: z.output<typeof GetOrCreateBasketRequestSchema>
): Promise<Basket> {
  const found = body.basketToken
    ? await findCallBasket(call, body.businessId, body.basketToken)
    : null
  if (found) {
    await saveLocation(call, body.businessId, found.id, found.storeId, body.fulfilmentLocation)
    return readBasket(call.db, body.businessId, found.id, found.storeId, call.now)
  }
  const method = body.fulfilmentMethod ?? DEFAULT_FULFILMENT_METHOD
  if (body.storeId !== undefined) {
    const store = await loadStore(call.db, body.businessId, body.storeId, call.now)
    if (body.fulfilmentMethod) assertMethodOffered(store.details, body.fulfilmentMethod)
  }
  const created = await createBasket(call, body.businessId, body.storeId ?? null, method)
  await saveLocation(
    call,
    body.businessId,
    created.id,
    body.storeId ?? null,
    body.fulfilmentLocation
  )
  return answer(call, body.businessId, created.id, created.token)
}

export async function clearBasket(
  call: BasketCall,
  body: z.output<typeof ClearBasketRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    ...emptyBasketStatements(call.db, rows.basket.id),
    ...releaseHoldStatements(call.db, rows.basket.id, call.now),
  ])
}

export async function addBasketItem(
  call: BasketCall,
  body: z.output<typeof AddBasketItemRequestSchema>
): Promise<Basket> {
  const { businessId, storeId, menuItem } = body
  // The store, the item and the basket are read together (ADR 065); refusals keep their order:
  // the store's, then the item's, then the basket's.
  const storeRead = storeForAdd(call, businessId, storeId, body.fulfilmentMethod)
  const itemRead = pricedItem(call, body)
  const basketRead = readAddTarget(call, businessId, body.basketToken)
  for (const later of [itemRead, basketRead]) void later.catch(() => undefined)
  const store = await storeRead
  const { item, unitPrice } = await itemRead
  if (item.outOfStock) {
    throw new AppError('conflict', MESSAGES.itemUnavailable, {
      details: { reason: 'item_unavailable' },
    })
  }
  assertAge(item.ageRestriction, menuItem.ageConfirmed, 'menuItem.ageConfirmed')

  const choices = normaliseChoices(menuItem.choices)
  const key = choiceKey(choices)
  return addToBasket(
    call,
    businessId,
    body,
    store,
    (rows, moved) => {
      // After a move the basket starts empty: limits count from nothing.
      const held = moved ? { perItem: new Map<number, number>(), total: 0 } : heldQuantities(rows)
      const itemTotal = (held.perItem.get(item.id) ?? 0) + menuItem.quantity
      assertLimits(
        rows,
        {
          itemTotals: new Map([[item.id, { total: itemTotal, max: item.maxQuantity, grew: true }]]),
        },
        held.total,
        held.total + menuItem.quantity
      )
      const byLine = lineChoices(rows.selections)
      const same = moved
        ? undefined
        : rows.lines.find(
            (line) => line.id === item.id && choiceKey(byLine.get(line.line_id) ?? []) === key
          )
      const write = same
        ? [
            addToLineStatement(call.db, same.line_id, {
              quantity: menuItem.quantity,
              unitPrice,
              now: call.now,
            }),
          ]
        : insertLineStatements(call.db, {
            basketId: rows.basket.id,
            itemId: item.id,
            quantity: menuItem.quantity,
            unitPrice,
            selections: choices,
          })
      const age =
        item.ageRestriction !== null && menuItem.ageConfirmed
          ? [ageConfirmedStatement(call.db, rows.basket.id, call.now)]
          : []
      return [...write, ...age]
    },
    await basketRead
  )
}

/** The item an add names at its store, and its unit price with the choices asked for. */
async function pricedItem(
  call: BasketCall,
  { businessId, storeId, menuItem }: z.output<typeof AddBasketItemRequestSchema>
): Promise<{ item: MenuItem; unitPrice: number }> {
  try {
    const [item, price] = await Promise.all([
      menuItemDetails(call.db, { businessId, storeId, itemId: menuItem.itemId, now: call.now }),
      priceMenuItem(call.db, {
        businessId,
        storeId,
        itemId: menuItem.itemId,
        choices: menuItem.choices,
        quantity: menuItem.quantity,
        now: call.now,
      }),
    ])
    return { item, unitPrice: price.unitPrice }
  } catch (error) {
    // An item the store does not sell (any more) is unavailable, not an unknown page.
    if (error instanceof AppError && error.message === MESSAGES.productNotFound) {
      throw new AppError('conflict', MESSAGES.itemUnavailable, {
        details: { reason: 'item_unavailable' },
      })
    }
    throw error
  }
}

export async function updateBasketItem(
  call: BasketCall,
  body: z.output<typeof UpdateBasketItemRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, async (rows) => {
    const line = rows.lines.find((candidate) => candidate.line_id === body.basketLineId)
    if (!line || rows.basket.store_id === null) {
      throw new AppError('not_found', MESSAGES.updateItemFailed)
    }
    const storeId = rows.basket.store_id
    const choices = body.menuItem.choices ? normaliseChoices(body.menuItem.choices) : null
    let unitPrice = line.stored_price
    if (choices) {
      const price = await priceMenuItem(call.db, {
        businessId: body.businessId,
        storeId,
        itemId: line.id,
        choices,
        quantity: body.menuItem.quantity,
        now: call.now,
      })
      unitPrice = price.unitPrice
    }
    const held = heldQuantities(rows)
    const delta = body.menuItem.quantity - line.line_quantity
    assertLimits(
      rows,
      {
        itemTotals: new Map([
          [
            line.id,
            {
              total: (held.perItem.get(line.id) ?? 0) + delta,
              max: line.max_quantity,
              grew: delta > 0,
            },
          ],
        ]),
      },
      held.total,
      held.total + delta
    )
    return updateLineStatements(call.db, line.line_id, {
      quantity: body.menuItem.quantity,
      unitPrice,
      now: call.now,
      choices,
    })
  })
}

export async function removeBasketItem(
  call: BasketCall,
  body: z.output<typeof RemoveBasketItemRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (!rows.lines.some((line) => line.line_id === body.basketLineId)) {
      throw new AppError('not_found', MESSAGES.removeItemFailed)
    }
    return [lineQuantityStatement(call.db, body.basketLineId, 0, call.now)]
  })
}

/** Spec §7 Update: the fulfilment method and/or quantities (0 removes a line or meal deal). */
export async function updateBasket(
  call: BasketCall,
  body: z.output<typeof UpdateBasketRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, async (rows) => {
    if (body.fulfilmentMethod && rows.basket.store_id !== null) {
      const store = await loadStore(call.db, body.businessId, rows.basket.store_id, call.now)
      assertMethodOffered(store.details, body.fulfilmentMethod)
    }
    const held = heldQuantities(rows)
    const perItem = new Map(held.perItem)
    const grew = new Set<number>()
    let after = held.total
    const statements: Array<D1PreparedStatement> = []
    for (const update of body.updates) {
      if (update.basketLineId !== undefined) {
        const line = rows.lines.find((candidate) => candidate.line_id === update.basketLineId)
        if (!line) throw new AppError('not_found', MESSAGES.updateQuantityFailed)
        const delta = update.quantity - line.line_quantity
        perItem.set(line.id, (perItem.get(line.id) ?? 0) + delta)
        if (delta > 0) grew.add(line.id)
        after += delta
        statements.push(lineQuantityStatement(call.db, line.line_id, update.quantity, call.now))
      } else {
        const meal = rows.mealDeals.find((candidate) => candidate.id === update.basketMealDealId)
        if (!meal) throw new AppError('not_found', MESSAGES.updateQuantityFailed)
        after += update.quantity - meal.quantity
        statements.push(mealDealQuantityStatement(call.db, meal.id, update.quantity))
      }
    }
    const itemTotals = new Map(
      [...perItem].map(([itemId, total]) => [
        itemId,
        {
          total,
          max: rows.lines.find((line) => line.id === itemId)?.max_quantity ?? null,
          grew: grew.has(itemId),
        },
      ])
    )
    assertLimits(rows, { itemTotals }, held.total, after)
    const method = body.fulfilmentMethod ?? rows.basket.fulfilment_method
    return [
      ...methodStatements(call, rows, method),
      ...locationStatements(call, rows, body.fulfilmentLocation),
      ...statements,
    ]
  })
}

export async function addMealDeal(
  call: BasketCall,
  body: z.output<typeof AddMealDealRequestSchema>
): Promise<Basket> {
  const { businessId, storeId } = body
  // Read together as an item's add reads (ADR 065), refusals in the same order.
  const storeRead = storeForAdd(call, businessId, storeId, body.fulfilmentMethod)
  const dealRead = dealDetails(call.db, { businessId, storeId, dealId: body.dealId, now: call.now })
  const basketRead = readAddTarget(call, businessId, body.basketToken)
  for (const later of [dealRead, basketRead]) void later.catch(() => undefined)
  const store = await storeRead
  const details = await dealRead
  const fieldError = (field: string, message: string) =>
    new AppError('validation_error', message, { fields: [{ field, message }] })
  if (details.deal.kind !== 'meal_deal' || details.deal.price === null) {
    throw fieldError('dealId', MESSAGES.validationError)
  }
  let premiums = 0
  let age: number | null = null
  body.choices.forEach((choice, index) => {
    const section = details.sections.find((candidate) => candidate.id === choice.sectionId)
    const item = section?.items.find((candidate) => candidate.id === choice.itemId)
    if (!section || !item) throw fieldError(`choices.${index}`, MESSAGES.optionUnknown)
    if (item.outOfStock) {
      throw new AppError('conflict', MESSAGES.itemUnavailable, {
        details: { reason: 'item_unavailable' },
      })
    }
    premiums += item.extraCost
    if (item.ageRestriction !== null) age = Math.max(age ?? 0, item.ageRestriction)
  })
  for (const section of details.sections) {
    const count = body.choices.filter((choice) => choice.sectionId === section.id).length
    if (count < section.minimumSelected) {
      throw fieldError(`sections.${section.id}`, formatMessage('optionChoose', section.name))
    }
    if (count > section.maximumSelected) {
      throw fieldError(
        `sections.${section.id}`,
        formatMessage('optionChooseUpTo', section.maximumSelected, section.name)
      )
    }
  }
  assertAge(age, body.ageConfirmed, 'ageConfirmed')
  const unitPrice = details.deal.price + premiums
  return addToBasket(
    call,
    businessId,
    body,
    store,
    (rows, moved) => {
      const before = moved ? 0 : heldQuantities(rows).total
      assertLimits(rows, { itemTotals: new Map() }, before, before + body.quantity)
      return [
        ...insertMealDealStatements(call.db, {
          basketId: rows.basket.id,
          dealId: body.dealId,
          quantity: body.quantity,
          unitPrice,
          choices: body.choices,
        }),
        ...(age !== null ? [ageConfirmedStatement(call.db, rows.basket.id, call.now)] : []),
      ]
    },
    await basketRead
  )
}

export async function removeMealDeal(
  call: BasketCall,
  body: z.output<typeof RemoveMealDealRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (!rows.mealDeals.some((meal) => meal.id === body.basketMealDealId)) {
      throw new AppError('not_found', MESSAGES.removeItemFailed)
    }
    return [mealDealQuantityStatement(call.db, body.basketMealDealId, 0)]
  })
}

export async function updateTip(
  call: BasketCall,
  body: z.output<typeof UpdateTipRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    tipStatement(call.db, rows.basket.id, body.tip),
  ])
}

/** POST /basket/credit: pay with the member's store credit or not (ADR 020). */
export async function updateBasketCredit(
  call: BasketCall,
  body: z.output<typeof UpdateBasketCreditRequestSchema>
): Promise<Basket> {
  return changeBasket(call, body.businessId, body.basketToken, (rows) => [
    useCreditStatement(call.db, rows.basket.id, body.useCredit),
  ])
}

/**
 * The shopper's substitution choice for one line, one meal deal, or every line and meal deal
 * (neither named). A line or meal deal that is not this basket's answers not_found, a replacement
 * that is not one of the line's similar items (or a meal deal asked for one) invalid, with nothing
 * written. Prices and totals do not depend on it.
 */
export async function updateSubstitutes(
  call: BasketCall,
  body: z.output<typeof UpdateSubstitutesRequestSchema>
): Promise<Basket> {
  const choice = requestedSubstitution(body)
  return changeBasket(call, body.businessId, body.basketToken, async (rows) => {
    const { basketLineId: lineId, basketMealDealId: mealDealId } = body
    const line = rows.lines.find((candidate) => candidate.line_id === lineId)
    const known =
      lineId !== undefined
        ? line !== undefined
        : mealDealId !== undefined
          ? rows.mealDeals.some((meal) => meal.id === mealDealId)
          : true
    if (!known) throw new AppError('not_found', MESSAGES.substitutesUpdateFailed)
    const replacementItemId = body.replacementItemId ?? null
    if (replacementItemId !== null) {
      const similar = line ? await similarTo(call, body.businessId, rows, line.id) : []
      if (!similar.some((item) => item.id === replacementItemId)) {
        throw new AppError('validation_error', MESSAGES.substituteNotSimilar)
      }
    }
    return substitutesStatements(
      call.db,
      rows.basket.id,
      { lineId, mealDealId },
      { allow: choice !== 'none', replacementItemId },
      call.now
    )
  })
}

/** The items a line's replacement may be chosen from (none while the basket has no store). */
export async function similarItems(
  call: BasketCall,
  body: z.output<typeof SimilarItemsRequestSchema>
): Promise<SimilarItems> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  const rows = await rowsOf(call, body.businessId, ref.id, ref.storeId)
  const line = rows.lines.find((candidate) => candidate.line_id === body.basketLineId)
  if (!line) throw new AppError('not_found', MESSAGES.substitutesUpdateFailed)
  const items = await similarTo(call, body.businessId, rows, line.id)
  return {
    basketLineId: body.basketLineId,
    items: items.map((item) => ({
      itemId: item.id,
      name: item.name,
      size: item.size,
      price: item.price,
    })),
  }
}

function similarTo(call: BasketCall, businessId: number, rows: BasketRows, menuItemId: number) {
  if (rows.basket.store_id === null) return Promise.resolve([])
  return findSimilarItems(call.db, {
    businessId,
    storeId: rows.basket.store_id,
    menuItemId,
    limit: SIMILAR_ITEMS_LIMIT,
  })
}

/**
 * A guest basket becomes the member's on sign-in: customer_id is set when it is null. A basket of
 * another member is refused (forbidden) with nothing written; the member's own basket answers
 * unchanged (its version not bumped).
 */
export async function claimBasket(
  call: BasketCall,
  body: z.output<typeof ClaimBasketRequestSchema>,
  customerId: number
): Promise<Basket> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  const owner = await findBasketCustomerId(call.db, ref.id)
  if (owner === customerId) return answer(call, body.businessId, ref.id)
  return changeBasket(call, body.businessId, body.basketToken, (rows) => {
    if (rows.basket.customer_id !== null && rows.basket.customer_id !== customerId) {
      throw new AppError('forbidden', MESSAGES.basketOfAnotherMember)
    }
    return [claimBasketStatement(call.db, rows.basket.id, customerId)]
  })
}
