import type { NamedDiscount } from '../../../schemas/named-discounts.ts'
import { ORDER_ACCEPT_WINDOW_MINUTES } from '../../../schemas/constants.ts'
import {
  isStoreOrderStatus,
  ORDER_STATUS_LABELS,
  type OrderProgress,
  type StoreOrderStatus,
} from '../../../schemas/order-states.ts'
import type {
  StoreOrderDetail,
  StoreOrderLine,
  StoreOrderSummary,
} from '../../../schemas/store-orders.ts'
import { lineOf, parseAddress, slotOf } from '../orders/view.ts'
import { allowedActionsFor, type StoreStaff } from './access.ts'
import type {
  HistoryRow,
  LineSelectionRow,
  OrderFactsRow,
  PickLineRow,
  StoreOrderRow,
} from '../orders/repo.ts'
import type { StaffNameRow } from '../staff/repo.ts'

/* The console's answers built from the rows (pure). */

export function storeStatusOf(row: Pick<StoreOrderRow, 'status'>): StoreOrderStatus {
  // The repo reads only the statuses after payment; a draft here is a bug, not a shopper's error.
  if (!isStoreOrderStatus(row.status)) throw new Error(`order in status ${row.status}`)
  return row.status
}

export function progressOf(row: StoreOrderRow): OrderProgress {
  return {
    status: storeStatusOf(row),
    fulfilmentMethod: row.fulfilment_method,
    pickingStarted: row.picking_started_at !== null,
    readyForCollection: row.ready_for_collection_at !== null,
    driverId: row.driver_id,
  }
}

/** The store's accept window in minutes (its own, or the default). */
export function acceptWindowMinutes(row: { accept_window_minutes: number | null }): number {
  return row.accept_window_minutes ?? ORDER_ACCEPT_WINDOW_MINUTES
}

export function summaryOf(row: StoreOrderRow, staff: StoreStaff): StoreOrderSummary {
  const progress = progressOf(row)
  const acceptBy =
    progress.status === 'sent_to_store'
      ? new Date(Date.parse(row.placed_at) + acceptWindowMinutes(row) * 60_000).toISOString()
      : null
  return {
    orderId: row.id,
    orderNumber: row.business_order_id,
    status: progress.status,
    statusCode: row.status_code,
    statusLabel: ORDER_STATUS_LABELS[progress.status],
    fulfilmentMethod: row.fulfilment_method,
    slot: slotOf(row),
    itemsCount: row.items_count,
    total: row.total,
    placedAt: row.placed_at,
    acceptedAt: row.accepted_at,
    estimatedReadyAt: row.estimated_ready_at,
    acceptBy,
    acceptOverdue: progress.status === 'sent_to_store' && row.accept_alerted_at !== null,
    readyForCollection: progress.readyForCollection,
    driver: row.driver_id !== null ? { staffId: row.driver_id, name: row.driver_name ?? '' } : null,
    allowedActions: allowedActionsFor(staff, progress),
    timeZone: row.time_zone,
  }
}

/** The amount a history row's detail names (refunds, credit), if any. */
function amountOf(detailJson: string | null): number | null {
  if (detailJson === null) return null
  try {
    const detail: unknown = JSON.parse(detailJson)
    if (typeof detail !== 'object' || detail === null || !('amount' in detail)) return null
    const { amount } = detail
    return typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 ? amount : null
  } catch {
    return null
  }
}

/** The card's brand and last four, both or neither, and only for a card order. */
function cardOf(row: StoreOrderRow, facts: OrderFactsRow | undefined) {
  const known =
    row.payment_method === 'paymentCard' && facts?.card_brand && facts.card_last4
      ? { cardBrand: facts.card_brand, cardLast4: facts.card_last4 }
      : null
  return known ?? { cardBrand: null, cardLast4: null }
}

export interface DetailParts {
  lines: ReadonlyArray<PickLineRow>
  selections: ReadonlyArray<LineSelectionRow>
  history: ReadonlyArray<HistoryRow>
  drivers: ReadonlyArray<StaffNameRow>
  /** Pence refunded or voided on the order's payments so far. */
  givenBack: number
  /** Pence of store credit given back to the member for the order. */
  creditReturned: number
  /** The brand it was placed on and its card; absent: none known. */
  facts?: OrderFactsRow
  /** The deals, coupon and credit by name (named-discounts.ts). */
  discounts: ReadonlyArray<NamedDiscount>
}

const OTHER_DEPARTMENT = 'Other'

export function detailOf(
  row: StoreOrderRow,
  staff: StoreStaff,
  parts: DetailParts
): Omit<StoreOrderDetail, 'vat' | 'addedTax'> {
  const departments = new Map<string, { position: number; lines: Array<StoreOrderLine> }>()
  for (const line of parts.lines) {
    const name = line.department ?? OTHER_DEPARTMENT
    const group = departments.get(name) ?? {
      position: line.department_position ?? Number.MAX_SAFE_INTEGER,
      lines: [],
    }
    const texts = parts.selections.filter((s) => s.order_line_id === line.id).map((s) => s.text)
    group.lines.push(lineOf(line, texts))
    departments.set(name, group)
  }
  return {
    ...summaryOf(row, staff),
    customer: {
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      member: row.customer_id !== null,
    },
    deliveryAddress:
      row.fulfilment_method === 'delivery' ? parseAddress(row.delivery_address_json) : null,
    instructions: row.instructions,
    brandName: parts.facts?.brand_name ?? null,
    closingReason: row.closing_reason,
    departments: [...departments.entries()]
      .sort(([a, x], [b, y]) => x.position - y.position || a.localeCompare(b))
      .map(([department, group]) => ({ department, lines: group.lines })),
    money: {
      subtotal: row.subtotal,
      deliveryCost: row.delivery_cost,
      deliveryTip: row.delivery_tip,
      creditApplied: row.credit_applied,
      originalTotal: row.original_total,
      totalAdjustment: row.total_adjustment,
      refund: row.refund,
      tipRefund: row.tip_refund,
      total: row.total,
      givenBack: parts.givenBack,
      creditReturned: parts.creditReturned,
      paymentMethod: row.payment_method,
      ...cardOf(row, parts.facts),
    },
    discounts: [...parts.discounts],
    history: parts.history.map((entry) => ({
      at: entry.at,
      actor:
        entry.actor_staff_id !== null
          ? { staffId: entry.actor_staff_id, name: entry.actor_name ?? '' }
          : null,
      role: entry.role,
      action: entry.action,
      from: isStoreOrderStatus(entry.from_status) ? entry.from_status : null,
      to: storeStatusOf({ status: entry.to_status }),
      reason: entry.reason,
      amount: amountOf(entry.detail_json),
    })),
    drivers:
      row.fulfilment_method === 'delivery'
        ? parts.drivers.map((driver) => ({ staffId: driver.id, name: driver.name }))
        : [],
  }
}
