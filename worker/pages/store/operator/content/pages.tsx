import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import {
  type ContentFormProps,
  ContentListPage,
  FaqFormPage,
  RedirectFormPage,
  SeoPageFormPage,
} from './ContentPages.tsx'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  FaqListSchema,
  OperatorFaqSchema,
  OperatorRedirectSchema,
  OperatorSeoPageSchema,
  RedirectDeletedSchema,
  RedirectListSchema,
  SeoPageListSchema,
} from '../../../../../schemas/operator-content.ts'
import { PromotionChoicesSchema } from '../../../../../schemas/operator-promotions.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import { type FlashKey, setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { renderMarkdown } from '../../../../lib/markdown.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readForm } from '../../../shared/forms.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import { saveRefusal } from '../form-posts.ts'
import { formIdOf } from '../form-posts.ts'
import {
  faqBodyOf,
  PAGE_PREVIEW,
  PagePreviewFormSchema,
  faqValuesOf,
  pageBodyOf,
  pageValuesOf,
  redirectBodyOf,
  redirectValuesOf,
} from './forms.ts'

const ROOT = OPERATOR_PATHS.content
const C = '/staff/operator/content'

export const CONTENT_PATHS = {
  list: ROOT,
  faq: (id: number | 'new') => `${ROOT}/faqs/${id}`,
  page: (id: number | 'new') => `${ROOT}/pages/${id}`,
  redirectForm: (id: number | 'new') => `${ROOT}/redirects/${id}`,
  deleteRedirect: (id: number) => `${ROOT}/redirects/${id}/delete`,
} as const

const brandChoicesOf = async (c: Context<AppEnv>) =>
  (await operatorRead(c, '/staff/operator/promotions/choices', {}, PromotionChoicesSchema)).brands

/** GET /store/operator/content: questions, pages and redirects. */
export async function contentListPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const [faqs, pages, redirects, brands] = await Promise.all([
    operatorRead(c, `${C}/faqs/list`, {}, FaqListSchema),
    operatorRead(c, `${C}/pages/list`, {}, SeoPageListSchema),
    operatorRead(c, `${C}/redirects/list`, {}, RedirectListSchema),
    brandChoicesOf(c),
  ])
  const brandName = (id: number | null) =>
    id === null ? 'All brands' : (brands.find((b) => b.id === id)?.name ?? '')
  return renderOperator(c, 'Content', (chrome) => (
    <ContentListPage
      frame={operatorFrame(chrome, access.staff, 'content')}
      faqs={faqs.faqs.map((faq) => ({
        id: faq.faqId,
        cells: [
          faq.question,
          faq.section,
          brandName(faq.brandId),
          faq.isActive ? 'Shown' : 'Hidden',
        ],
        href: CONTENT_PATHS.faq(faq.faqId),
      }))}
      pages={pages.pages.map((page) => ({
        id: page.pageId,
        cells: [`/${page.slug}`, page.title, brandName(page.brandId)],
        href: CONTENT_PATHS.page(page.pageId),
      }))}
      redirects={redirects.redirects.map((redirect) => ({
        id: redirect.redirectId,
        cells: [redirect.fromPath, redirect.toPath, String(redirect.statusCode)],
        href: CONTENT_PATHS.redirectForm(redirect.redirectId),
        deleteAction: CONTENT_PATHS.deleteRedirect(redirect.redirectId),
      }))}
      add={{
        faq: CONTENT_PATHS.faq('new'),
        page: CONTENT_PATHS.page('new'),
        redirect: CONTENT_PATHS.redirectForm('new'),
      }}
    />
  ))
}

type Kind = 'faq' | 'page' | 'redirect'

const TITLES: Record<Kind, [string, string]> = {
  faq: ['Add a question', 'Change a question'],
  page: ['Add a page', 'Change a page'],
  redirect: ['Add a redirect', 'Change a redirect'],
}
const FORM_PATH: Record<Kind, (id: number | 'new') => string> = {
  faq: CONTENT_PATHS.faq,
  page: CONTENT_PATHS.page,
  redirect: CONTENT_PATHS.redirectForm,
}
const AUDIT_ENTITY: Record<Kind, string> = { faq: 'faq', page: 'seo_page', redirect: 'redirect' }

async function renderForm(
  c: Context<AppEnv>,
  staff: StaffProfile,
  kind: Kind,
  id: number | null,
  form: { values: FormValues; errors: FormErrors; previewHtml?: string | null },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const brands =
    kind === 'redirect'
      ? []
      : (await brandChoicesOf(c)).map((b) => ({ value: String(b.id), label: b.name }))
  const title = TITLES[kind][id === null ? 0 : 1]
  return renderOperator(
    c,
    title,
    (chrome) => {
      const props: ContentFormProps = {
        frame: operatorFrame(chrome, staff, 'content'),
        title,
        action: FORM_PATH[kind](id ?? 'new'),
        backHref: CONTENT_PATHS.list,
        historyHref: id === null ? null : auditHref(AUDIT_ENTITY[kind], id),
        state: { values: form.values, errors: form.errors, idPrefix: kind },
      }
      if (kind === 'faq') return <FaqFormPage props={props} brands={brands} />
      if (kind === 'page') {
        return (
          <SeoPageFormPage props={props} brands={brands} previewHtml={form.previewHtml ?? null} />
        )
      }
      return <RedirectFormPage props={props} />
    },
    status
  )
}

