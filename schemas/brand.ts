import { z } from 'zod'
import { TAX_MODES } from './sales-tax.ts'
import { BRAND_FONTS } from './brand-fonts.ts'
import { DEFAULT_TIME_ZONE, WHITE_LABEL_SECTIONS } from './constants.ts'
import { PostcodeRuleSchema } from './location.ts'

/**
 * A brand's six colours, each read by `colour`: the one list of them for the shop's brand, the
 * operator's answer and save (each colour a checked hex there) and the console's details form.
 */
export function brandColoursOf<Colour extends z.ZodType>(colour: Colour) {
  return z.object({
    primary: colour,
    primaryText: colour,
    secondary: colour,
    accent: colour,
    background: colour,
    text: colour,
  })
}

export const WhiteLabelSectionSchema = z.enum(WHITE_LABEL_SECTIONS)
export type WhiteLabelSection = z.infer<typeof WhiteLabelSectionSchema>

/**
 * White-label settings by section (spec §9). The known keys are typed; a section may carry more,
 * which later features read with their own schemas.
 */
export type WhiteLabelSettings = z.infer<typeof WhiteLabelSettingsSchema>
export const WhiteLabelSettingsSchema = z.object({
  store: z
    .looseObject({
      /** Search stores by typed address (autocomplete) instead of by postcode. */
      enableStoresSearchByAddress: z.boolean().default(false),
      /** Select the nearest store automatically after a search (spec §4, store search flow). */
      autoSelectClosestStore: z.boolean().default(false),
      /** Offer the use-my-device-location button. */
      enableDeviceLocation: z.boolean().default(true),
    })
    .prefault({}),
  home: z
    .looseObject({
      heroTitle: z.string().default('Groceries delivered from your local store'),
      heroSubtitle: z.string().default('Enter your postcode to find stores near you.'),
    })
    .prefault({}),
  checkout: z.looseObject({}).prefault({}),
  pages: z.looseObject({}).prefault({}),
  faq: z.looseObject({}).prefault({}),
  contact: z.looseObject({}).prefault({}),
  'branding-pages': z.looseObject({}).prefault({}),
  login: z.looseObject({}).prefault({}),
  register: z.looseObject({}).prefault({}),
  'forgot-password': z.looseObject({}).prefault({}),
  'reset-password': z.looseObject({}).prefault({}),
})

export type BrandLink = z.infer<typeof BrandLinkSchema>
export const BrandLinkSchema = z.object({
  kind: z.enum(['social', 'app_store']),
  channel: z.enum(['facebook', 'twitter', 'instagram', 'ios', 'android']),
  url: z.url(),
})

/** What the request's host resolves to: the brand, its business and its white-label settings. */
export type Brand = z.infer<typeof BrandSchema>
export const BrandSchema = z.object({
  id: z.int(),
  businessId: z.int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string().nullable(),
  metaDescription: z.string().nullable(),
  logo: z.object({ url: z.string(), width: z.int(), height: z.int() }),
  faviconUrl: z.string().nullable(),
  heroImageUrl: z.string().nullable(),
  colors: brandColoursOf(z.string()),
  /** A system font stack from the safe list (schemas/brand-fonts.ts). */
  font: z.enum(BRAND_FONTS).default('system'),
  /** The host canonical links point at. */
  canonicalHost: z.string().nullable(),
  /** The environment of the host the request came in on (production, preprod, dev, staging, local). */
  hostEnvironment: z.enum(['production', 'preprod', 'dev', 'staging', 'local']),
  countryCode: z.string(),
  currency: z.string(),
  /** As the business stores it ('en_GB'); schemas/locale.ts shopLocaleOf makes it BCP 47. */
  locale: z.string(),
  /** The business's time zone; brands cached before it was carried read the UK's. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
  /**
   * Whether prices include VAT (ADR 051) or exclude tax, which checkout adds (ADR 055); brands
   * cached before it was carried read 'included', as every business was.
   */
  taxMode: z.enum(TAX_MODES).default('included'),
  /** The business's postcode rules by country (spec §5); the store search checks with them. */
  postcodeRules: z.array(PostcodeRuleSchema),
  settings: WhiteLabelSettingsSchema,
  links: z.array(BrandLinkSchema),
})
