import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import {
  BRAND_DETAIL_FIELDS,
  BrandColoursFormSchema,
  BrandDetailsFormSchema,
  STORE_SEARCH_VARIANTS,
} from './brand-forms.ts'
import { type BrandDetail, NEW_BRAND_LOOK } from '../../../../../schemas/operator-brands.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import { echoValues, refusalErrors, type RefusalShape } from '../../../shared/forms.ts'

/**
 * The brand forms' fields as the backend's bodies, and the backend's refusals as the forms'
 * errors (pure: unit-tested).
 */

/** The brand details form as the create/update body: the colours as one object. */
export function brandFieldsBody(form: Record<string, string>): Record<string, unknown> {
  const details = BrandDetailsFormSchema.parse(form)
  const colors = BrandColoursFormSchema.parse(details)
  const { name, slug, tagline, metaDescription, font } = details
  return { colors, name, slug, tagline, metaDescription, font }
}

/** What the details form shows again after a refusal. */
export function brandFieldsValues(form: Record<string, string>): FormValues {
  return echoValues(form, Object.values(BRAND_DETAIL_FIELDS))
}

/** A stored brand as the details form's values. */
export function brandValuesOf(brand: BrandDetail): FormValues {
  return {
    name: brand.name,
    slug: brand.slug,
    tagline: brand.tagline ?? '',
    metaDescription: brand.metaDescription ?? '',
    font: brand.font,
    ...brand.colors,
  }
}

/** A new brand's starting values: a palette that passes the contrast check. */
export const NEW_BRAND_VALUES: FormValues = { font: NEW_BRAND_LOOK.font, ...NEW_BRAND_LOOK.colors }

/**
 * How the brand forms show a refusal (the one refusal mapper, refusalErrors): each field error
 * under the form's field name (`colors.primaryText` → `primaryText`, `settings.home.heroTitle` →
 * `settings` with its path said, every message kept), a refusal without fields under `form`, a
 * provider's outage too. Anything else (not found, a rate limit) goes to the error page.
 */
const BRAND_REFUSAL: RefusalShape = {
  fieldOf: (path, message) => {
    const [head = '', ...rest] = path.split('.')
    const field = head === 'colors' && rest[0] ? rest[0] : head
    const said = head === 'settings' && rest.length > 0 ? `${rest.join('.')}: ${message}` : message
    return { field, message: said }
  },
  joinMessages: true,
  codes: ['validation_error', 'conflict', 'upstream_error'],
}

/** A refused backend call as the brand forms' errors. */
export function brandFormErrors(error: unknown): FormErrors {
  return refusalErrors(error, BRAND_REFUSAL)
}

/** The store search radio as the 'store' section's flags (other keys of the section kept). */
export function storeSearchSettings(
  variant: string | undefined,
  current: BrandDetail['settings']['store']
): Record<string, unknown> | null {
  if (!STORE_SEARCH_VARIANTS.some((option) => option.value === variant)) return null
  return {
    ...current,
    enableStoresSearchByAddress: variant === 'address',
    autoSelectClosestStore: variant === 'closest',
  }
}

/** A settings textarea's JSON object, or the error to show under it. */
export function settingsJson(
  text: string | undefined
): { settings: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text ?? '')
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return { settings: value as Record<string, unknown> }
    }
  } catch {
    // Falls through to the same message.
  }
  return { error: MESSAGES.brandSettingsJson }
}
