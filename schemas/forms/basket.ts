import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/*
 * The basket page's forms without JavaScript (− / +, Remove, the substitutes switch and the
 * replacement choice): the views take their field names from these schemas and
 * worker/pages/basket/basket-forms.ts parses a post with them. The editor island sends the same change
 * to the API instead.
 */

/** A posted id: digits only; an empty field is no id, anything else is not a valid form. */
const FormId = z.union([
  z.literal('').transform(() => undefined),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
])

/** The intents of the line forms: set a quantity (the − or + pressed carries it), remove. */
export const LINE_FORM_INTENTS = { quantity: 'quantity', remove: 'remove' } as const

/** A line form: one line or one meal deal (never both) to a quantity of up to three digits. */
export const LineFormSchema = z
  .object({
    intent: z.enum([LINE_FORM_INTENTS.quantity, LINE_FORM_INTENTS.remove]),
    basketLineId: FormId.optional(),
    basketMealDealId: FormId.optional(),
    quantity: z.string().optional(),
  })
  .refine((form) => (form.basketLineId === undefined) !== (form.basketMealDealId === undefined))
  .refine(
    (form) => form.intent === LINE_FORM_INTENTS.remove || /^[0-9]{1,3}$/.test(form.quantity ?? '')
  )

export const LINE_FORM_FIELDS = fieldNames(LineFormSchema)

/**
 * Which of the basket page's forms a post is (its `intent`): worker/pages/basket/basket-forms.ts
 * reads it first, to hand the post to that form's schema.
 */
export const BasketPostSchema = z.object({ intent: z.string().optional().catch(undefined) })

/** The intent value of the substitutes form (the basket page takes the line forms too). */
export const SUBSTITUTES_INTENT = 'substitutes'

/**
 * The substitutes form: a line, a meal deal or (neither) every item, with allowSubstitutes '1'
 * or '0', or a substitution choice (worker/pages/basket/basket-forms.ts reads which).
 */
export const SubstitutesFormSchema = z
  .object({
    intent: z.literal(SUBSTITUTES_INTENT),
    basketLineId: FormId.optional(),
    basketMealDealId: FormId.optional(),
    allowSubstitutes: z.string().optional(),
    substitution: z.string().optional(),
    replacementItemId: z.string().optional(),
  })
  .refine((form) => form.basketLineId === undefined || form.basketMealDealId === undefined)

export const SUBSTITUTES_FIELDS = fieldNames(SubstitutesFormSchema)

/** A replacement item's id as the substitutes form posts it (null: none, or not an id). */
export function replacementIdOf(value: string | undefined): number | null {
  const parsed = FormId.safeParse(value ?? '')
  return parsed.success ? (parsed.data ?? null) : null
}
