import { MESSAGES } from '../../../schemas/messages.ts'
import { STAFF_ROLES } from '../../../schemas/staff.ts'
import {
  StaffOrderFindRequestSchema,
  StaffOrderFoundSchema,
  type StaffOrderFound,
} from '../../../schemas/store-order-find.ts'
import { AppError } from '../../lib/errors.ts'
import type { Context } from 'hono'
import type { BackendEnv } from '../env.ts'
import { createDomain } from '../route-registry.ts'
import { authenticateStaff, requireStaff } from '../staff/guard.ts'
import { findArchivedOrder, placedOrderByNumber } from './repo.ts'
import { archivedOrderOf } from './service.ts'

/**
 * The store console's order search (ADR 050): an order by its number, online or archived, so
 * staff asked about an old order learn it is archived (and operators where to restore it).
 * Beside the archive, which it reads; the console's other routes stay in store-orders.
 */
export const storeOrderFind = createDomain('Store orders')

const notFound = () => new AppError('not_found', MESSAGES.orderNotFound)

/** The caller may see the store's orders (an operator any store); anyone else: not found. */
async function mayOpen(c: Context<BackendEnv>, businessId: number, storeId: number) {
  try {
    return await requireStaff(c, { businessId, roles: [...STAFF_ROLES], storeId })
  } catch (error) {
    // Another store's order is answered as one that does not exist (no existence leak).
    if (error instanceof AppError && error.code === 'forbidden') throw notFound()
    throw error
  }
}

storeOrderFind.post(
  '/staff/orders/find',
  {
    summary: 'One of the business’s orders by its number: online, or archived',
    description:
      'Staff bearer. Online: its store and id, to open it. Archived (ADR 050): its index row, and ' +
      'restorable for operators. A number of a store the caller does not work at, a draft or no ' +
      `order answers not_found '${MESSAGES.orderNotFound}'.`,
    body: StaffOrderFindRequestSchema,
    response: StaffOrderFoundSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c): Promise<StaffOrderFound> => {
    // Signed in first: without a staff session every number answers 401 alike.
    await authenticateStaff(c, body.businessId)
    const online = await placedOrderByNumber(c.env.DB, body.businessId, body.businessOrderId)
    if (online) {
      await mayOpen(c, body.businessId, online.store_id)
      return { kind: 'online', storeId: online.store_id, orderId: online.id }
    }
    const archived = await findArchivedOrder(c.env.DB, body.businessId, body.businessOrderId)
    if (!archived) throw notFound()
    const caller = await mayOpen(c, body.businessId, archived.store_id)
    return {
      kind: 'archived',
      storeId: archived.store_id,
      order: archivedOrderOf(archived),
      restorable: caller.operator,
    }
  }
)
