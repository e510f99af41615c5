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

function refuseMalformedKey(key: string | undefined): asserts key is string {
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('validation_error', MESSAGES.idempotencyKeyInvalid, {
      fields: [{ field: 'Idempotency-Key', message: MESSAGES.idempotencyKeyInvalid }],
    })
  }
}

/** The claim: a lapsed key of this request forgotten, then the key's row (state as given). */
function claimStatements(
  db: D1Database,
  request: IdempotentRequest & { key: string },
  requestHash: string,
  { state, onClash }: { state: KeyRow['state']; onClash: 'nothing' | 'fail' }
): [D1PreparedStatement, D1PreparedStatement] {
  const { businessId, scope, key, now } = request
  return [
    db
      .prepare(
        `delete from idempotency_keys
         where business_id = ?1 and scope = ?2 and idempotency_key = ?3 and expires_at <= ?4`
      )
      .bind(businessId, scope, key, now.toISOString()),
    db
      .prepare(
        `insert into idempotency_keys
           (business_id, scope, idempotency_key, request_hash, state, response_status, created_at,
            expires_at)
         values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ${onClash === 'nothing' ? 'on conflict (business_id, scope, idempotency_key) do nothing' : ''}`
      )
      .bind(
        businessId,
        scope,
        key,
        requestHash,
        state,
        state === 'completed' ? 200 : null,
        now.toISOString(),
        new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString()
      ),
  ]
}

/**
 * A call's key claimed inside the call's own write batch (ADR 069): no claim before it, so a
 * placed order or a cash payment waits for one primary round trip instead of three. A call whose
 * every effect is in that batch writes the key's row 'completed' with its writes, all or nothing;
 * what the call made (the order, the payment, which carry the key themselves) is its recorded
 * answer, read again for a replay. A call with an effect outside the database between two batches
 * (a card gateway's charge) holds the key instead: 'in_progress' in its first batch, so only that
 * batch's winner goes on to the gateway, then completed (or released) by its last.
 */
export interface BatchKey {
  /** The claim's statements, first in the call's write batch; a duplicate fails the batch. */
  readonly claim: ReadonlyArray<D1PreparedStatement>
  /**
   * What an earlier request with this key and body answered, null when none: refuses the key
   * with another body (422); while that request still holds the key, waits a little for its
   * answer (409 when it does not come). A read, started beside the call's own.
   */
  answered(): Promise<KeyAnswer | null>
  /**
   * What a call whose batch failed answers: when the claim failed it (a duplicate committed
   * first, nothing of this one written), the duplicate's answer by `replay`, or 409 while it
   * cannot be read yet; any other failure is thrown as it came.
   */
  afterFailure<T>(error: unknown, replay: (answer: KeyAnswer) => Promise<T>): Promise<T>
  /** A held key's end: completed, keeping `answer` (what a replay needs beyond the record). */
  complete(answer: unknown): D1PreparedStatement
  /** A held key let go (its call failed): the same key may be tried again. */
  release(): D1PreparedStatement
}

/** An earlier request's answer: what it kept beside its record (null when nothing). */
export interface KeyAnswer {
  body: unknown
}

/**
 * How long a duplicate waits, look after look, for the request holding its key: about 10 s in
 * all, a gateway's usual answer time, then 409 (try again).
 */
const HELD_KEY_WAITS_MS = [50, 100, 200, 400, 800, 1600, 3200, 3200] as const

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * The key of a call whose claim rides in its own write batch (see BatchKey): `held` for a call
 * that completes its key in a later batch.
 */
export async function batchKey(
  db: D1Database,
  request: IdempotentRequest,
  { held = false }: { held?: boolean } = {}
): Promise<BatchKey> {
  const { key } = request
  refuseMalformedKey(key)
  const requestHash = await sha256Hex(canonicalJson(request.request))
  const keyed = { ...request, key }
  const answered = async (): Promise<KeyAnswer | null> => {
    for (const wait of [...HELD_KEY_WAITS_MS, null]) {
      const row = await findKeyRow(db, keyed)
      if (!row || row.expires_at <= request.now.toISOString()) return null
      if (row.request_hash !== requestHash || row.state === 'completed' || wait === null) {
        refuseUnlessSame(row, requestHash)
        return {
          body: row.response_body === null ? null : (JSON.parse(row.response_body) as unknown),
        }
      }
      await pause(wait)
    }
    throw idempotencyInProgress()
  }
  const { businessId, scope } = request
  return {
    claim: claimStatements(db, keyed, requestHash, {
      state: held ? 'in_progress' : 'completed',
      onClash: 'fail',
    }),
    answered,
    async afterFailure(error, replay) {
      const clashed =
        error instanceof Error &&
        /UNIQUE constraint failed: idempotency_keys\./i.test(error.message)
      if (!clashed) throw error
      const answer = await answered()
      if (answer) return replay(answer)
      throw idempotencyInProgress()
    },
    complete: (answer) =>
      db
        .prepare(
          `update idempotency_keys set state = 'completed', response_status = 200,
             response_body = ?4
           where business_id = ?1 and scope = ?2 and idempotency_key = ?3 and state = 'in_progress'`
        )
        .bind(businessId, scope, key, answer === null ? null : JSON.stringify(answer)),
    release: () => releaseStatement(db, { businessId, scope, key }),
  }
}

