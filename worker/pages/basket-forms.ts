import type { Context } from 'hono'
import {
  SUBSTITUTES_FIELDS,
  SUBSTITUTES_INTENT,
} from '../../client/components/basket/SubstitutesSwitch.tsx'
import { routePath } from '../../client/lib/routes.ts'
import { BasketSchema, UpdateSubstitutesRequestSchema } from '../../schemas/basket.ts'
import type { AppEnv } from '../env.ts'
import { rememberBasket } from '../lib/cookies/basket.ts'
import { setFlash } from '../lib/cookies/flash.ts'
import { readAccessToken } from '../lib/cookies/session.ts'
import { isShoppersRefusal } from '../lib/errors.ts'
import { redirectTo } from '../lib/redirect.ts'
import { readForm } from './forms.ts'
import { basketScope, forgetsForeignBasket } from './request-basket.ts'

/** What the substitutes form asks for: one line, one meal deal or (neither) every item. */
export interface SubstitutesChange {
  basketLineId?: number
  basketMealDealId?: number
  allowSubstitutes: boolean
}

/** A posted id: digits only (an empty field is no id; anything else is not a valid form). */
function formId(value: string | undefined): number | undefined | null {
  if (value === undefined || value === '') return undefined
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null
}

/**
 * The substitutes form as the backend call's fields, or null when it is not one (another intent,
 * a malformed id, both ids, an allowSubstitutes other than '1' or '0').
 */
export function substitutesChangeOf(form: Record<string, string>): SubstitutesChange | null {
  if (form[SUBSTITUTES_FIELDS.intent] !== SUBSTITUTES_INTENT) return null
  const allow = form[SUBSTITUTES_FIELDS.allowSubstitutes]
  if (allow !== '1' && allow !== '0') return null
  const basketLineId = formId(form[SUBSTITUTES_FIELDS.basketLineId])
  const basketMealDealId = formId(form[SUBSTITUTES_FIELDS.basketMealDealId])
  if (basketLineId === null || basketMealDealId === null) return null
  if (basketLineId !== undefined && basketMealDealId !== undefined) return null
  return {
    ...(basketLineId !== undefined ? { basketLineId } : {}),
    ...(basketMealDealId !== undefined ? { basketMealDealId } : {}),
    allowSubstitutes: allow === '1',
  }
}

/**
 * POST /basket, the basket page's forms without JavaScript: the substitutes switch (a line, a
 * meal deal or every item). Always 303 back to the basket with a flash saying whether it was
 * saved; a refused or malformed change writes nothing.
 */
export async function basketForm(c: Context<AppEnv>): Promise<Response> {
  const form = await readForm(c)
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
