import { z } from 'zod'
import { BRAND_FONTS, type BrandFont } from './brand-fonts.ts'
import { brandColoursOf, WhiteLabelSectionSchema, WhiteLabelSettingsSchema } from './brand.ts'
import { contrastFailures, HEX_COLOUR } from './colour-contrast.ts'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'

/**
 * The operator console's brands area (ADR 028): brands, their look, settings and domains. Every
 * request carries the businessId of the host it came in on; every id in it must be the
 * business's own.
 */

export const HOST_ENVIRONMENTS = ['production', 'preprod', 'dev', 'staging', 'local'] as const
export type HostEnvironment = (typeof HOST_ENVIRONMENTS)[number]

/** A slug: lower-case words joined by single hyphens. */
export const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const BRAND_TEXT_LIMITS = { name: 80, slug: 60, tagline: 120, metaDescription: 160 } as const

const colour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOUR, { error: MESSAGES.brandColourFormat })
  .refine((value) => value.length === 7, { error: MESSAGES.brandColourFormat })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null)

export type BrandColours = z.infer<typeof BrandColoursSchema>
export const BrandColoursSchema = brandColoursOf(colour)

/**
 * A new brand's look until the operator changes it: a palette that passes the contrast check and
 * the system font. The console's "Add a brand" form starts from it; the bootstrap command gives
 * it to the first brand.
 */
export const NEW_BRAND_LOOK: { colors: BrandColours; font: BrandFont } = {
  colors: {
    primary: '#0f5132',
    primaryText: '#ffffff',
    secondary: '#d1e7dd',
    accent: '#f4b400',
    background: '#ffffff',
    text: '#1f2937',
  },
  font: 'system',
}

const brandFields = {
  name: z.string().trim().min(1).max(BRAND_TEXT_LIMITS.name),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(BRAND_TEXT_LIMITS.slug)
    .regex(BRAND_SLUG, { error: MESSAGES.brandSlugFormat }),
  tagline: optionalText(BRAND_TEXT_LIMITS.tagline),
  metaDescription: optionalText(BRAND_TEXT_LIMITS.metaDescription),
  colors: BrandColoursSchema,
  font: z.enum(BRAND_FONTS).default('system'),
}

// The palette must pass WCAG 2.2 AA (schemas/colour-contrast.ts); each failing pair at its field.
function checkContrast(fields: { colors: BrandColours }, ctx: z.RefinementCtx): void {
  for (const failure of contrastFailures(fields.colors)) {
    ctx.addIssue({ code: 'custom', path: ['colors', failure.field], message: failure.message })
  }
}

/** What the brand form edits. */
export type BrandFields = z.infer<typeof BrandCreateRequestSchema>
export const BrandCreateRequestSchema = z
  .object({ businessId: BusinessIdSchema, ...brandFields })
  .superRefine(checkContrast)
export const BrandUpdateRequestSchema = z
  .object({ businessId: BusinessIdSchema, brandId: IdSchema, ...brandFields })
  .superRefine(checkContrast)

export const BrandsListRequestSchema = z.object({ businessId: BusinessIdSchema })
export const BrandRequestSchema = z.object({ businessId: BusinessIdSchema, brandId: IdSchema })

export const BrandLiveRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  live: z.boolean(),
})

/** Multipart: the brand's logo or its icon (favicon); the file as `file[]`. */
export const BrandImageRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  kind: z.enum(['logo', 'icon']),
  /** Sent as the multipart field `file[]` (files arrive as lists): exactly one image. */
  file: z
    .array(z.file().meta({ type: 'string', format: 'binary' }))
    .min(1, { error: MESSAGES.mediaImageEmpty })
    .max(1),
})

/** One white-label section, replaced whole; checked by that section's schema (schemas/brand.ts). */
export const BrandSettingsRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    brandId: IdSchema,
    section: WhiteLabelSectionSchema,
    settings: z.record(z.string(), z.unknown()),
  })
  .superRefine((body, ctx) => {
    const result = WhiteLabelSettingsSchema.shape[body.section].safeParse(body.settings)
    if (result.success) return
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: ['settings', ...issue.path.map(String)],
        message: issue.message,
      })
    }
  })

/** A domain as typed: trimmed and lower-cased here; the backend normalises and checks it. */
export const DomainAttachRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  host: z.string().trim().toLowerCase().min(1, { error: MESSAGES.domainInvalid }).max(253),
  environment: z.enum(HOST_ENVIRONMENTS).default('production'),
})

export const DomainRequestSchema = z.object({
  businessId: BusinessIdSchema,
  brandId: IdSchema,
  host: z.string().trim().toLowerCase().min(1).max(253),
})

/** The business's postcode rule for its country (spec §5). */
export const PostcodeRuleRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    pattern: z.string().trim().min(1).max(300),
    normalisation: z.enum(['uk', 'upper_trim']),
    example: z.string().trim().min(1).max(20),
  })
  .superRefine((rule, ctx) => {
    let pattern: RegExp
    try {
      pattern = new RegExp(rule.pattern)
    } catch {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: MESSAGES.postcodePatternInvalid })
      return
    }
    if (!pattern.test(rule.example.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['example'], message: MESSAGES.postcodeExampleMismatch })
    }
  })

export const VerificationRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME', 'HTTP']),
  name: z.string(),
  value: z.string(),
})

/** A domain of a brand: a provisioned one (with its status) or a host set up before provisioning. */
export type BrandDomain = z.infer<typeof BrandDomainSchema>
export const BrandDomainSchema = z.object({
  host: z.string(),
  environment: z.enum(HOST_ENVIRONMENTS),
  status: z.enum(['pending', 'active', 'failed']),
  /** Whether shoppers reach the brand on it now (active and in brand_hosts). */
  serving: z.boolean(),
  sslStatus: z.string().nullable(),
  records: z.array(VerificationRecordSchema),
  message: z.string().nullable(),
  checkedAt: z.string().nullable(),
})

export type BrandSummary = z.infer<typeof BrandSummarySchema>
export const BrandSummarySchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  logoUrl: z.string(),
  domains: z.array(BrandDomainSchema),
})

export const BrandsListSchema = z.object({ brands: z.array(BrandSummarySchema) })

export type PostcodeRuleView = z.infer<typeof PostcodeRuleViewSchema>
export const PostcodeRuleViewSchema = z.object({
  countryCode: z.string(),
  pattern: z.string(),
  normalisation: z.enum(['uk', 'upper_trim']),
  example: z.string().nullable(),
})

/** Everything the brand's page shows and edits. */
export type BrandDetail = z.infer<typeof BrandDetailSchema>
export const BrandDetailSchema = BrandSummarySchema.extend({
  tagline: z.string().nullable(),
  metaDescription: z.string().nullable(),
  colors: brandColoursOf(z.string()),
  font: z.enum(BRAND_FONTS),
  logo: z.object({ url: z.string(), width: z.int(), height: z.int() }),
  faviconUrl: z.string().nullable(),
  settings: WhiteLabelSettingsSchema,
  postcodeRules: z.array(PostcodeRuleViewSchema),
})

export const PostcodeRulesSchema = z.object({ rules: z.array(PostcodeRuleViewSchema) })
