import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../../../env.ts'
import { type PurgeArea, purgePublicCache } from '../../../lib/cache-purge.ts'
import { bumpPageVersion } from '../../../lib/page-cache-version.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { logError } from '../../../lib/log.ts'
import { nowMs } from '../../../lib/clock.ts'

/**
 * How operator pages reach the backend (ADR 027): every call carries the host's businessId and
 * the staff access token from the console's cookie; nothing else decides whose data it is.
 */

/** A JSON body, or a multipart form (uploads); businessId is set on either. */
type OperatorBody = Record<string, unknown> | FormData

function withBusiness(c: Context<AppEnv>, body: OperatorBody): Record<string, unknown> | FormData {
  const businessId = c.var.brand.businessId
  if (body instanceof FormData) {
    body.set('businessId', String(businessId))
    return body
  }
  return { ...body, businessId }
}

/**
 * A read: POST `path` with `body`, parsed with `schema`. Errors throw as AppError (404 of another
 * business's id becomes the page's 404).
 *
 * @example const stores = await operatorRead(c, '/staff/operator/stores/list', {}, StoreListSchema)
 */
export function operatorRead<S extends z.ZodType>(
  c: Context<AppEnv>,
  path: string,
  body: OperatorBody,
  schema: S
): Promise<z.output<S>> {
  return c.var.backend.post(path, {
    body: withBusiness(c, body),
    token: readStaffAccessToken(c),
    schema,
  })
}

/** A change: what to send, and which public answers it makes stale. */
export interface OperatorChange<S extends z.ZodType> {
  path: string
  body: OperatorBody
  schema: S
  /** The public cache areas the change affects (worker/lib/cache-purge.ts); [] when none. */
  affects: ReadonlyArray<PurgeArea>
  /** The form's own key, so a double submit changes once. */
  idempotencyKey?: string
}

/**
 * THE write path of the operator console: sends the change, then purges every public KV entry of
 * the areas it affects for this business, so shoppers see it within the entries' TTL (ADR 027).
 * A refused change (422, 404, 409) throws as AppError and purges nothing. A purge that fails is
 * logged, not thrown: the change is made and the entries expire on their own.
 *
 * @example await operatorChange(c, { path: '/staff/operator/stores/update', body, schema: StoreSchema, affects: ['stores'] })
 */
export async function operatorChange<S extends z.ZodType>(
  c: Context<AppEnv>,
  change: OperatorChange<S>
): Promise<z.output<S>> {
  const answer = await c.var.backend.post(change.path, {
    body: withBusiness(c, change.body),
    token: readStaffAccessToken(c),
    schema: change.schema,
    ...(change.idempotencyKey ? { idempotencyKey: change.idempotencyKey } : {}),
  })
  if (change.affects.length > 0) {
    try {
      // Every cached page of the business moves to a new key at once (ADR 042).
      await Promise.all([
        purgePublicCache(c.env.CACHE, c.var.brand.businessId, change.affects),
        bumpPageVersion(c.env.CACHE, c.var.brand.businessId, nowMs(c.env)),
      ])
    } catch (error) {
      logError(error, { requestId: c.var.requestId, event: 'operator cache purge failed' })
    }
  }
  return answer
}