/** The saved thing's form values, or a 404 when it is not the business's. */
async function savedValues(c: Context<AppEnv>, kind: Kind, id: number): Promise<FormValues> {
  if (kind === 'page') {
    return pageValuesOf(
      await operatorRead(c, `${C}/pages/get`, { pageId: id }, OperatorSeoPageSchema)
    )
  }
  if (kind === 'faq') {
    const faq = (await operatorRead(c, `${C}/faqs/list`, {}, FaqListSchema)).faqs.find(
      (f) => f.faqId === id
    )
    if (!faq) throw new AppError('not_found', MESSAGES.contentFaqNotFound)
    return faqValuesOf(faq)
  }
  const redirect = (
    await operatorRead(c, `${C}/redirects/list`, {}, RedirectListSchema)
  ).redirects.find((r) => r.redirectId === id)
  if (!redirect) throw new AppError('not_found', MESSAGES.contentRedirectNotFound)
  return redirectValuesOf(redirect)
}

const NEW_VALUES: Record<Kind, FormValues> = {
  faq: { section: 'General', isActive: 'on', position: '0' },
  page: {},
  redirect: { statusCode: '301' },
}

/** GET a content form: `/faqs/:id`, `/pages/:id`, `/redirects/:id` (or /new). */
export function contentFormPage(kind: Kind) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const access = await operatorOrRefuse(c)
    if ('response' in access) return access.response
    const id = formIdOf(c)
    const values = id === null ? NEW_VALUES[kind] : await savedValues(c, kind, id)
    return renderForm(c, access.staff, kind, id, { values, errors: {} })
  }
}

const SAVE: Record<
  Kind,
  {
    path: string
    schema: typeof OperatorFaqSchema | typeof OperatorSeoPageSchema | typeof OperatorRedirectSchema
    idField: string
    flash: FlashKey
  }
> = {
  faq: {
    path: `${C}/faqs/save`,
    schema: OperatorFaqSchema,
    idField: 'faqId',
    flash: 'contentFaqSaved',
  },
  page: {
    path: `${C}/pages/save`,
    schema: OperatorSeoPageSchema,
    idField: 'pageId',
    flash: 'contentPageSaved',
  },
  redirect: {
    path: `${C}/redirects/save`,
    schema: OperatorRedirectSchema,
    idField: 'redirectId',
    flash: 'contentRedirectSaved',
  },
}

const PARSE = { faq: faqBodyOf, page: pageBodyOf, redirect: redirectBodyOf }

/**
 * POST a content form: saved through operatorChange (purging the 'content' answers) → the list
 * with what happened; refused → the form again (422). A page's Preview shows the body rendered
 * by renderMarkdown, saving nothing.
 */
export function contentForm(kind: Kind) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const access = await operatorOrRefuse(c)
    if ('response' in access) return access.response
    const id = formIdOf(c)
    const text = await readForm(c)
    const preview = PagePreviewFormSchema.parse(text)
    if (kind === 'page' && preview.intent === PAGE_PREVIEW) {
      return renderForm(c, access.staff, kind, id, {
        values: text,
        errors: {},
        previewHtml: renderMarkdown(preview.body),
      })
    }
    const parsed = PARSE[kind](text)
    if (!parsed.ok)
      return renderForm(c, access.staff, kind, id, { values: text, errors: parsed.errors }, 422)
    const save = SAVE[kind]
    try {
      await operatorChange(c, {
        path: save.path,
        body: { ...parsed.body, ...(id === null ? {} : { [save.idField]: id }) },
        schema: save.schema,
        affects: ['content'],
      })
    } catch (error) {
      const { errors, status } = saveRefusal(c, error)
      return renderForm(c, access.staff, kind, id, { values: text, errors }, status)
    }
    setFlash(c, save.flash)
    return redirectTo(c, CONTENT_PATHS.list, 303)
  }
}

/** POST /redirects/:id/delete: deletes the redirect (the list's Delete button). */
export async function deleteRedirectForm(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const id = formIdOf(c)
  if (id === null) throw new AppError('not_found', MESSAGES.pageNotFound)
  await operatorChange(c, {
    path: `${C}/redirects/delete`,
    body: { redirectId: id },
    schema: RedirectDeletedSchema,
    affects: ['content'],
  })
  setFlash(c, 'contentRedirectDeleted')
  return redirectTo(c, CONTENT_PATHS.list, 303)
}
