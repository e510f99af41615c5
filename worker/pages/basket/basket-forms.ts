import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import {
  type Basket,
  BasketSchema,
  UpdateBasketRequestSchema,
  UpdateSubstitutesRequestSchema,
} from '../../../schemas/basket.ts'
import {
  BasketPostSchema,
  LINE_FORM_INTENTS,
  LineFormSchema,
  replacementIdOf,
  SubstitutesFormSchema,
} from '../../../schemas/forms/basket.ts'
import type { AppEnv } from '../../env.ts'
import { rememberBasket } from '../../lib/cookies/basket.ts'
import { setFlash, setFlashWith } from '../../lib/cookies/flash.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError, isShoppersRefusal } from '../../lib/errors.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { basketScope, forgetsForeignBasket, requestBasket } from '../shared/request-basket.ts'

/** What the substitutes form asks for: one line, one meal deal or (neither) every item. */
export interface SubstitutesChange {
  basketLineId?: number
  basketMealDealId?: number
  allowSubstitutes?: boolean
  substitution?: 'best_match' | 'replacement'
  replacementItemId?: number
}

/**
 * The substitutes form as the backend call's fields, or null when it is not one (another intent,
 * a malformed id, both ids, an allowSubstitutes other than '1' or '0').
 */
export function substitutesChangeOf(form: Record<string, string>): SubstitutesChange | null {
  const parsed = SubstitutesFormSchema.safeParse(form)
  if (!parsed.success) return null
  const { basketLineId, basketMealDealId, allowSubstitutes: allow, substitution } = parsed.data
  const replacementItemId = replacementIdOf(parsed.data.replacementItemId)
  const choice: Pick<
    SubstitutesChange,
    'allowSubstitutes' | 'substitution' | 'replacementItemId'
  > | null =
    allow === '1' || allow === '0'
      ? { allowSubstitutes: allow === '1' }
      : substitution === 'best_match'
        ? { substitution: 'best_match' }
        : substitution === 'replacement' && replacementItemId
          ? { substitution: 'replacement', replacementItemId }
          : null
  if (!choice) return null
  return {
    ...(basketLineId !== undefined ? { basketLineId } : {}),
    ...(basketMealDealId !== undefined ? { basketMealDealId } : {}),
    ...choice,
  }
}

/** What a line form asks for: one line or one meal deal to this quantity (0 removes it). */
export interface LineChange {
  target: { basketLineId: number } | { basketMealDealId: number }
  quantity: number
  remove: boolean
}

/**
 * A line form (− / +, Remove) as the change it asks for, or null when it is not one (another
 * intent, no id or both, a malformed id or quantity).
 */
export function lineChangeOf(form: Record<string, string>): LineChange | null {
  const parsed = LineFormSchema.safeParse(form)
  if (!parsed.success) return null
  const { intent, basketLineId, basketMealDealId, quantity } = parsed.data
  const target =
    basketLineId !== undefined ? { basketLineId } : { basketMealDealId: basketMealDealId ?? 0 }
  if (intent === LINE_FORM_INTENTS.remove) return { target, quantity: 0, remove: true }
  return { target, quantity: Number(quantity), remove: Number(quantity) === 0 }
}

/** The name of the line or meal deal a change names, as the basket shows it (null: none such). */
function lineName(basket: Basket | null, change: LineChange): string | null {
  if (!basket) return null
  if ('basketLineId' in change.target) {
    const { basketLineId } = change.target
    return basket.lines.find((line) => line.basketLineId === basketLineId)?.name ?? null
  }
  const { basketMealDealId } = change.target
  return basket.mealDeals.find((deal) => deal.basketMealDealId === basketMealDealId)?.name ?? null
}

/**
 * A line form without JavaScript: the quantity set (0 removes) through POST /basket/update, then
 * 303 back to the basket with a flash naming what changed, or the backend's refusal (an item
 * limit) in its words. A line that is not in the basket, or a malformed form, changes nothing.
 */
async function lineForm(c: Context<AppEnv>, change: LineChange | null): Promise<Response> {
  const back = () => redirectTo(c, routePath('basket'), 303)
  const failed = change?.remove ? 'removeItemFailed' : 'updateQuantityFailed'
  const scope = basketScope(c)
  const parsed = UpdateBasketRequestSchema.safeParse({
    ...scope,
    updates: change ? [{ ...change.target, quantity: change.quantity }] : [],
  })
  if (!scope || !change || !parsed.success) {
    setFlash(c, failed)
    return back()
  }
  try {
    const name = lineName(await requestBasket(c), change)
    if (!name) throw new AppError('not_found', MESSAGES.updateItemFailed)
    const basket = await c.var.backend.post('/basket/update', {
      body: parsed.data,
      token: readAccessToken(c),
      schema: BasketSchema,
    })
    rememberBasket(c, basket)
    if (change.quantity === 0) setFlashWith(c, 'basketLineRemoved', name)
    else setFlashWith(c, 'basketQuantityChanged', `${change.quantity} × ${name}`)
  } catch (error) {
    if (forgetsForeignBasket(c, error)) setFlash(c, failed)
    else if (error instanceof AppError && error.code === 'conflict') {
      setFlashWith(c, 'basketChangeRefused', error.message)
    } else if (isShoppersRefusal(error)) setFlash(c, failed)
    else throw error
  }
  return back()
}

/**
 * POST /basket, the basket page's forms without JavaScript: − / + and Remove of a line or meal
 * deal, and the substitutes switch (a line, a meal deal or every item). Always 303 back to the
 * basket with a flash saying what changed; a refused or malformed change writes nothing.
 */
export async function basketForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
  const { intent } = BasketPostSchema.parse(form)
  if (intent === LINE_FORM_INTENTS.quantity || intent === LINE_FORM_INTENTS.remove) {
    return lineForm(c, lineChangeOf(form))
  }
  const scope = basketScope(c)
  const change = substitutesChangeOf(form)
  const parsed = UpdateSubstitutesRequestSchema.safeParse({ ...scope, ...change })
  if (!scope || !change || !parsed.success) {
    setFlash(c, 'substitutesUpdateFailed')
    return redirectTo(c, routePath('basket'), 303)
  }
  try {
    const basket = await c.var.backend.post('/basket/substitutes', {
      body: parsed.data,
      token: readAccessToken(c),
      schema: BasketSchema,
    })
    rememberBasket(c, basket)
    setFlash(c, 'substitutesSaved')
  } catch (error) {
    // A member's basket this shopper may not use: the cookie goes, the page shows an empty basket.
    if (!forgetsForeignBasket(c, error) && !isShoppersRefusal(error)) throw error
    setFlash(c, 'substitutesUpdateFailed')
  }
  return redirectTo(c, routePath('basket'), 303)
}
