import { MESSAGES } from '../../../schemas/messages.ts'
import {
  ArchivedOrderRequestSchema,
  ArchivedOrderSchema,
  ArchiveRestoreSchema,
  ORDER_ARCHIVE_MONTHS_MAX,
  ORDER_ARCHIVE_MONTHS_MIN,
  OrderArchiveRequestSchema,
  OrderArchiveSettingsSchema,
  OrderArchiveUpdateSchema,
} from '../../../schemas/order-archive.ts'
import { now } from '../../lib/clock.ts'
import { randomToken } from '../../lib/crypto.ts'
import { auditStatement } from '../audit-repo.ts'
import { archiveMonths, archiveMonthsStatement } from '../order-archive/repo.ts'
import {
  archivedOrderOf,
  requireArchivedOrder,
  restoreArchivedOrder,
} from '../order-archive/service.ts'
import { createDomain } from '../route-registry.ts'
import { requireOperator } from './guard.ts'
import { OPERATOR_BEARER } from './routes.ts'

/**
 * The operator's order archive (issue 40, ADR 050): how long the business keeps finished orders
 * online, and an archived order found by its number and restored into D1.
 */
export const operatorOrderArchive = createDomain('Operator order archive')

operatorOrderArchive.post(
  '/staff/operator/order-archive',
  {
    summary: 'How many months the business keeps finished orders online before archiving them',
    description: OPERATOR_BEARER,
    body: OrderArchiveRequestSchema,
    response: OrderArchiveSettingsSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return { months: await archiveMonths(c.env.DB, caller.businessId) }
  }
)

operatorOrderArchive.post(
  '/staff/operator/order-archive/update',
  {
    summary: 'Changes how many months finished orders stay online (audited)',
    description:
      `${OPERATOR_BEARER} Whole months from ${ORDER_ARCHIVE_MONTHS_MIN} to ` +
      `${ORDER_ARCHIVE_MONTHS_MAX}; the nightly retention run archives by it.`,
    body: OrderArchiveUpdateSchema,
    response: OrderArchiveSettingsSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const before = { months: await archiveMonths(c.env.DB, caller.businessId) }
    const after = { months: body.months }
    await c.env.DB.batch([
      archiveMonthsStatement(c.env.DB, caller.businessId, body.months),
      auditStatement(c.env.DB, {
        businessId: caller.businessId,
        staffId: caller.staffId,
        action: 'order_archive.update',
        entity: 'order_archive',
        entityId: null,
        before,
        after,
        summary: `Keeps orders online for ${body.months} months`,
        at: now(c.env).toISOString(),
      }),
    ])
    return after
  }
)

operatorOrderArchive.post(
  '/staff/operator/order-archive/find',
  {
    summary: "One of the business's archived orders, by its number",
    description: `${OPERATOR_BEARER} A number not in the archive answers not_found '${MESSAGES.archivedOrderNotFound}'.`,
    body: ArchivedOrderRequestSchema,
    response: ArchivedOrderSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return archivedOrderOf(
      await requireArchivedOrder(c.env.DB, caller.businessId, body.businessOrderId)
    )
  }
)

operatorOrderArchive.post(
  '/staff/operator/order-archive/restore',
  {
    summary: 'Puts an archived order back online from its file (audited)',
    description:
      `${OPERATOR_BEARER} Idempotent: an order already back answers restored false. ` +
      `A number neither archived nor online answers not_found '${MESSAGES.archivedOrderNotFound}'; ` +
      `an id taken again since answers conflict '${MESSAGES.archivedOrderIdClash}'.`,
    body: ArchivedOrderRequestSchema,
    response: ArchiveRestoreSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const at = now(c.env)
    const answer = await restoreArchivedOrder(c.env.DB, c.env.ORDER_ARCHIVE, {
      businessId: caller.businessId,
      businessOrderId: body.businessOrderId,
      token: randomToken(16),
      now: at,
    })
    if (answer.restored) {
      await auditStatement(c.env.DB, {
        businessId: caller.businessId,
        staffId: caller.staffId,
        action: 'order_archive.restore',
        entity: 'order',
        entityId: null,
        before: null,
        after: answer,
        summary: `Restored order ${answer.orderId} from the archive`,
        at: at.toISOString(),
      }).run()
    }
    return answer
  }
)
