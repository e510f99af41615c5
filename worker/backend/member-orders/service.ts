import { orderAddedTax } from '../orders/added-tax-repo.ts'
import type { z } from 'zod'
import type {
  MemberDashboard,
  MemberOrderDetail,
  MemberOrderList,
  MemberOrdersRequest,
  MemberReview,
  ReviewRequest,
  MemberOrderRequestSchema,
} from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { findMember } from '../customers-repo.ts'
import { lineOf } from '../orders/view.ts'
import { orderChangesOf } from '../orders/order-changes.ts'
import { orderVat } from '../orders/vat-repo.ts'
import { discountsOfOrder } from '../orders/named-discounts.ts'
import { findOrderDiscountFacts, orderLineSelections, orderPickLines } from '../orders/repo.ts'
import {
  findMemberOrder,
  findMemberOrderParts,
  listMemberOrders,
  saveReview,
  type MemberOrderRow,
} from './repo.ts'
import {
  detailOf,
  pageCount,
  placedBetween,
  reviewEditableFrom,
  reviewOf,
  summaryOf,
} from './view.ts'
import { businessLocale } from '../businesses-repo.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { loadMemberOrder } from './member-order-route.ts'

/**
 * Spec §7 Orders list: the member's placed orders, newest first, one page and the count. The
 * filter's days are the shop's (its time zone's midnights), so the locale is read first when the
 * filter has dates, alongside the list when it has none.
 */
export async function memberOrders(
  db: D1Database,
  customerId: number,
  query: MemberOrdersRequest
): Promise<MemberOrderList> {
  const dated = query.dateFrom !== undefined || query.dateTo !== undefined
  const shopFirst = dated ? await businessLocale(db, query.businessId) : null
  const { from, until } = placedBetween(query.dateFrom, query.dateTo, shopFirst?.timeZone)
  const [{ rows, total }, shop] = await Promise.all([
    listMemberOrders(db, {
      businessId: query.businessId,
      brandId: query.brandId ?? null,
      customerId,
      from,
      until,
      status: query.status ?? null,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    shopFirst ?? businessLocale(db, query.businessId),
  ])
  const say = sayIn(shop)
  return {
    orders: rows.map((row) => summaryOf(row, say)),
    total,
    page: query.page,
    limit: query.limit,
    pages: pageCount(total, query.limit),
  }
}

/** The member's order, or 404 'We could not find that order.' (another member's included). */
export function requireMemberOrder(
  db: D1Database,
  customerId: number,
  input: { businessId: number; brandId?: number | undefined; businessOrderId: string }
): Promise<MemberOrderRow> {
  const ref = { ...input, brandId: input.brandId ?? null, customerId }
  return loadMemberOrder(ref, (found) => findMemberOrder(db, found))
}

/** Spec §7 One order: every Order field of spec §3, lines with their marks, history, refunds. */
export async function memberOrder(
  db: D1Database,
  customerId: number,
  body: z.output<typeof MemberOrderRequestSchema>,
  now: Date
): Promise<MemberOrderDetail> {
  return orderDetail(db, body.businessId, await requireMemberOrder(db, customerId, body), now)
}

/**
 * Every field of one placed order (spec §3): the member's order page and receipt, and a guest's
 * receipt by their signed link.
 */
export async function orderDetail(
  db: D1Database,
  businessId: number,
  row: MemberOrderRow,
  now: Date
): Promise<MemberOrderDetail> {
  const [lines, selections, parts, discountFacts, vat, addedTax, shop] = await Promise.all([
    orderPickLines(db, row.id),
    orderLineSelections(db, row.id),
    findMemberOrderParts(db, row.id),
    findOrderDiscountFacts(db, row.id),
    orderVat(db, row.id),
    orderAddedTax(db, row.id),
    businessLocale(db, businessId),
  ])
  const say = sayIn(shop)
  const detail = detailOf(
    row,
    {
      lines: lines.map((line) =>
        lineOf(
          line,
          selections.filter((s) => s.order_line_id === line.id).map((s) => s.text),
          shop
        )
      ),
      ...parts,
      discounts: discountFacts ? discountsOfOrder(discountFacts, lines, say) : [],
      shop,
    },
    now
  )
  return { ...detail, changes: orderChangesOf(row, lines), vat, addedTax }
}

/**
 * Spec §7 Review add: on the member's delivered order, once; the same call changes it while the
 * edit window lasts (REVIEW_EDIT_DAYS), then answers conflict 'This review can no longer be
 * changed.'. Any other status answers conflict 'You can review an order once it has been delivered.'.
 */
export async function addReview(
  db: D1Database,
  customerId: number,
  body: ReviewRequest,
  now: Date
): Promise<MemberReview> {
  const row = await requireMemberOrder(db, customerId, {
    businessId: body.businessId,
    brandId: body.brandId,
    businessOrderId: body.orderId,
  })
  if (row.status !== 'delivered') {
    throw new AppError('conflict', MESSAGES.reviewDeliveredOnly, {
      details: { reason: 'not_delivered' },
    })
  }
  const written = await saveReview(db, {
    orderId: row.id,
    storeId: row.store_id,
    customerId,
    starRating: body.starRating,
    comment: body.comment,
    now: now.toISOString(),
    editableFrom: reviewEditableFrom(now),
  })
  if (!written) {
    throw new AppError('conflict', MESSAGES.reviewEditClosed, {
      details: { reason: 'review_closed' },
    })
  }
  const { review } = await findMemberOrderParts(db, row.id)
  if (!review) throw new AppError('not_found', MESSAGES.orderNotFound)
  return reviewOf(review, now)
}

/** The dashboard: the member's first name and newest placed order (of the calling brand). */
export async function memberDashboard(
  db: D1Database,
  customerId: number,
  body: { businessId: number; brandId?: number | undefined }
): Promise<MemberDashboard> {
  const [member, latest, shop] = await Promise.all([
    findMember(db, body.businessId, customerId),
    listMemberOrders(db, {
      businessId: body.businessId,
      brandId: body.brandId ?? null,
      customerId,
      from: null,
      until: null,
      status: null,
      limit: 1,
      offset: 0,
    }),
    businessLocale(db, body.businessId),
  ])
  if (!member) throw new AppError('unauthorized', MESSAGES.loginRequired)
  const row = latest.rows[0]
  return { firstName: member.first_name, latestOrder: row ? summaryOf(row, sayIn(shop)) : null }
}
