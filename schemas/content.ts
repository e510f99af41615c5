import { z } from 'zod'
import { WhiteLabelSettingsSchema } from './brand.ts'
import { IMAGE_DENSITIES } from './constants.ts'
import { BusinessIdSchema, EmailSchema, IdSchema } from './common.ts'

/**
 * Spec §7 "Contact request (multipart)": the backend path of the contact form, whose body may carry
 * attachments (CONTACT_BODY_MAX_BYTES) where every other body has the form or JSON limit.
 */
export const CONTACT_REQUEST_PATH = '/content/contact'

/** Spec §7 "White-label settings (screenScale)": without brandId, the business's first brand. */
export const WhiteLabelSettingsRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema.optional(),
  /** The device pixel ratio; picks which image density clients should load. */
  screenScale: z.coerce.number().min(1).max(4).optional(),
})

export const ImageDensitySchema = z.enum(IMAGE_DENSITIES)
export type ImageDensity = z.infer<typeof ImageDensitySchema>

export type WhiteLabelSettingsResponse = z.infer<typeof WhiteLabelSettingsResponseSchema>
export const WhiteLabelSettingsResponseSchema = z.object({
  businessId: z.int(),
  brandId: z.int(),
  imageDensity: ImageDensitySchema,
  settings: WhiteLabelSettingsSchema,
})

export const FaqsQuerySchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema.optional(),
})

export type Faq = z.infer<typeof FaqSchema>
export const FaqSchema = z.object({
  id: z.int(),
  /** The heading the question is listed under ('Ordering', 'Delivery', …). */
  section: z.string(),
  question: z.string(),
  answer: z.string(),
})

export const FaqsResponseSchema = z.object({ faqs: z.array(FaqSchema) })

/** The footer's Stay In Touch sign-up (spec §1). */
export const StayInTouchRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  email: EmailSchema,
})

/** The same answer whether or not the address was already signed up, so nobody can probe it. */
export const StayInTouchResponseSchema = z.object({ subscribed: z.literal(true) })
