import { z } from 'zod'
import { BusinessIdSchema, IdSchema, MoneySchema } from './common.ts'
import { MESSAGES } from './messages.ts'

/** Spec §7 stores "Details or select": by seoUrl (the store slug) or by storeId. */
export const StoreDetailsRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    seoUrl: z.string().trim().min(1).max(120).optional(),
    storeId: IdSchema.optional(),
  })
  .refine((input) => input.seoUrl !== undefined || input.storeId !== undefined, {
    error: MESSAGES.storeIdentifierRequired,
    path: ['seoUrl'],
  })

export const OPENING_HOURS_KINDS = ['delivery', 'collection', 'store'] as const

export type OpeningHours = z.infer<typeof OpeningHoursSchema>
export const OpeningHoursSchema = z.object({
  /** 0 = Monday … 6 = Sunday. */
  dayOfWeek: z.int().min(0).max(6),
  /** Local time in the store's time zone, HH:MM. */
  opensAt: z.string(),
  closesAt: z.string(),
})

export type StoreDetails = z.infer<typeof StoreDetailsSchema>
export const StoreDetailsSchema = z.object({
  id: z.int(),
  businessId: z.int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string(),
  }),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }),
  timeZone: z.string(),
  imageUrl: z.string().nullable(),
  /** Future orders: 'Order up to N days in advance' (spec §9). */
  daysInAdvance: z.int(),
  delivery: z.object({
    enabled: z.boolean(),
    radiusKm: z.number().nullable(),
    fee: MoneySchema,
    /** 0 means no minimum ('No min order'). */
    minimumSpend: MoneySchema,
  }),
  collection: z.object({ enabled: z.boolean(), fee: MoneySchema, minimumSpend: MoneySchema }),
  /** Staff closed the store for the day, whatever the opening hours say. */
  temporarilyClosed: z.boolean(),
  payments: z.object({
    card: z.boolean(),
    applePay: z.boolean(),
    googlePay: z.boolean(),
    cash: z.boolean(),
  }),
  openingHours: z.object({
    delivery: z.array(OpeningHoursSchema),
    collection: z.array(OpeningHoursSchema),
    store: z.array(OpeningHoursSchema),
  }),
})
