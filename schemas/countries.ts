import { z } from 'zod'
import { BusinessIdSchema } from './common.ts'

export const CountriesQuerySchema = z.object({ businessId: BusinessIdSchema })

export type Country = z.infer<typeof CountrySchema>
export const CountrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string().length(2),
  name: z.string(),
})

/** Spec §7 member "Countries and billing countries (GET)". */
export const CountriesResponseSchema = z.object({ countries: z.array(CountrySchema) })