/**
 * A held key kept, answering nothing of its own, for a call whose attempt was written before it
 * failed outside a batch (a gateway that threw, an answer's batch that did not commit): the
 * attempt holds the key too (unique on its table), so a key let go could never be used again,
 * and each retry would fail on it. Kept, a retry with the same body replays the attempt as it
 * stands (pending, until the cron or verify payment learns its fate) and another body is told
 * the key was used. A keep that still fails is logged; the key lapses with its window.
 */
export async function keepKeyForAttempt(key: BatchKey, scope: string): Promise<void> {
  await settleKey(key.complete(null)).catch((error: unknown) => {
    logError(error, { event: 'idempotency key not kept', scope })
  })
}

/** A claim still in progress deleted: its call failed, and the key may be used again. */
function releaseStatement(
  db: D1Database,
  request: Pick<IdempotentRequest, 'businessId' | 'scope'> & { key: string }
): D1PreparedStatement {
  return db
    .prepare(
      `delete from idempotency_keys
       where business_id = ?1 and scope = ?2 and idempotency_key = ?3 and state = 'in_progress'`
    )
    .bind(request.businessId, request.scope, request.key)
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
  const { businessId, scope, key } = request
  refuseMalformedKey(key)
  const requestHash = await sha256Hex(canonicalJson(request.request))
  // A lapsed key of this request is forgotten first, so it can be claimed again.
  const [, claim] = await db.batch(
    claimStatements(db, { ...request, key }, requestHash, {
      state: 'in_progress',
      onClash: 'nothing',
    })
  )
  if ((claim?.meta.changes ?? 0) === 0)
    return earlierAnswer<T>(db, { ...request, key }, requestHash)

  let body: T
  try {
    body = await run()
  } catch (error) {
    // Nothing is saved for a failed run: the same key may be retried.
    await settleKey(releaseStatement(db, { businessId, scope, key })).catch(
      (releaseError: unknown) => {
        // The run's own error is the answer; the key lapses with its window.
        logError(releaseError, { event: 'idempotency key not released', scope })
      }
    )
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

function findKeyRow(
  db: D1Database,
  request: Pick<IdempotentRequest, 'businessId' | 'scope'> & { key: string }
): Promise<KeyRow | null> {
  return db
    .prepare(
      `select request_hash, state, response_body, expires_at from idempotency_keys
       where business_id = ?1 and scope = ?2 and idempotency_key = ?3`
    )
    .bind(request.businessId, request.scope, request.key)
    .first<KeyRow>()
}

/** 409: the request with this key has not finished (or cannot be read yet): try again soon. */
export function idempotencyInProgress(): AppError {
  return new AppError('conflict', MESSAGES.idempotencyInProgress, {
    details: { reason: 'idempotency_in_progress' },
  })
}

/** Refuses the key with another body (422), and a request that has not finished (409). */
function refuseUnlessSame(row: KeyRow, requestHash: string): void {
  if (row.request_hash !== requestHash) {
    throw new AppError('validation_error', MESSAGES.idempotencyKeyReused, {
      fields: [{ field: 'Idempotency-Key', message: MESSAGES.idempotencyKeyReused }],
    })
  }
  if (row.state === 'in_progress') throw idempotencyInProgress()
}

async function earlierAnswer<T>(
  db: D1Database,
  request: IdempotentRequest & { key: string },
  requestHash: string
): Promise<IdempotentAnswer<T>> {
  const row = await findKeyRow(db, request)
  // The first request failed and let the key go between our insert and this read.
  if (!row) throw idempotencyInProgress()
  refuseUnlessSame(row, requestHash)
  if (row.response_body === null) throw idempotencyInProgress()
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
