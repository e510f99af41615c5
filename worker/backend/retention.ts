import { deleteAbandonedBaskets } from './basket/retention-repo.ts'
import { DELIVERED_EFFECT_RETENTION_DAYS, deleteDeliveredBefore } from './effects/repo.ts'
import { deleteExpiredIdempotencyKeys } from './idempotency-repo.ts'
import { deleteMarketingLogBefore, MARKETING_LOG_RETENTION_DAYS } from './marketing/repo.ts'
import { archiveOldOrders, type ArchiveBucket } from './order-archive/service.ts'

/*
 * The daily retention sweep (README "Privacy", "What is kept, and for how long"): what no one
 * needs any more is deleted, so tables that only ever grew stay the size of what is in use. Each
 * table's rule lives with its domain.
 */

export interface RetentionCounts {
  idempotencyKeys: number
  baskets: number
  marketingEvents: number
  deliveredEffects: number
  /** Old orders moved to R2 (ADR 050), and those whose move failed and wait for the next run. */
  archivedOrders: number
  archiveFailures: number
}

export async function sweepRetention(
  db: D1Database,
  archive: ArchiveBucket,
  now: Date
): Promise<RetentionCounts> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  const [idempotencyKeys, baskets, marketingEvents, deliveredEffects, orders] = await Promise.all([
    deleteExpiredIdempotencyKeys(db, now),
    deleteAbandonedBaskets(db, now),
    deleteMarketingLogBefore(db, daysAgo(MARKETING_LOG_RETENTION_DAYS)),
    deleteDeliveredBefore(db, daysAgo(DELIVERED_EFFECT_RETENTION_DAYS)),
    archiveOldOrders(db, archive, now),
  ])
  return {
    idempotencyKeys,
    baskets,
    marketingEvents,
    deliveredEffects,
    archivedOrders: orders.archived,
    archiveFailures: orders.failed,
  }
}
