import { z } from 'zod'
import { MESSAGES } from './messages.ts'
import { TEXT_MAX_LENGTH, tooLongMessage } from './text-limits.ts'

/**
 * Words the backend says to a shopper (an order's status, its timeline and history, its money
 * rows, a named discount, a weighed line): in the business's language, from its locale's
 * catalogue (ADR 061); a UK business's read as they always did.
 */
export const ShopperWordsSchema = z.string().meta({
  description: "In the business's language (its locale's message catalogue); English in the UK.",
})

/** Money is always an integer number of minor units (pence). */
export const MoneySchema = z.int().nonnegative()
export type Money = z.infer<typeof MoneySchema>

/** Spec §5: ids are converted to numbers before sending; strings of digits are accepted. */
export const IdSchema = z.coerce.number().int().positive()

export const BusinessIdSchema = IdSchema

/**
 * The brand whose host a basket or order call comes from (the storefront's proxy and pages set it
 * from the host). A basket belongs to the brand that created it and an order to its basket's
 * brand; another brand's host gets them as if they did not exist (docs/decisions/012).
 */
export const CallingBrandIdSchema = IdSchema.optional()

/** An email address, trimmed and lower-cased before it is checked. */
export const EmailSchema = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(TEXT_MAX_LENGTH.email, { error: tooLongMessage('Email address', TEXT_MAX_LENGTH.email) })
  .regex(z.regexes.email, { error: MESSAGES.emailInvalid })
