import {
  StorePauseRequestSchema,
  StorePauseSchema,
  StorePauseScopeSchema,
} from '../../../schemas/store-pause.ts'
import {
  OrderReasonListsSchema,
  OrderReasonsRequestSchema,
} from '../../../schemas/order-reasons.ts'
import { now } from '../../lib/clock.ts'
import { orderReasonLists } from '../order-reasons-repo.ts'
import { createDomain } from '../route-registry.ts'
import { requireStaff } from '../staff/guard.ts'
import { pauseStore, resumeStore, storePause } from './pause.ts'

/** The store console's controls (issue 44): a manager pauses new orders for their store. */
export const storeControls = createDomain('Store controls')

const MANAGER_CALL =
  "Bearer staff access token: the store's manager, or an operator of the business (anyone " +
  'else answers forbidden). The pages purge the public store answers after a change.'

const manager = { roles: ['operator', 'store_manager'] as const }

storeControls.post(
  '/staff/stores/pause/state',
  {
    summary: "The store's pause now (null fields: it takes orders by its hours)",
    description: MANAGER_CALL,
    body: StorePauseScopeSchema,
    response: StorePauseSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, { ...body, ...manager })
    return storePause(c.env.DB, caller.businessId, body.storeId, now(c.env))
  }
)

storeControls.post(
  '/staff/stores/pause',
  {
    summary: 'Pauses new orders until an instant, with a reason (audited)',
    description:
      `${MANAGER_CALL} Until then shoppers see the store taking preorders for after it (or ` +
      'closed), no slot before it and no ASAP; at `until` it is open again by its hours.',
    body: StorePauseRequestSchema,
    response: StorePauseSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, { ...body, ...manager })
    return pauseStore({ db: c.env.DB, caller, now: now(c.env) }, body)
  }
)

storeControls.post(
  '/staff/stores/resume',
  {
    summary: 'Ends the pause now (audited)',
    description: MANAGER_CALL,
    body: StorePauseScopeSchema,
    response: StorePauseSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, { ...body, ...manager })
    return resumeStore({ db: c.env.DB, caller, now: now(c.env) }, body.storeId)
  }
)

storeControls.post(
  '/staff/order-reasons',
  {
    summary: "The business's reject and cancel reasons the console's forms offer",
    description:
      'Bearer staff access token of any member of staff of the business. The lists an operator ' +
      'set, else the default lists (schemas/order-reasons.ts).',
    body: OrderReasonsRequestSchema,
    response: OrderReasonListsSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, {
      businessId: body.businessId,
      roles: ['operator', 'store_manager', 'picker', 'driver'],
    })
    const lists = await orderReasonLists(c.env.DB, caller.businessId)
    return { reject: [...lists.reject], cancel: [...lists.cancel] }
  }
)
