import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'

/**
 * The operator console's content (ADR 027): frequently asked questions, content pages (Markdown,
 * shown at /<slug> by the pages of ADR 024) and redirects of old addresses. Each is the whole
 * business's (brandId null) or one brand's.
 */

const Text = (max: number, message: string) => z.string().trim().min(1, message).max(max, message)
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null))

export const ContentListRequestSchema = z.object({ businessId: BusinessIdSchema })

// --- FAQs ----------------------------------------------------------------------------------------

const FaqFields = z.object({
  brandId: IdSchema.nullable().default(null),
  section: Text(60, MESSAGES.contentSectionRequired),
  question: Text(300, MESSAGES.contentQuestionRequired),
  answer: Text(5000, MESSAGES.contentAnswerRequired),
  position: z.int(MESSAGES.promoWholeNumber).min(0, MESSAGES.promoWholeNumber).max(1000).default(0),
  isActive: z.boolean().default(true),
})

export type FaqSaveRequest = z.infer<typeof FaqSaveRequestSchema>
export const FaqSaveRequestSchema = FaqFields.extend({
  businessId: BusinessIdSchema,
  faqId: IdSchema.optional(),
})
export type OperatorFaq = z.infer<typeof OperatorFaqSchema>
export const OperatorFaqSchema = FaqFields.extend({ faqId: z.int().positive() })
export const FaqListSchema = z.object({ faqs: z.array(OperatorFaqSchema) })

// --- Content pages -------------------------------------------------------------------------------

/** A page's address: lower-case words joined by hyphens, optionally in folders ('help/returns'). */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

const PageFields = z.object({
  brandId: IdSchema.nullable().default(null),
  slug: z
    .string()
    .trim()
    .max(120, MESSAGES.contentSlugInvalid)
    .regex(PAGE_SLUG, MESSAGES.contentSlugInvalid),
  title: Text(120, MESSAGES.contentTitleRequired),
  heading: OptionalText(160),
  metaDescription: OptionalText(300),
  body: z.string().max(100_000).default(''),
  noindex: z.boolean().default(false),
})

export type SeoPageSaveRequest = z.infer<typeof SeoPageSaveRequestSchema>
export const SeoPageSaveRequestSchema = PageFields.extend({
  businessId: BusinessIdSchema,
  pageId: IdSchema.optional(),
})
export type OperatorSeoPage = z.infer<typeof OperatorSeoPageSchema>
export const OperatorSeoPageSchema = PageFields.extend({
  pageId: z.int().positive(),
  updatedAt: z.string(),
})
export const SeoPageListSchema = z.object({
  pages: z.array(OperatorSeoPageSchema.omit({ body: true })),
})
export const SeoPageRequestSchema = z.object({ businessId: BusinessIdSchema, pageId: IdSchema })

// --- Redirects -----------------------------------------------------------------------------------

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const

const RedirectFields = z.object({
  /** The old address, as a site path ('/old-offers'); stored without its slashes. */
  fromPath: z
    .string()
    .trim()
    .max(200, MESSAGES.contentRedirectFromInvalid)
    .regex(/^\/?[a-z0-9][a-z0-9\-_/.]*$/i, MESSAGES.contentRedirectFromInvalid),
  /** Where it goes: a path on this site only (no other sites: no open redirects). */
  toPath: z
    .string()
    .trim()
    .max(500, MESSAGES.contentRedirectToInvalid)
    .regex(/^\/(?![/\\])[^\s\\]*$/, MESSAGES.contentRedirectToInvalid),
  statusCode: z.union(REDIRECT_STATUSES.map((code) => z.literal(code))).default(301),
})

export type RedirectSaveRequest = z.infer<typeof RedirectSaveRequestSchema>
export const RedirectSaveRequestSchema = RedirectFields.extend({
  businessId: BusinessIdSchema,
  redirectId: IdSchema.optional(),
})
export type OperatorRedirect = z.infer<typeof OperatorRedirectSchema>
export const OperatorRedirectSchema = RedirectFields.extend({ redirectId: z.int().positive() })
export const RedirectListSchema = z.object({ redirects: z.array(OperatorRedirectSchema) })
export const RedirectDeleteRequestSchema = z.object({
  businessId: BusinessIdSchema,
  redirectId: IdSchema,
})
export const RedirectDeletedSchema = z.object({ deleted: z.literal(true) })
