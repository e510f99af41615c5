import { deleteAbandonedBaskets } from './basket/retention-repo.ts'
import { deleteExpiredIdempotencyKeys } from './idempotency-repo.ts'
import { deleteMarketingLogBefore, MARKETING_LOG_RETENTION_DAYS } from './marketing/repo.ts'

/*
 * The daily retention sweep (README "Privacy", "What is kept, and for how long"): what no one
 * needs any more is deleted, so tables that only ever grew stay the size of what is in use. Each
 * table's rule lives with its domain; delivered effects are swept with the outbox (ADR 037).
 */

export interface RetentionCounts {
  idempotencyKeys: number
  baskets: number
  marketingEvents: number
}

export async function sweepRetention(db: D1Database, now: Date): Promise<RetentionCounts> {
  const [idempotencyKeys, baskets, marketingEvents] = await Promise.all([
    deleteExpiredIdempotencyKeys(db, now),
    deleteAbandonedBaskets(db, now),
    deleteMarketingLogBefore(
      db,
      new Date(now.getTime() - MARKETING_LOG_RETENTION_DAYS * 86_400_000)
    ),
  ])
  return { idempotencyKeys, baskets, marketingEvents }
}
