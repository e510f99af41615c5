import { MESSAGES } from '../../../schemas/messages.ts'
import { ServerTimeQuerySchema, ServerTimeSchema } from '../../../schemas/slots.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { findTimeZone } from './repo.ts'
import { serverTime } from './server-time.ts'

/** Time slots (spec §7); for now the server clock that slot countdowns are measured against. */
export const slots = createDomain('Time slots')

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
    return serverTime(new Date(), zone.timeZone)
  }
)
