/*
 * The basket page's line forms (− / + and Remove), which post to the basket page so they work
 * without JavaScript (worker/pages/basket-forms.ts reads them, issue 35 item 2 of H2); the editor
 * island sends the same change to the API instead.
 */

/** The fields a line form posts (the ids name one line or one meal deal). */
export const LINE_FORM_FIELDS = {
  intent: 'intent',
  basketLineId: 'basketLineId',
  basketMealDealId: 'basketMealDealId',
  quantity: 'quantity',
} as const

/** The intents of the line forms: set a quantity (the − or + pressed carries it), remove. */
export const LINE_FORM_INTENTS = { quantity: 'quantity', remove: 'remove' } as const
