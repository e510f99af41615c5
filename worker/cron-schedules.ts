/*
 * The cron triggers of the backend Worker (wrangler.backend.toml [triggers], ADR 046), named once
 * so the scheduled handler and the deploy checks agree on them.
 */

/** Every minute: slot holds, owed voids, overdue orders, the outbox sweep (worker/scheduled.ts). */
export const EVERY_MINUTE_CRON = '* * * * *'

/**
 * Every five minutes: the insight's rollup (ADR 040): closed days rolled up and the days late
 * changes touched recomputed, in its own run so its share of work never delays the minute's jobs.
 */
export const INSIGHT_CRON = '*/5 * * * *'

/** Daily at 03:17 UTC: the retention sweep. */
export const RETENTION_CRON = '17 3 * * *'

/** Every cron the backend Worker must be triggered on in staging and production. */
export const BACKEND_CRONS: ReadonlyArray<string> = [
  EVERY_MINUTE_CRON,
  INSIGHT_CRON,
  RETENTION_CRON,
]
