import type { Context } from 'hono'
import { amendPath } from '../../../client/lib/member-order-paths.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { BusinessOrderIdSchema, MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  AmendResultSchema,
  AmendWindowSchema,
  type AmendWindow,
} from '../../../schemas/order-amend.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { readForm } from '../shared/forms.ts'
import { amendForm, amendPage, amendWindowOrNull, type AmendCalls } from './amend-page.tsx'
import { memberPost, sessionEnded } from '../shared/member-call.ts'

/*
 * The member's order in amend mode (issue 42, ADR 048): the amend page (amend-page.tsx) by the
 * member's session.
 */

function orderIdOf(c: Context<AppEnv>): string {
  const parsed = BusinessOrderIdSchema.safeParse(c.req.param('orderId'))
  if (!parsed.success) throw new AppError('not_found', MESSAGES.orderNotFound)
  return parsed.data
}

function memberWindow(c: Context<AppEnv>, orderId: string): Promise<AmendWindow> {
  return memberPost(
    c,
    '/member/orders/amend-window',
    { businessOrderId: orderId },
    AmendWindowSchema
  )
}

/** The order's amend window, for the order page's "Change this order" (null if it fails). */
export function loadAmendWindow(c: Context<AppEnv>, orderId: string): Promise<AmendWindow | null> {
  return amendWindowOrNull(() => memberWindow(c, orderId))
}

function memberCalls(c: Context<AppEnv>, orderId: string): AmendCalls {
  return {
    orderId,
    order: () =>
      memberPost(c, '/member/orders/order', { businessOrderId: orderId }, MemberOrderDetailSchema),
    window: () => memberWindow(c, orderId),
    amend: (changes) =>
      memberPost(
        c,
        '/member/orders/amend',
        { businessOrderId: orderId, ...changes },
        AmendResultSchema
      ),
    links: {
      action: amendPath(orderId),
      back: routePath('member-orders-orderId', { orderId }),
      backToForm: amendPath(orderId),
      hidden: {},
      guest: false,
    },
    pagePath: (query) => amendPath(orderId, query),
  }
}

/** A session that ended meanwhile sends the member to sign in, saying why. */
async function signedIn(c: Context<AppEnv>, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer()
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

/**
 * `/member/orders/:orderId/amend`: the order's lines to change, while it can be changed; `?q=`
 * lists the store's items matching it, to add.
 */
export function memberAmendPage(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  return signedIn(c, () => amendPage(c, memberCalls(c, orderId)))
}

/** POST `/member/orders/:orderId/amend`: saves the quantities, or shows the page with why not. */
export async function memberAmendForm(c: Context<AppEnv>): Promise<Response> {
  const orderId = orderIdOf(c)
  const form = await readForm(c)
  return signedIn(c, () => amendForm(c, form, memberCalls(c, orderId)))
}
