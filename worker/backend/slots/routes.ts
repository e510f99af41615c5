import { MESSAGES } from '../../../schemas/messages.ts'
import {
  ReserveSlotRequestSchema,
  ReserveSlotResultSchema,
  ServerTimeQuerySchema,
  ServerTimeSchema,
  TimeSlotListRequestSchema,
  TimeSlotListSchema,
} from '../../../schemas/slots.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { findGuardedBasket } from '../basket-ref-repo.ts'
import { findTimeZone } from './repo.ts'
import { serverTime } from './server-time.ts'
import { listTimeSlots, reserveTimeSlot } from './service.ts'
import { now } from '../../lib/clock.ts'

/** Time slots (spec §7): the slot list, reservations and the clock countdowns measure against. */
export const slots = createDomain('Time slots', { edge: { basketToken: 'carries' } })

slots.get(
  '/time-slots/server-time',
  {
    summary: 'Server time in UTC and in the business (or store) time zone',
    query: ServerTimeQuerySchema,
    response: ServerTimeSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const zone = await findTimeZone(c.env.DB, query.businessId, query.storeId)
    if (!zone) throw new AppError('not_found', MESSAGES.businessNotFound)
    if (!zone.storeFound) throw new AppError('not_found', MESSAGES.storeNotFound)
    return serverTime(now(c.env), zone.timeZone)
  }
)

slots.post(
  '/time-slots',
  {
    summary: 'Slots of a store for a fulfilment method and date range, with ASAP',
    description:
      'startDate defaults to the store’s today, endDate to today + daysInAdvance (and is clamped to it). ' +
      'A date before today is a validation_error with the spec’s date message. With basketToken the ' +
      'answer carries the basket’s reservation. Lapsed holds are swept first.',
    body: TimeSlotListRequestSchema,
    response: TimeSlotListSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const basket = body.basketToken
      ? await findGuardedBasket(c.env.DB, c.get('guardedBasket'), body.businessId, body.basketToken)
      : null
    return listTimeSlots(c.env.DB, body, basket, now(c.env))
  }
)

slots.post(
  '/time-slots/reserve',
  {
    edge: { location: 'reserve' },
    summary: 'Hold a slot (or ASAP) for a basket for 15 minutes',
    description:
      'Without timeSlotTime it reserves ASAP (409 when ASAP is not available). Replaces the ' +
      'basket’s previous hold in the same transaction; a full slot is a 409 with ' +
      'details.reason "slot_full" and changes nothing. A delivery slot for a latitude and ' +
      'longitude outside the store’s delivery area (radius or zones) is a 409 with ' +
      'details.reason "outside_delivery_area" and a message offering collection or another store.',
    body: ReserveSlotRequestSchema,
    response: ReserveSlotResultSchema,
    errors: ['not_found', 'conflict'],
  },
  ({ body }, c) => reserveTimeSlot(c.env.DB, body, now(c.env))
)
