import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  STORE_PAUSE_MAX_DAYS,
  type StorePause,
  type StorePauseRequest,
} from '../../../schemas/store-pause.ts'
import { AppError } from '../../lib/errors.ts'
import { auditStatement } from '../audit-repo.ts'
import type { StaffCaller } from '../staff/guard.ts'
import { findPause, type PauseRecord, pauseStatement } from './pause-repo.ts'

/*
 * A store manager's pause (issue 44): the store takes no new orders until an instant. Nothing runs
 * when it ends: availability (stores/availability.ts) compares it with the app clock, so a pause
 * past its end is as if absent, here too.
 */

/** What a change needs: the database, who, and the app clock's time. */
export interface PauseContext {
  db: D1Database
  caller: StaffCaller
  now: Date
}

const DAY_MS = 86_400_000

async function requirePause(db: D1Database, businessId: number, storeId: number) {
  const found = await findPause(db, businessId, storeId)
  if (!found) throw new AppError('not_found', MESSAGES.storeNotFound)
  return found
}

/** The pause as shoppers feel it now: an ended one reads as none. */
function current(record: PauseRecord, now: Date): StorePause {
  const running = record.pausedUntil !== null && Date.parse(record.pausedUntil) > now.getTime()
  return {
    storeId: record.storeId,
    storeName: record.storeName,
    timeZone: record.timeZone,
    pausedUntil: running ? record.pausedUntil : null,
    reason: running ? record.reason : null,
  }
}

/** The store's pause now. */
export async function storePause(
  db: D1Database,
  businessId: number,
  storeId: number,
  now: Date
): Promise<StorePause> {
  return current(await requirePause(db, businessId, storeId), now)
}

function untilRefusal(): AppError {
  const message = formatMessage('storePauseUntilInvalid', STORE_PAUSE_MAX_DAYS)
  return new AppError('validation_error', message, { fields: [{ field: 'until', message }] })
}

/**
 * Pauses new orders until `until` (after now, within STORE_PAUSE_MAX_DAYS), replacing any pause;
 * recorded in the audit trail in the same batch.
 */
export async function pauseStore(
  context: PauseContext,
  request: StorePauseRequest
): Promise<StorePause> {
  const { db, caller, now } = context
  const until = new Date(request.until)
  const ahead = until.getTime() - now.getTime()
  if (!(ahead > 0 && ahead <= STORE_PAUSE_MAX_DAYS * DAY_MS)) throw untilRefusal()
  const before = await requirePause(db, caller.businessId, request.storeId)
  const after = { until: until.toISOString(), reason: request.reason }
  await db.batch([
    pauseStatement(db, caller.businessId, request.storeId, after, now.toISOString()),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'store.pause',
      entity: 'store',
      entityId: request.storeId,
      before: current(before, now),
      after,
      summary: `${before.storeName} paused until ${after.until}: ${request.reason}`,
      at: now.toISOString(),
    }),
  ])
  return storePause(db, caller.businessId, request.storeId, now)
}

/** Ends the pause now: the store takes orders again by its hours. */
export async function resumeStore(context: PauseContext, storeId: number): Promise<StorePause> {
  const { db, caller, now } = context
  const before = await requirePause(db, caller.businessId, storeId)
  await db.batch([
    pauseStatement(
      db,
      caller.businessId,
      storeId,
      { until: null, reason: null },
      now.toISOString()
    ),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'store.resume',
      entity: 'store',
      entityId: storeId,
      before: current(before, now),
      after: null,
      summary: `${before.storeName} takes orders again`,
      at: now.toISOString(),
    }),
  ])
  return storePause(db, caller.businessId, storeId, now)
}
