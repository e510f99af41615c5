// The operator console's content (ADR 027; SQL only here, ADR 004): FAQs, content pages and
// redirects, every statement scoped by the caller's business.

export interface FaqRow {
  id: number
  brand_id: number | null
  section: string
  question: string
  answer: string
  position: number
  is_active: number
}

export async function listFaqRows(db: D1Database, businessId: number) {
  const { results } = await db
    .prepare(
      `select id, brand_id, section, question, answer, position, is_active from faqs
        where business_id = ?1 order by brand_id is not null, brand_id, position, id`
    )
    .bind(businessId)
    .all<FaqRow>()
  return results
}

export function findFaqRow(db: D1Database, businessId: number, faqId: number) {
  return db
    .prepare(
      `select id, brand_id, section, question, answer, position, is_active from faqs
        where id = ?1 and business_id = ?2`
    )
    .bind(faqId, businessId)
    .first<FaqRow>()
}

export function writeFaqStatement(
  db: D1Database,
  faq: FaqRow & { business_id: number },
  create: boolean
): D1PreparedStatement {
  const values = [
    faq.id,
    faq.business_id,
    faq.brand_id,
    faq.section,
    faq.question,
    faq.answer,
    faq.position,
    faq.is_active,
  ]
  return create
    ? db
        .prepare(
          `insert into faqs (id, business_id, brand_id, section, question, answer, position, is_active)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
        )
        .bind(...values)
    : db
        .prepare(
          `update faqs set brand_id = ?3, section = ?4, question = ?5, answer = ?6, position = ?7,
             is_active = ?8 where id = ?1 and business_id = ?2`
        )
        .bind(...values)
}

export interface SeoPageRow {
  id: number
  brand_id: number | null
  slug: string
  title: string
  heading: string | null
  meta_description: string | null
  body: string
  noindex: number
  updated_at: string
}

const PAGE_COLUMNS = `id, brand_id, slug, title, heading, meta_description, body, noindex, updated_at`

export async function listPageRows(db: D1Database, businessId: number) {
  const { results } = await db
    .prepare(`select ${PAGE_COLUMNS} from seo_pages where business_id = ?1 order by slug, brand_id`)
    .bind(businessId)
    .all<SeoPageRow>()
  return results
}

export function findPageRow(db: D1Database, businessId: number, pageId: number) {
  return db
    .prepare(`select ${PAGE_COLUMNS} from seo_pages where id = ?1 and business_id = ?2`)
    .bind(pageId, businessId)
    .first<SeoPageRow>()
}

/** Whether another page of the business has this slug for the same brand (or for all). */
export async function pageSlugTaken(
  db: D1Database,
  businessId: number,
  brandId: number | null,
  slug: string,
  exceptId: number | null
): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as taken from seo_pages where business_id = ?1 and coalesce(brand_id, 0) = ?2
         and slug = ?3 and id is not ?4`
    )
    .bind(businessId, brandId ?? 0, slug, exceptId)
    .first()
  return row !== null
}

export function writePageStatement(
  db: D1Database,
  page: SeoPageRow & { business_id: number },
  create: boolean
): D1PreparedStatement {
  const values = [
    page.id,
    page.business_id,
    page.brand_id,
    page.slug,
    page.title,
    page.heading,
    page.meta_description,
    page.body,
    page.noindex,
    page.updated_at,
  ]
  return create
    ? db
        .prepare(
          `insert into seo_pages (id, business_id, brand_id, slug, title, heading, meta_description,
             body, noindex, updated_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`
        )
        .bind(...values)
    : db
        .prepare(
          `update seo_pages set brand_id = ?3, slug = ?4, title = ?5, heading = ?6,
             meta_description = ?7, body = ?8, noindex = ?9, updated_at = ?10
           where id = ?1 and business_id = ?2`
        )
        .bind(...values)
}

export interface RedirectRow {
  id: number
  from_slug: string
  to_path: string
  status_code: 301 | 302 | 307 | 308
}

export async function listRedirectRows(db: D1Database, businessId: number) {
  const { results } = await db
    .prepare(
      `select id, from_slug, to_path, status_code from seo_redirects where business_id = ?1
        order by from_slug`
    )
    .bind(businessId)
    .all<RedirectRow>()
  return results
}

export function writeRedirectStatement(
  db: D1Database,
  redirect: RedirectRow & { business_id: number },
  create: boolean
): D1PreparedStatement {
  const values = [
    redirect.id,
    redirect.business_id,
    redirect.from_slug,
    redirect.to_path,
    redirect.status_code,
  ]
  return create
    ? db
        .prepare(
          `insert into seo_redirects (id, business_id, from_slug, to_path, status_code)
           values (?1, ?2, ?3, ?4, ?5)`
        )
        .bind(...values)
    : db
        .prepare(
          `update seo_redirects set from_slug = ?3, to_path = ?4, status_code = ?5
           where id = ?1 and business_id = ?2`
        )
        .bind(...values)
}

export function deleteRedirectStatement(db: D1Database, businessId: number, redirectId: number) {
  return db
    .prepare(`delete from seo_redirects where id = ?1 and business_id = ?2`)
    .bind(redirectId, businessId)
}
