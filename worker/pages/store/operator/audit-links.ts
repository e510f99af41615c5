import { OPERATOR_PATHS } from '../../../lib/operator-paths.ts'

/** Where the audit log of one thing is (areas link each thing's page to its history). */
export function auditHref(entity: string, entityId?: number | null, before?: number): string {
  const params = new URLSearchParams({ entity })
  if (entityId) params.set('entityId', String(entityId))
  if (before) params.set('before', String(before))
  return `${OPERATOR_PATHS.audit}?${params}`
}
