import type { FormValues } from '../../../../../client/lib/form-values.ts'
import type {
  OperatorFaq,
  OperatorRedirect,
  OperatorSeoPage,
} from '../../../../../schemas/operator-content.ts'
import { FormReader, type FormText } from '../form-values.ts'

/** The content forms as the backend's bodies (pure: unit-tested), and saved things as values. */

type Parsed =
  { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormReader['errors'] }

const done = (read: FormReader, body: Record<string, unknown>): Parsed =>
  read.ok ? { ok: true, body } : { ok: false, errors: read.errors }

export function faqBodyOf(form: FormText): Parsed {
  const read = new FormReader(form)
  return done(read, {
    question: read.text('question'),
    answer: read.text('answer'),
    section: read.text('section'),
    brandId: read.id('brandId'),
    position: read.whole('position') ?? 0,
    isActive: read.ticked('isActive'),
  })
}

export const faqValuesOf = (faq: OperatorFaq): FormValues => ({
  question: faq.question,
  answer: faq.answer,
  section: faq.section,
  brandId: faq.brandId === null ? '' : String(faq.brandId),
  position: String(faq.position),
  isActive: faq.isActive ? 'on' : '',
})

export function pageBodyOf(form: FormText): Parsed {
  const read = new FormReader(form)
  return done(read, {
    title: read.text('title'),
    // Typed with or without its slashes: '/delivery-areas/' is 'delivery-areas'.
    slug: read.text('slug').replace(/^\/+|\/+$/g, ''),
    heading: read.optionalText('heading'),
    metaDescription: read.optionalText('metaDescription'),
    body: form.body ?? '',
    brandId: read.id('brandId'),
    noindex: read.ticked('noindex'),
  })
}

export const pageValuesOf = (page: OperatorSeoPage): FormValues => ({
  title: page.title,
  slug: page.slug,
  heading: page.heading ?? '',
  metaDescription: page.metaDescription ?? '',
  body: page.body,
  brandId: page.brandId === null ? '' : String(page.brandId),
  noindex: page.noindex ? 'on' : '',
})

export function redirectBodyOf(form: FormText): Parsed {
  const read = new FormReader(form)
  const status = Number(read.text('statusCode') || '301')
  const fromPath = read.text('fromPath')
  return done(read, {
    fromPath: fromPath.startsWith('/') ? fromPath : `/${fromPath}`,
    toPath: read.text('toPath'),
    statusCode: status,
  })
}

export const redirectValuesOf = (redirect: OperatorRedirect): FormValues => ({
  fromPath: redirect.fromPath,
  toPath: redirect.toPath,
  statusCode: String(redirect.statusCode),
})
