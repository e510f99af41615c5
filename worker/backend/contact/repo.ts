import { DEV_CONTACT_REQUESTS_LIMIT } from '../../../schemas/constants.ts'
import { shopLocaleOf, type ShopLocale } from '../../../schemas/locale.ts'

/** A contact request as stored (spec §3 Contact request); customerId only from a verified token. */
export interface NewContactRequest {
  businessId: number
  brandId: number | null
  customerId: number | null
  subject: string
  message: string
  firstName: string
  lastName: string
  email: string
  phone: string | null
  orderNumber: string | null
  now: string
}

export interface NewAttachment {
  r2Key: string
  filename: string
  contentType: string
  sizeBytes: number
}

/** The business's support inbox and name, or null when the business does not exist. */
export async function findSupportInbox(
  db: D1Database,
  businessId: number
): Promise<{ name: string; supportEmail: string | null; shop: ShopLocale } | null> {
  const row = await db
    .prepare(
      `select name, support_email, locale, currency, country_code as countryCode,
              time_zone as timeZone
       from businesses where id = ?1`
    )
    .bind(businessId)
    .first<{
      name: string
      support_email: string | null
      locale: string
      currency: string
      countryCode: string
      timeZone: string
    }>()
  return row ? { name: row.name, supportEmail: row.support_email, shop: shopLocaleOf(row) } : null
}

/** True when the brand is one of the business's brands. */
export async function brandOfBusiness(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<boolean> {
  const row = await db
    .prepare('select 1 as ok from brands where id = ?1 and business_id = ?2')
    .bind(brandId, businessId)
    .first()
  return row !== null
}

/**
 * Inserts the request and its attachments in one batch (one transaction): both or neither.
 * Answers the request's id.
 */
export async function insertContactRequest(
  db: D1Database,
  request: NewContactRequest,
  attachments: ReadonlyArray<NewAttachment>
): Promise<number> {
  const r = request
  // A batch is one transaction with one writer, so the newest request of the business is the one
  // just inserted (last_insert_rowid() would move on with the first attachment).
  const [inserted] = await db.batch<{ id: number }>([
    db
      .prepare(
        `insert into contact_requests (business_id, brand_id, customer_id, subject, message,
           first_name, last_name, email, phone, order_number, created_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) returning id`
      )
      .bind(
        r.businessId,
        r.brandId,
        r.customerId,
        r.subject,
        r.message,
        r.firstName,
        r.lastName,
        r.email,
        r.phone,
        r.orderNumber,
        r.now
      ),
    ...attachments.map((a) =>
      db
        .prepare(
          `insert into contact_request_attachments
             (contact_request_id, r2_key, filename, content_type, size_bytes)
           values ((select max(id) from contact_requests where business_id = ?1), ?2, ?3, ?4, ?5)`
        )
        .bind(r.businessId, a.r2Key, a.filename, a.contentType, a.sizeBytes)
    ),
  ])
  const id = inserted?.results[0]?.id
  if (id === undefined) throw new Error('contact request insert returned no id')
  return id
}

interface DevRow {
  id: number
  subject: string
  email: string
  order_number: string | null
  created_at: string
  r2_key: string | null
  filename: string | null
  content_type: string | null
  size_bytes: number | null
}

export interface StoredContactRequest {
  id: number
  subject: string
  email: string
  orderNumber: string | null
  createdAt: string
  attachments: Array<NewAttachment>
}

/** The business's newest contact requests with their attachments (the development view). */
export async function listRecentContactRequests(
  db: D1Database,
  businessId: number
): Promise<Array<StoredContactRequest>> {
  const { results } = await db
    .prepare(
      `with recent as (
         select id, subject, email, order_number, created_at from contact_requests
         where business_id = ?1 order by id desc limit ?2
       )
       select recent.*, a.r2_key, a.filename, a.content_type, a.size_bytes
       from recent left join contact_request_attachments a on a.contact_request_id = recent.id
       order by recent.id desc, a.id`
    )
    .bind(businessId, DEV_CONTACT_REQUESTS_LIMIT)
    .all<DevRow>()
  const byId = new Map<number, StoredContactRequest>()
  for (const row of results) {
    let request = byId.get(row.id)
    if (!request) {
      request = {
        id: row.id,
        subject: row.subject,
        email: row.email,
        orderNumber: row.order_number,
        createdAt: row.created_at,
        attachments: [],
      }
      byId.set(row.id, request)
    }
    if (row.r2_key !== null) {
      request.attachments.push({
        r2Key: row.r2_key,
        filename: row.filename ?? '',
        contentType: row.content_type ?? '',
        sizeBytes: row.size_bytes ?? 0,
      })
    }
  }
  return [...byId.values()]
}
