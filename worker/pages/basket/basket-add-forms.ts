import { lineAmount, weighedQuantityLabel } from '../../../schemas/weighing.ts'
import type { Context } from 'hono'
import { z } from 'zod'
import { ADD_FORM_FIELDS as FIELDS, postedChoices } from '../../../client/lib/basket-add-form.ts'
import { routePath } from '../../../client/lib/routes.ts'
import {
  AddBasketItemRequestSchema,
  AddMealDealRequestSchema,
  BasketSchema,
  type Basket,
} from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken, rememberBasket } from '../../lib/cookies/basket.ts'
import { setFlashWith } from '../../lib/cookies/flash.ts'
import { savedFulfilmentLocation } from '../../lib/cookies/location.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError, isShoppersRefusal } from '../../lib/errors.ts'
import { redirectTo, safePath } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { forgetsForeignBasket } from '../shared/request-basket.ts'
import { requestLocale, requestSay } from '../shared/render.tsx'

/*
 * The add-to-basket forms without JavaScript (issue 35 item 11): the item page, a card's Add and
 * a meal deal post here; the worker makes the island's backend call with the shopper's cookies
 * (as the proxy would) and goes back to the page with a flash saying what was added or why not.
 */

type AddPath = '/basket/items/add' | '/basket/meal-deals/add'

const postedText = z.string().optional().catch(undefined)

/*
 * The add forms' post, read by this schema; its field names are client/lib/basket-add-form.ts's,
 * which the islands' and cards' markup also renders from. The names stay plain constants there,
 * not a schema: the islands render them and must not carry zod (as the heart's, ADR 060). The
 * choices are fields named by their group and value (`choice-<group>-<value>`, that file's
 * builders), read from the whole post by postedChoices. Values stay as posted: the add calls'
 * schemas refuse a bad one, which the page says as a failed add.
 */
const BasketAddFormSchema = z
  .object({
    [FIELDS.storeId]: postedText,
    [FIELDS.itemId]: postedText,
    [FIELDS.dealId]: postedText,
    [FIELDS.quantity]: postedText,
    /** '1' when the shopper ticked the age confirmation. */
    [FIELDS.ageConfirmed]: postedText,
    /** The page to come back to; the Referer when absent. */
    [FIELDS.returnTo]: postedText,
  })
  .catchall(z.string())
  .transform((fields) => ({
    storeId: Number(fields[FIELDS.storeId]),
    itemId: Number(fields[FIELDS.itemId]),
    dealId: Number(fields[FIELDS.dealId]),
    quantity: postedQuantity(fields[FIELDS.quantity]),
    ageConfirmed: fields[FIELDS.ageConfirmed] === '1',
    returnTo: fields[FIELDS.returnTo],
    /** Null when a choice field is malformed (a form the pages never render). */
    choices: postedChoices(fields),
  }))

type BasketAddForm = z.output<typeof BasketAddFormSchema>

/** The page to go back to: the form's returnTo, else the page that posted (Referer), else the basket. */
function returnPath(c: Context<AppEnv>, returnTo: string | undefined): string {
  const url = c.req.url
  return safePath(returnTo, url) ?? safePath(c.req.header('referer'), url) ?? routePath('basket')
}

/** A posted count: digits only, else NaN (the schema refuses it). */
function postedQuantity(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1
  return /^[0-9]{1,4}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN
}

/** What every add names: the tenant, the store, where it goes and the basket token (if any). */
function addScope(c: Context<AppEnv>, storeId: number) {
  const location = savedFulfilmentLocation(c)
  const basketToken = readBasketToken(c)
  return {
    businessId: c.var.brand.businessId,
    brandId: c.var.brand.id,
    storeId,
    ...(basketToken ? { basketToken } : {}),
    ...(location ? { fulfilmentLocation: location } : {}),
    overwrite: false,
  }
}

/**
 * Sends the add; a cookie naming a member's basket this shopper may not use is forgotten and the
 * add goes to a new basket, as the reorder form does.
 */
async function sendAdd(
  c: Context<AppEnv>,
  path: AddPath,
  body: { basketToken?: string }
): Promise<Basket> {
  const send = (request: object) =>
    c.var.backend.post(path, { body: request, token: readAccessToken(c), schema: BasketSchema })
  try {
    return await send(body)
  } catch (error) {
    if (!forgetsForeignBasket(c, error)) throw error
    const { basketToken: _forgotten, ...rest } = body
    return send(rest)
  }
}

