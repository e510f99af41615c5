import { nextRowId } from '../next-id-repo.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type {
  FaqSaveRequest,
  OperatorFaq,
  OperatorRedirect,
  OperatorSeoPage,
  RedirectSaveRequest,
  SeoPageSaveRequest,
} from '../../../../schemas/operator-content.ts'
import { AppError } from '../../../lib/errors.ts'
import { createsRedirectLoop, slugOfPath } from '../../seo/redirect-chain.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import { auditStatement } from '../../audit-repo.ts'
import { ownedIds } from '../promotions/ownership-repo.ts'
import { refuseFields } from '../promotions/refusals.ts'
import {
  deleteRedirectStatement,
  type FaqRow,
  findFaqRow,
  findPageRow,
  listFaqRows,
  listPageRows,
  listRedirectRows,
  pageSlugTaken,
  type RedirectRow,
  type SeoPageRow,
  writeFaqStatement,
  writePageStatement,
  writeRedirectStatement,
} from './repo.ts'

/** A brand named must be the business's; another business's is not found. */
async function checkBrand(db: D1Database, businessId: number, brandId: number | null) {
  if (brandId !== null && !(await ownedIds(db, businessId, 'brand', [brandId])).has(brandId)) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
}

const faqOf = (row: FaqRow): OperatorFaq => ({
  faqId: row.id,
  brandId: row.brand_id,
  section: row.section,
  question: row.question,
  answer: row.answer,
  position: row.position,
  isActive: row.is_active === 1,
})

export async function listFaqs(db: D1Database, businessId: number) {
  return { faqs: (await listFaqRows(db, businessId)).map(faqOf) }
}

/** Creates or replaces a question, and records it, in one batch (ADR 027). */
export async function saveFaq(
  db: D1Database,
  caller: StaffCaller,
  body: FaqSaveRequest,
  at: string
) {
  const businessId = caller.businessId
  const before = body.faqId === undefined ? null : await findFaqRow(db, businessId, body.faqId)
  if (body.faqId !== undefined && !before) {
    throw new AppError('not_found', MESSAGES.contentFaqNotFound)
  }
  await checkBrand(db, businessId, body.brandId)
  const row: FaqRow = {
    id: body.faqId ?? (await nextRowId(db, 'faqs')),
    brand_id: body.brandId,
    section: body.section,
    question: body.question,
    answer: body.answer,
    position: body.position,
    is_active: body.isActive ? 1 : 0,
  }
  await db.batch([
    writeFaqStatement(db, { ...row, business_id: businessId }, before === null),
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'faq.update' : 'faq.create',
      entity: 'faq',
      entityId: row.id,
      before: before ? faqOf(before) : null,
      after: faqOf(row),
      summary: `Question “${body.question}” ${before ? 'changed' : 'added'}`,
      at,
    }),
  ])
  return faqOf(row)
}

const pageOf = (row: SeoPageRow): OperatorSeoPage => ({
  pageId: row.id,
  brandId: row.brand_id,
  slug: row.slug,
  title: row.title,
  heading: row.heading,
  metaDescription: row.meta_description,
  body: row.body,
  noindex: row.noindex === 1,
  updatedAt: row.updated_at,
})

export async function listPages(db: D1Database, businessId: number) {
  return {
    pages: (await listPageRows(db, businessId)).map((row) => {
      const { body: _body, ...page } = pageOf(row)
      return page
    }),
  }
}

export async function getPage(db: D1Database, businessId: number, pageId: number) {
  const row = await findPageRow(db, businessId, pageId)
  if (!row) throw new AppError('not_found', MESSAGES.pageNotFound)
  return pageOf(row)
}

