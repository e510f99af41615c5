import { z } from 'zod'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { brandColoursOf } from '../../../../../schemas/brand.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'

/*
 * What the operator's brand forms and the Worker that reads them share (ADR 013: below both):
 * a form's state, the details form's schema with its colour fields, and the store search
 * variants.
 */

const typed = z.string().catch('')

/** The brand's colours as the details form posts them, one field each. */
export const BrandColoursFormSchema = brandColoursOf(typed)

/**
 * The details form (name, words, colours, font): BrandForms.tsx takes its field names from this
 * schema and form-input.ts reads a post with it into the create/update body. Values stay as
 * typed: the backend's brand schema refuses a bad one (a colour's contrast too) at its field.
 */
export const BrandDetailsFormSchema = BrandColoursFormSchema.extend({
  name: typed,
  slug: typed,
  tagline: typed,
  metaDescription: typed,
  /** Blank is the system font. */
  font: typed.transform((font) => font || 'system'),
})

export const BRAND_DETAIL_FIELDS = fieldNames(BrandDetailsFormSchema)

/** A posted field as typed; a missing one is undefined. */
const posted = z.string().optional().catch(undefined)

/*
 * The brand page's other forms (ADR 028), one schema each: BrandPage.tsx takes its field names
 * from them and actions.ts reads a post with them. Values stay as typed: the backend's schemas
 * refuse a bad one at its field, which the page shows at the form.
 */

/** "Go live" / "Take offline": 'true' puts the brand live, anything else takes it offline. */
export const BrandLiveFormSchema = z.object({
  live: posted.transform((live) => live === 'true'),
})

export const BRAND_LIVE_FIELDS = fieldNames(BrandLiveFormSchema)

/**
 * A logo or icon upload (multipart): which it is ('icon', anything else the logo). The file
 * field is read apart, as a file (`BRAND_IMAGE_FILE_FIELD`).
 */
export const BrandImageFormSchema = z.object({
  kind: posted.transform((kind) => (kind === 'icon' ? 'icon' : 'logo')),
})

export const BRAND_IMAGE_FIELDS = fieldNames(BrandImageFormSchema)
export const BRAND_IMAGE_FILE_FIELD = 'file'

/** A domain to add (its environment, production unless chosen), check or remove. */
export const BrandDomainFormSchema = z.object({
  host: typed,
  environment: z.string().catch('production'),
})

export const BRAND_DOMAIN_FIELDS = fieldNames(BrandDomainFormSchema)

/** The store search variant chosen (one of STORE_SEARCH_VARIANTS, checked by the handler). */
export const StoreSearchFormSchema = z.object({ variant: posted })

export const STORE_SEARCH_FIELDS = fieldNames(StoreSearchFormSchema)

/** One white-label settings section as JSON text, read by settingsJson. */
export const BrandSettingsFormSchema = z.object({ section: typed, settings: typed })

export const BRAND_SETTINGS_FIELDS = fieldNames(BrandSettingsFormSchema)

/** The business's postcode rule: the pattern must match the example (the backend checks). */
export const PostcodeRuleFormSchema = z.object({
  countryCode: typed,
  pattern: typed,
  /** 'uk' unless chosen. */
  normalisation: z.string().catch('uk'),
  example: typed,
})

export const POSTCODE_RULE_FIELDS = fieldNames(PostcodeRuleFormSchema)

type ColourName = keyof typeof BrandColoursFormSchema.shape

/** A form's state on the page: its errors and the values it shows (kept after a refusal). */
export interface FormState {
  errors: FormErrors
  values: FormValues
}

export const EMPTY_FORM: FormState = { errors: {}, values: {} }

/** The colour fields, with what each colours and the contrast it needs. */
export const COLOUR_FIELDS: ReadonlyArray<{ name: ColourName; label: string; hint: string }> = [
  {
    name: 'primary',
    label: 'Primary',
    hint: 'Buttons, links and the header bar. At least 3:1 against the background.',
  },
  {
    name: 'primaryText',
    label: 'Primary text',
    hint: 'Text on primary buttons. At least 4.5:1 against primary.',
  },
  { name: 'secondary', label: 'Secondary', hint: 'Secondary surfaces.' },
  {
    name: 'accent',
    label: 'Accent',
    hint: 'Badges and highlights. Text on it at least 4.5:1.',
  },
  { name: 'background', label: 'Background', hint: 'The page behind everything.' },
  { name: 'text', label: 'Text', hint: 'Body text. At least 4.5:1 against the background.' },
]

/** The brand page's forms' states: each shows its own errors and values after a refusal. */
export interface BrandPageForms {
  details: FormState
  live: FormState
  image: FormState
  domain: FormState
  storeSearch: FormState
  /** The section whose JSON was refused, with its errors. */
  settings: FormState & { section?: string }
  postcodeRule: FormState
}

/** The store search variants the demo brands show (white-label settings 'store'). */
export const STORE_SEARCH_VARIANTS = [
  {
    value: 'postcode',
    label: 'Postcode search, results first',
    hint: 'Shoppers type a postcode and choose from the stores that deliver there.',
  },
  {
    value: 'closest',
    label: 'Postcode search, straight into the closest store',
    hint: 'The nearest store that delivers is chosen for them.',
  },
  {
    value: 'address',
    label: 'Address search with suggestions, results first',
    hint: 'Shoppers type their address and pick it from suggestions.',
  },
] as const
