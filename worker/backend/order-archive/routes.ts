import {
  MemberOrderDetailSchema,
  MemberOrderRequestSchema,
} from '../../../schemas/member-orders.ts'
import { requireMember } from '../auth/authenticate.ts'
import { MEMBER_ORDER_NOT_YOURS } from '../member-orders/member-order-route.ts'
import { createDomain } from '../route-registry.ts'
import { archivedReceipt } from './service.ts'

/**
 * The member's archived orders (ADR 050): its own domain, beside the member's orders, because the
 * archive reads the orders core and member orders must not import the archive back.
 */
export const memberArchiveDomain = createDomain('Member orders')

memberArchiveDomain.post(
  '/member/orders/archived',
  {
    summary: "The receipt of the member's archived order, from its archive file",
    description: `An order moved to the archive (ADR 050) lists with archived true; this answers its receipt as it was when archived. ${MEMBER_ORDER_NOT_YOURS}`,
    body: MemberOrderRequestSchema,
    response: MemberOrderDetailSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) =>
    archivedReceipt(c.env.DB, c.env.ORDER_ARCHIVE, {
      businessId: body.businessId,
      brandId: body.brandId ?? null,
      customerId: await requireMember(c, body.businessId),
      businessOrderId: body.businessOrderId,
    })
)
