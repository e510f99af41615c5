import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'

/*
 * What the operator's brand forms and the Worker that reads them share (ADR 013: below both):
 * a form's state, the colour fields and the store search variants.
 */

/** A form's state on the page: its errors and the values it shows (kept after a refusal). */
export interface FormState {
  errors: FormErrors
  values: FormValues
}

export const EMPTY_FORM: FormState = { errors: {}, values: {} }

/** The colour fields, with what each colours and the contrast it needs. */
export const COLOUR_FIELDS: ReadonlyArray<{ name: string; label: string; hint: string }> = [
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
