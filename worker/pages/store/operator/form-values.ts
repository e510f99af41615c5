import { z } from 'zod'
import { parseTipPounds, typedAmount } from '../../../../client/lib/tip-pounds.ts'
import type { FormErrors } from '../../../../client/lib/form-values.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../schemas/locale.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { formErrorsOf } from '../../shared/forms.ts'

/**
 * Reading operator forms (ADR 027): typed text into the backend's numbers, each problem a
 * message at its field. The backend checks everything again; these only say what a browser
 * form can get wrong before a call is worth making (a price that is not a price).
 */

/** A form post's text fields (files are read apart). */
export type FormText = Record<string, string>

/*
 * The fields an operator form's schema is made of (issue 38: one zod schema per form, its view
 * taking the field names from it with fieldNames, its handler parsing the post with it). Each
 * reads a browser form's text (trimmed, blank as none, a box as 'on'); a field that cannot be
 * read says so at itself, with the message the form shows.
 */

/** Text as typed, trimmed; a missing field is blank. */
export const formText = z
  .string()
  .catch('')
  .transform((typed) => typed.trim())

/** Text; blank is null. */
export const optionalText = formText.transform((typed) => typed || null)

/** A chosen id (a select's value); anything else is none. */
export const chosenId = formText.transform((typed) =>
  /^[1-9]\d{0,9}$/.test(typed) ? Number(typed) : null
)

/** A check box: ticked when 'on'. */
export const ticked = z
  .string()
  .optional()
  .catch(undefined)
  .transform((box) => box === 'on')

/** A whole number; blank is null. */
export const wholeNumber = formText.transform((typed, ctx) => {
  if (!typed) return null
  if (/^\d{1,7}$/.test(typed)) return Number(typed)
  ctx.addIssue({ code: 'custom', message: MESSAGES.promoWholeNumber })
  return z.NEVER
})

/**
 * An amount typed in the shop's currency as minor units ('5', '5.00', '£5.50'; '5,50' and
 * '€ 5,50' in Dutch: ADR 072, a console's formats are the business's); blank is null; else
 * `message` at the field.
 */
export const penceOf = (message: string, shop: ShopLocale = GB_LOCALE) =>
  formText.transform((typed, ctx) => {
    if (!typed) return null
    const pence = parseTipPounds(typed, shop)
    if (pence !== null) return pence
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })

/** A post read by its form's schema: the values, or each field's first message. */
export function readPost<S extends z.ZodType>(
  schema: S,
  form: FormText
): { ok: true; value: z.output<S> } | { ok: false; errors: FormErrors } {
  const parsed = schema.safeParse(form)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: formErrorsOf(parsed.error.issues) }
}

/** A web address name made from a name: 'Any 3 for £5!' → 'any-3-for-5'. */
export function slugFrom(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '')
}

/** Minor units as a form shows them, for typing back: '5.00' in the UK, '5,00' in Dutch; null → ''. */
export function poundsText(pence: number | null, shop: ShopLocale = GB_LOCALE): string {
  return pence === null ? '' : typedAmount(pence, shop)
}
