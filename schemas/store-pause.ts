import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'
import { formatMessage } from './messages.ts'

/**
 * A store manager's pause (issue 44): no new orders until an instant, with a reason. Shoppers see
 * the store taking preorders for after it (or closed, when that is past the days it takes orders
 * for); at the instant it is open again by its hours.
 */

/** The longest a pause may run: a busy spell, not a closure (those are whole-day closures). */
export const STORE_PAUSE_MAX_DAYS = 7
export const STORE_PAUSE_REASON_MAX = 200

/** POST /staff/stores/pause/state. */
export const StorePauseScopeSchema = z.object({ businessId: BusinessIdSchema, storeId: IdSchema })
export type StorePauseScope = z.output<typeof StorePauseScopeSchema>

/** POST /staff/stores/pause: `until` an instant (the console turns the store's local time into it). */
const reasonMessage = formatMessage('storePauseReasonRequired', STORE_PAUSE_REASON_MAX)
export const StorePauseRequestSchema = StorePauseScopeSchema.extend({
  until: z.iso.datetime({
    offset: true,
    error: formatMessage('storePauseUntilInvalid', STORE_PAUSE_MAX_DAYS),
  }),
  reason: z
    .string()
    .trim()
    .min(1, { error: reasonMessage })
    .max(STORE_PAUSE_REASON_MAX, { error: reasonMessage }),
})
export type StorePauseRequest = z.output<typeof StorePauseRequestSchema>

/** The store's pause now: null fields when it takes orders by its hours. */
export const StorePauseSchema = z.object({
  storeId: IdSchema,
  storeName: z.string(),
  /** IANA zone: the console shows and reads the end time in the store's local time. */
  timeZone: z.string(),
  /** ISO instant; null when not paused (or the pause has ended). */
  pausedUntil: z.string().nullable(),
  reason: z.string().nullable(),
})
export type StorePause = z.output<typeof StorePauseSchema>
