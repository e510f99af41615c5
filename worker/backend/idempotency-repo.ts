import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from '../lib/errors.ts'
import { canonicalJson, sha256Hex } from '../lib/crypto.ts'
import { isDatabaseUnavailable } from '../lib/error-response.ts'
import { logError } from '../lib/log.ts'

/*
 * Idempotent calls (checkout and payments): the first request with a key runs once and its answer
 * is kept; a retry with the same key and body gets that answer back, never a second order or
 * charge. After Stripe and the IETF Idempotency-Key draft (reference/security-payments-platform.md
 * §4): same key + another body → 422; the same key while the first is still running → 409; a run
 * that fails saves nothing, so the shopper can simply retry.
 */

/** How long an answer is replayed (Stripe keeps keys at least 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export interface IdempotentRequest {
  businessId: number
  /** The operation, e.g. 'checkout.process-order'. */
  scope: string
  /** The client's Idempotency-Key. */
  key: string | undefined
  /** What the caller asked for: a retry must ask for exactly the same. */
  request: unknown
  now: Date
}

export interface IdempotentAnswer<T> {
  body: T
  /** True when this is the stored answer of an earlier request with the key. */
  replayed: boolean
}

interface KeyRow {
  request_hash: string
  state: 'in_progress' | 'completed'
  response_body: string | null
  expires_at: string
}

/**
 * Runs `run` once per (business, scope, key) and answers its result, or replays the stored result
 * for a retry. The claim is one conditional insert, so concurrent identical requests cannot both
 * run: the losers get 409 while the winner runs, and the stored answer afterwards.
 */
export async function idempotent<T>(
  db: D1Database,
  request: IdempotentRequest,
  run: () => Promise<T>
): Promise<IdempotentAnswer<T>> {
  const { businessId, scope, key, now } = request
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', MESSAGES.idempotencyKeyInvalid, {
      fields: [{ field: 'Idempotency-Key', message: MESSAGES.idempotencyKeyInvalid }],
    })
  }
  const requestHash = await sha256Hex(canonicalJson(request.request))
  const at = now.toISOString()
  // A lapsed key of this request is forgotten first, so it can be claimed again.
  const [, claim] = await db.batch([
    db
      .prepare(
        `delete from idempotency_keys
         where business_id = ?1 and scope = ?2 and idempotency_key = ?3 and expires_at <= ?4`
      )
      .bind(businessId, scope, key, at),
    db
      .prepare(
        `insert into idempotency_keys
           (business_id, scope, idempotency_key, request_hash, state, created_at, expires_at)
         values (?1, ?2, ?3, ?4, 'in_progress', ?5, ?6)
         on conflict (business_id, scope, idempotency_key) do nothing`
      )
      .bind(
        businessId,
        scope,
        key,
        requestHash,
        at,
        new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString()
      ),
  ])
  if ((claim?.meta.changes ?? 0) === 0) return earlierAnswer<T>(db, request, requestHash)

  let body: T
  try {
    body = await run()
  } catch (error) {
    // Nothing is saved for a failed run: the same key may be retried.
    await settleKey(
      db
        .prepare(
          `delete from idempotency_keys
           where business_id = ?1 and scope = ?2 and idempotency_key = ?3 and state = 'in_progress'`
        )
        .bind(businessId, scope, key)
    ).catch((releaseError: unknown) => {
      // The run's own error is the answer; the key lapses with its window.
      logError(releaseError, { event: 'idempotency key not released', scope })
    })
    throw error
  }
  try {
    await settleKey(
      db
        .prepare(
          `update idempotency_keys set state = 'completed', response_status = 200, response_body = ?4
           where business_id = ?1 and scope = ?2 and idempotency_key = ?3`
        )
        .bind(businessId, scope, key, JSON.stringify(body))
    )
  } catch (error) {
    // The run happened (an order placed, a payment taken): the caller is told so. A retry with
    // the key is told it is in progress until the window lapses, never run twice.
    logError(error, { event: 'idempotency answer not kept', scope })
  }
  return { body, replayed: false }
}

/** Tries to record a key's end again while D1 cannot be reached for a moment (it is idempotent). */
const SETTLE_ATTEMPTS = 3

async function settleKey(statement: D1PreparedStatement): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await statement.run()
      return
    } catch (error) {
      if (attempt >= SETTLE_ATTEMPTS || !isDatabaseUnavailable(error)) throw error
    }
  }
}

async function earlierAnswer<T>(
  db: D1Database,
  request: IdempotentRequest,
  requestHash: string
): Promise<IdempotentAnswer<T>> {
  const row = await db
    .prepare(
      `select request_hash, state, response_body, expires_at from idempotency_keys
       where business_id = ?1 and scope = ?2 and idempotency_key = ?3`
    )
    .bind(request.businessId, request.scope, request.key)
    .first<KeyRow>()
  if (!row) {
    // The first request failed and let the key go between our insert and this read.
    throw new AppError('conflict', MESSAGES.idempotencyInProgress, {
      details: { reason: 'idempotency_in_progress' },
    })
  }
  if (row.request_hash !== requestHash) {
    throw new AppError('validation_error', MESSAGES.idempotencyKeyReused, {
      fields: [{ field: 'Idempotency-Key', message: MESSAGES.idempotencyKeyReused }],
    })
  }
  if (row.state === 'in_progress' || row.response_body === null) {
    throw new AppError('conflict', MESSAGES.idempotencyInProgress, {
      details: { reason: 'idempotency_in_progress' },
    })
  }
  return { body: JSON.parse(row.response_body) as T, replayed: true }
}

/** Retention: keys past their replay window answer nothing any more (README "Privacy"). */
export async function deleteExpiredIdempotencyKeys(db: D1Database, now: Date): Promise<number> {
  const result = await db
    .prepare(`delete from idempotency_keys where expires_at <= ?1 and state = 'completed'`)
    .bind(now.toISOString())
    .run()
  return result.meta.changes
}
