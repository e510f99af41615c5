import type { Context } from 'hono'
import { auditHref } from '../audit-links.ts'
import { AuditLogPage } from './AuditLogPage.tsx'
import { BusinessProfileSchema } from '../../../../../schemas/business.ts'
import {
  AUDIT_ENTITY_PATTERN,
  OperatorAuditPageSchema,
  type OperatorAuditRequest,
} from '../../../../../schemas/operator.ts'
import type { AppEnv } from '../../../../env.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

/** The audit log's query: `?entity=store&entityId=12&before=<id>` (anything unusable is ignored). */
export function auditQuery(query: (name: string) => string | undefined) {
  const entity = query('entity')
  const narrowed: Partial<OperatorAuditRequest> = {}
  if (entity && AUDIT_ENTITY_PATTERN.test(entity)) {
    narrowed.entity = entity
    const entityId = pathId(query('entityId'))
    if (entityId !== null) narrowed.entityId = entityId
  }
  const before = pathId(query('before'))
  if (before !== null) narrowed.before = before
  return narrowed
}

/** GET /store/operator/audit: the business's changes, newest first, 50 a page. */
export async function auditPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const query = auditQuery((name) => c.req.query(name))
  const [page, business] = await Promise.all([
    operatorRead(c, '/staff/operator/audit', query, OperatorAuditPageSchema),
    c.var.backend.get('/business/profile', {
      query: { businessId: c.var.brand.businessId },
      schema: BusinessProfileSchema,
    }),
  ])
  const olderHref =
    page.nextBefore === null
      ? null
      : query.entity
        ? auditHref(query.entity, query.entityId, page.nextBefore)
        : `${OPERATOR_PATHS.audit}?before=${page.nextBefore}`
  const filter = query.entity
    ? `${query.entity.replace(/_/g, ' ')}${query.entityId ? ` ${query.entityId}` : 's'}`
    : null
  return renderOperator(c, 'Audit log', (chrome) => (
    <AuditLogPage
      frame={operatorFrame(chrome, access.staff, 'audit')}
      entries={page.entries}
      timeZone={business.timeZone}
      olderHref={olderHref}
      filter={filter}
    />
  ))
}
