import { z } from 'zod'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import type {
  OperatorFaq,
  OperatorRedirect,
  OperatorSeoPage,
} from '../../../../../schemas/operator-content.ts'
import {
  chosenId,
  formText,
  optionalText,
  readPost,
  ticked,
  wholeNumber,
  type FormText,
} from '../form-values.ts'

/*
 * The content forms (ADR 057, the schemas/forms pattern): ContentPages.tsx takes each form's
 * field names from its schema and pages.tsx reads a post with it into the backend's body (pure:
 * unit-tested); saved things go back into the forms as values.
 */

type Parsed = { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors }

/** A post as its body, or each field's message. */
function bodyOf<S extends z.ZodType<Record<string, unknown>>>(schema: S, form: FormText): Parsed {
  const read = readPost(schema, form)
  return read.ok ? { ok: true, body: read.value } : read
}

export const FaqFormSchema = z.object({
  question: formText,
  answer: formText,
  section: formText,
  brandId: chosenId,
  position: wholeNumber.transform((position) => position ?? 0),
  isActive: ticked,
})

export const FAQ_FIELDS = fieldNames(FaqFormSchema)

export const faqBodyOf = (form: FormText): Parsed => bodyOf(FaqFormSchema, form)

export const faqValuesOf = (faq: OperatorFaq): FormValues => ({
  [FAQ_FIELDS.question]: faq.question,
  [FAQ_FIELDS.answer]: faq.answer,
  [FAQ_FIELDS.section]: faq.section,
  [FAQ_FIELDS.brandId]: faq.brandId === null ? '' : String(faq.brandId),
  [FAQ_FIELDS.position]: String(faq.position),
  [FAQ_FIELDS.isActive]: faq.isActive ? 'on' : '',
})

export const SeoPageFormSchema = z.object({
  title: formText,
  // Typed with or without its slashes: '/delivery-areas/' is 'delivery-areas'.
  slug: formText.transform((slug) => slug.replace(/^\/+|\/+$/g, '')),
  heading: optionalText,
  metaDescription: optionalText,
  /** The page's Markdown, as typed (its spacing is its own). */
  body: z.string().catch(''),
  brandId: chosenId,
  noindex: ticked,
})

export const PAGE_FIELDS = fieldNames(SeoPageFormSchema)

/** The page form's Preview button: its value in the `intent` field shows the body, saving nothing. */
export const PAGE_PREVIEW = 'preview'

/** What Preview reads of the page form's post. */
export const PagePreviewFormSchema = z.object({
  intent: z.string().optional().catch(undefined),
  body: SeoPageFormSchema.shape.body,
})

export const PREVIEW_FIELDS = fieldNames(PagePreviewFormSchema)

export const pageBodyOf = (form: FormText): Parsed => bodyOf(SeoPageFormSchema, form)

export const pageValuesOf = (page: OperatorSeoPage): FormValues => ({
  [PAGE_FIELDS.title]: page.title,
  [PAGE_FIELDS.slug]: page.slug,
  [PAGE_FIELDS.heading]: page.heading ?? '',
  [PAGE_FIELDS.metaDescription]: page.metaDescription ?? '',
  [PAGE_FIELDS.body]: page.body,
  [PAGE_FIELDS.brandId]: page.brandId === null ? '' : String(page.brandId),
  [PAGE_FIELDS.noindex]: page.noindex ? 'on' : '',
})

export const RedirectFormSchema = z.object({
  /** A path typed without its leading slash gets one. */
  fromPath: formText.transform((path) => (path.startsWith('/') ? path : `/${path}`)),
  toPath: formText,
  /** 301 unless chosen otherwise; the backend refuses a kind it does not know. */
  statusCode: formText.transform((code) => Number(code || '301')),
})

export const REDIRECT_FIELDS = fieldNames(RedirectFormSchema)

export const redirectBodyOf = (form: FormText): Parsed => bodyOf(RedirectFormSchema, form)

export const redirectValuesOf = (redirect: OperatorRedirect): FormValues => ({
  [REDIRECT_FIELDS.fromPath]: redirect.fromPath,
  [REDIRECT_FIELDS.toPath]: redirect.toPath,
  [REDIRECT_FIELDS.statusCode]: String(redirect.statusCode),
})