/** Creates or replaces a content page (its address unique per brand), audited in its batch. */
export async function savePage(
  db: D1Database,
  caller: StaffCaller,
  body: SeoPageSaveRequest,
  at: string
) {
  const businessId = caller.businessId
  const before = body.pageId === undefined ? null : await getPage(db, businessId, body.pageId)
  await checkBrand(db, businessId, body.brandId)
  if (await pageSlugTaken(db, businessId, body.brandId, body.slug, body.pageId ?? null)) {
    throw refuseFields([{ field: 'slug', message: MESSAGES.contentSlugTaken }])
  }
  const row: SeoPageRow = {
    id: body.pageId ?? (await nextRowId(db, 'seo_pages')),
    brand_id: body.brandId,
    slug: body.slug,
    title: body.title,
    heading: body.heading,
    meta_description: body.metaDescription,
    body: body.body,
    noindex: body.noindex ? 1 : 0,
    updated_at: at,
  }
  await db.batch([
    writePageStatement(db, { ...row, business_id: businessId }, before === null),
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'seo_page.update' : 'seo_page.create',
      entity: 'seo_page',
      entityId: row.id,
      before,
      after: pageOf(row),
      summary: `Page /${body.slug} ${before ? 'changed' : 'added'}`,
      at,
    }),
  ])
  return pageOf(row)
}

const redirectOf = (row: RedirectRow): OperatorRedirect => ({
  redirectId: row.id,
  fromPath: `/${row.from_slug}`,
  toPath: row.to_path,
  statusCode: row.status_code,
})

export async function listRedirects(db: D1Database, businessId: number) {
  return { redirects: (await listRedirectRows(db, businessId)).map(redirectOf) }
}

/**
 * Creates or replaces a redirect. Refused when the old address already redirects, points at
 * itself, or would close a loop with the business's other redirects (redirect-chain.ts, the
 * same chain the shop follows). Targets are paths on this site only (the schema).
 */
export async function saveRedirect(
  db: D1Database,
  caller: StaffCaller,
  body: RedirectSaveRequest,
  at: string
) {
  const businessId = caller.businessId
  const rows = await listRedirectRows(db, businessId)
  const before = body.redirectId === undefined ? null : rows.find((r) => r.id === body.redirectId)
  if (body.redirectId !== undefined && !before) {
    throw new AppError('not_found', MESSAGES.contentRedirectNotFound)
  }
  const fromSlug = slugOfPath(body.fromPath)
  const others = new Map(
    rows
      .filter((row) => row.id !== body.redirectId)
      .map((row) => [
        row.from_slug,
        { fromSlug: row.from_slug, toPath: row.to_path, statusCode: row.status_code },
      ])
  )
  if (others.has(fromSlug)) {
    throw refuseFields([{ field: 'fromPath', message: MESSAGES.contentRedirectTaken }])
  }
  if (slugOfPath(body.toPath) === fromSlug) {
    throw refuseFields([{ field: 'toPath', message: MESSAGES.contentRedirectSelf }])
  }
  if (createsRedirectLoop(others, fromSlug, body.toPath)) {
    throw refuseFields([{ field: 'toPath', message: MESSAGES.contentRedirectLoop }])
  }
  const row: RedirectRow = {
    id: body.redirectId ?? (await nextRowId(db, 'seo_redirects')),
    from_slug: fromSlug,
    to_path: body.toPath,
    status_code: body.statusCode,
  }
  await db.batch([
    writeRedirectStatement(db, { ...row, business_id: businessId }, !before),
    auditStatement(db, {
      businessId,
      staffId: caller.staffId,
      action: before ? 'redirect.update' : 'redirect.create',
      entity: 'redirect',
      entityId: row.id,
      before: before ? redirectOf(before) : null,
      after: redirectOf(row),
      summary: `Redirect /${fromSlug} → ${body.toPath} ${before ? 'changed' : 'added'}`,
      at,
    }),
  ])
  return redirectOf(row)
}

export async function deleteRedirect(
  db: D1Database,
  caller: StaffCaller,
  redirectId: number,
  at: string
) {
  const rows = await listRedirectRows(db, caller.businessId)
  const before = rows.find((row) => row.id === redirectId)
  if (!before) throw new AppError('not_found', MESSAGES.contentRedirectNotFound)
  await db.batch([
    deleteRedirectStatement(db, caller.businessId, redirectId),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'redirect.delete',
      entity: 'redirect',
      entityId: redirectId,
      before: redirectOf(before),
      after: null,
      summary: `Redirect /${before.from_slug} deleted`,
      at,
    }),
  ])
  return { deleted: true as const }
}
