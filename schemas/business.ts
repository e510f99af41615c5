import { z } from 'zod'
import { BusinessIdSchema } from './common.ts'

export const BusinessQuerySchema = z.object({ businessId: BusinessIdSchema })

export type BusinessBrandSummary = z.infer<typeof BusinessBrandSummarySchema>
export const BusinessBrandSummarySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  canonicalHost: z.string().nullable(),
})

/** Spec §7 "Business profile": who runs the shop and how to reach them. */
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>
export const BusinessProfileSchema = z.object({
  id: z.int(),
  name: z.string(),
  legalName: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  locale: z.string(),
  timeZone: z.string(),
  support: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  brands: z.array(BusinessBrandSummarySchema),
})

/** The host a request came in on; the backend lower-cases it and strips any port. */
export const BrandResolveQuerySchema = z.object({ host: z.string().trim().min(1).max(260) })

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  time: z.iso.datetime(),
})
