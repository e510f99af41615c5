import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { requireMember } from '../auth/authenticate.ts'
import type { BackendEnv } from '../env.ts'

/*
 * What every call on one of the member's orders shares (member-orders, order-amend): the signed-in
 * member of the business, the calling brand, the order's number, and one answer for an order
 * that is not theirs: 404 'We could not find that order.', whoever else's it is.
 */

export const MEMBER_ORDER_NOT_YOURS = `An order of another member, another brand, or not placed answers not_found ('${MESSAGES.orderNotFound}').`

/** The member's order as a call names it. */
export interface MemberOrderRef {
  businessId: number
  brandId: number | null
  customerId: number
  businessOrderId: string
}

/** The signed-in member (401 otherwise) and the order their call names. */
export async function memberOrderRef(
  c: Context<BackendEnv>,
  body: { businessId: number; brandId?: number | undefined; businessOrderId: string }
): Promise<MemberOrderRef> {
  return {
    businessId: body.businessId,
    brandId: body.brandId ?? null,
    customerId: await requireMember(c, body.businessId),
    businessOrderId: body.businessOrderId,
  }
}

/** The member's order as `find` reads it, or 404: another member's order is as if absent. */
export async function loadMemberOrder<Row>(
  ref: MemberOrderRef,
  find: (ref: MemberOrderRef) => Promise<Row | null>
): Promise<Row> {
  const row = await find(ref)
  if (!row) throw new AppError('not_found', MESSAGES.orderNotFound)
  return row
}
