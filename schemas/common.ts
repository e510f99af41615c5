import { z } from 'zod'

/** Money is always an integer number of minor units (pence). */
export const MoneySchema = z.int().nonnegative()
export type Money = z.infer<typeof MoneySchema>

/** Spec §5: ids are converted to numbers before sending; strings of digits are accepted. */
export const IdSchema = z.coerce.number().int().positive()

export const BusinessIdSchema = IdSchema
