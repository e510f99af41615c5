import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  DoorHandBackRequestSchema,
  MemberRejectSubstituteRequestSchema,
  RejectSubstituteResultSchema,
  TrackingRejectSubstituteRequestSchema,
} from '../../../schemas/order-changes.ts'
import { now } from '../../lib/clock.ts'
import { requireMember } from '../auth/authenticate.ts'
import type { BackendEnv } from '../env.ts'
import { requireMemberOrder } from '../member-orders/service.ts'
import { rateLimit } from '../rate-limit.ts'
import { createDomain } from '../route-registry.ts'
import type { EffectsEnv } from '../store-orders/effects.ts'
import { requireTrackedOrder } from '../tracking/service.ts'
import { handBackAtDoor } from './door.ts'
import { rejectSubstitute } from './service.ts'

/**
 * Reviewing what picking changed (issue 42, ADR 043): a substitute sent back by the member on
 * their order, by whoever may track the order (a guest's signed link), or recorded by the driver
 * at the door. Each refunds the line's charge once through the order's payment.
 */
export const substituteReview = createDomain('Substitute review')

const effectsEnv = (c: Context<BackendEnv>): EffectsEnv => ({ ...c.env, ...c.var.adapters })

const REFUSALS =
  "The line's charged price is refunded once through the order's payment (a race or a second " +
  `call: conflict '${MESSAGES.substituteAlreadyRejected}'); a line that is no substitute of ` +
  `the order: not_found '${MESSAGES.substituteNotFound}'.`

substituteReview.post(
  '/member/orders/reject-substitute',
  {
    summary: "Sends back one substitute of the member's picked order",
    description:
      'Until the order leaves the store (Picked), else conflict ' +
      `'${MESSAGES.substituteRejectTooLate}'. ${REFUSALS} Another member's order answers ` +
      `not_found '${MESSAGES.orderNotFound}'.`,
    body: MemberRejectSubstituteRequestSchema,
    response: RejectSubstituteResultSchema,
    errors: ['unauthorized', 'not_found', 'conflict'],
  },
  async ({ body }, c) => {
    const row = await requireMemberOrder(c.env.DB, await requireMember(c, body.businessId), body)
    return rejectSubstitute(
      effectsEnv(c),
      { id: row.id, business_id: body.businessId, store_id: row.store_id },
      { lineId: body.lineId, by: 'review', driverId: null },
      now(c.env)
    )
  }
)

// As guessable as the tracking call itself: the same limiter, counted with the other changes by
// a signed link (rate-limit.ts).
substituteReview.app.use(
  '/tracking/order/reject-substitute',
  rateLimit('tracking-changes', (env) => env.AUTH_LIMITER)
)

substituteReview.post(
  '/tracking/order/reject-substitute',
  {
    edge: { basketToken: 'carries' },
    summary: 'Sends back one substitute of a picked order, for whoever may track it',
    description:
      'The callers of /tracking/order: a guest by the signed link (token), the member, the ' +
      'basket. Until the order leaves the store (Picked), else conflict ' +
      `'${MESSAGES.substituteRejectTooLate}'. ${REFUSALS}`,
    body: TrackingRejectSubstituteRequestSchema,
    response: RejectSubstituteResultSchema,
    errors: ['not_found', 'conflict', 'rate_limited'],
  },
  async ({ body }, c) => {
    const at = now(c.env)
    const row = await requireTrackedOrder(c, body, at)
    return rejectSubstitute(
      effectsEnv(c),
      row,
      { lineId: body.lineId, by: 'review', driverId: null },
      at
    )
  }
)

substituteReview.post(
  '/staff/deliveries/hand-back',
  {
    summary: 'The driver records a substitute the shopper handed back at the door',
    description:
      "Staff bearer of a driver of the store, the delivery assigned to them (another's answers " +
      `not_found '${MESSAGES.orderNotFound}'), while it is Driver en Route (else conflict ` +
      `'${MESSAGES.substituteDoorTooLate}'). ${REFUSALS}`,
    body: DoorHandBackRequestSchema,
    response: RejectSubstituteResultSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  async ({ body }, c) => handBackAtDoor(c, body)
)
