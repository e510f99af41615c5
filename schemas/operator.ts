import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/**
 * The operator console (ADR 027): operators of a business run its brands, stores, catalogue,
 * promotions and content. Every change is audited; these are the audit log's shapes. Each area's
 * own requests live beside it (schemas/operator-*.ts).
 */

/** What an audit entry's `action` looks like: `<entity>.<verb>`, e.g. 'store.update'. */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z_]*\.[a-z][a-z_-]*$/
/** An audited thing's kind, e.g. 'brand', 'delivery_zone', 'menu_item'. */
export const AUDIT_ENTITY_PATTERN = /^[a-z][a-z_]*$/

/** The entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50

/** POST /staff/operator/audit: the business's audit log, newest first, optionally one entity's. */
export type OperatorAuditRequest = z.infer<typeof OperatorAuditRequestSchema>
export const OperatorAuditRequestSchema = z.object({
  businessId: BusinessIdSchema,
  entity: z.string().regex(AUDIT_ENTITY_PATTERN).optional(),
  entityId: IdSchema.optional(),
  /** The id of the last entry of the previous page: entries older than it. */
  before: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
})

/** One audited change: who, what, to which thing, the thing before and after, and when. */
export type OperatorAuditEntry = z.infer<typeof OperatorAuditEntrySchema>
export const OperatorAuditEntrySchema = z.object({
  id: IdSchema,
  action: z.string(),
  entity: z.string(),
  entityId: IdSchema.nullable(),
  summary: z.string(),
  /** Null when the account no longer exists. */
  staff: z.object({ staffId: IdSchema, name: z.string(), email: z.string() }).nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  at: z.iso.datetime(),
})

export type OperatorAuditPage = z.infer<typeof OperatorAuditPageSchema>
export const OperatorAuditPageSchema = z.object({
  entries: z.array(OperatorAuditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: IdSchema.nullable(),
})