/**
 * Adds, then 303 back: 'Added to basket: …' naming the line and its cost, or the backend's
 * refusal in its words (an item limit, the age, another store's basket, a closed store). A form
 * that does not parse adds nothing and says the add failed.
 */
async function addAndReturn<S extends z.ZodType>(
  c: Context<AppEnv>,
  posted: BasketAddForm,
  path: AddPath,
  schema: S,
  request: unknown,
  describe: (basket: Basket, body: z.infer<S>) => string
): Promise<Response> {
  const back = returnPath(c, posted.returnTo)
  const parsed = schema.safeParse(request)
  if (!parsed.success) {
    setFlashWith(c, 'basketAddRefused', MESSAGES.addItemFailed)
    return redirectTo(c, back, 303)
  }
  try {
    const basket = await sendAdd(c, path, parsed.data as { basketToken?: string })
    rememberBasket(c, basket)
    setFlashWith(c, 'basketAdded', describe(basket, parsed.data))
  } catch (error) {
    if (!isShoppersRefusal(error) || !(error instanceof AppError)) throw error
    setFlashWith(c, 'basketAddRefused', error.message)
  }
  return redirectTo(c, back, 303)
}

/** POST /basket/add: an item, with its option choices, from the item page or a card. */
export async function addItemForm(c: Context<AppEnv>): Promise<Response> {
  const posted = BasketAddFormSchema.parse(await readForm(c))
  const { choices, quantity } = posted
  // A malformed choice field is not a form the pages render: null, which the schema refuses.
  const request = choices && {
    ...addScope(c, posted.storeId),
    menuItem: {
      itemId: posted.itemId,
      quantity,
      choices: choices.map((choice) => ({
        optionId: choice.groupId,
        valueId: choice.valueId,
        quantity: choice.quantity,
      })),
      ageConfirmed: posted.ageConfirmed,
    },
  }
  return addAndReturn(
    c,
    posted,
    '/basket/items/add',
    AddBasketItemRequestSchema,
    request,
    (basket, body) => {
      const itemId = body.menuItem.itemId
      const line = basket.lines.find((candidate) => candidate.itemId === itemId)
      if (!line) return `${body.menuItem.quantity} item`
      const chosen = body.menuItem.choices.flatMap((choice) => {
        const named = line.choices.find((candidate) => candidate.valueId === choice.valueId)
        if (!named) return []
        return [choice.quantity > 1 ? `${choice.quantity} × ${named.valueName}` : named.valueName]
      })
      const { quantity } = body.menuItem
      if (line.weighing) {
        // A weighed item says its weight and that its price is an estimate (ADR 039).
        const amount = lineAmount({ quantity, unitPrice: line.unitPrice, weighing: line.weighing })
        // Said in the brand's language here: the flash's own message is localised on display,
        // but the line it carries is a value, which that leaves as it is.
        const say = requestSay(c)
        const what = `${weighedQuantityLabel(line.weighing, quantity, say, requestLocale(c))} ${line.name}`
        return `${what}, ${say(MESSAGES.pageEstimated, formatMoney(amount, requestLocale(c)))}`
      }
      const what = `${quantity} × ${line.name}`
      const described = chosen.length > 0 ? `${what} (${chosen.join(', ')})` : what
      return `${described}, ${formatMoney(line.unitPrice * quantity, requestLocale(c))}`
    }
  )
}

/** POST /basket/add-meal-deal: a meal deal with one choice or more per section. */
export async function addMealDealForm(c: Context<AppEnv>): Promise<Response> {
  const posted = BasketAddFormSchema.parse(await readForm(c))
  const { choices } = posted
  // A malformed choice field, or one ticked more than once, is not a form the page renders.
  const request = choices?.every((choice) => choice.quantity === 1) && {
    ...addScope(c, posted.storeId),
    dealId: posted.dealId,
    quantity: posted.quantity,
    choices: choices.map((choice) => ({ sectionId: choice.groupId, itemId: choice.valueId })),
    ageConfirmed: posted.ageConfirmed,
  }
  return addAndReturn(
    c,
    posted,
    '/basket/meal-deals/add',
    AddMealDealRequestSchema,
    request,
    (basket, body) => {
      const deal = basket.mealDeals.find((candidate) => candidate.dealId === body.dealId)
      return deal ? `${body.quantity} × ${deal.name}` : `${body.quantity} meal deal`
    }
  )
}
