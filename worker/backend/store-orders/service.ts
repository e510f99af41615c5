import { orderAddedTax } from '../orders/added-tax-repo.ts'
import { orderVat } from '../orders/vat-repo.ts'
import { ORDER_BOARD_FINISHED_HOURS } from '../../../schemas/constants.ts'
import type { StoreOrderBoard, StoreOrderDetail } from '../../../schemas/store-orders.ts'
import { canSeeOrder, onlyDriver, orderNotFound, type StoreStaff } from './access.ts'
import {
  findOrderDiscountFacts,
  findStoreOrder,
  listBoardOrders,
  orderFacts,
  orderHistory,
  orderLineSelections,
  orderPickLines,
} from '../orders/repo.ts'
import { storeDrivers } from '../staff/repo.ts'
import { givenBackOnOrder } from '../payments/refunds-repo.ts'
import { creditReturnedOnOrder } from '../credit/order-credit-repo.ts'
import { detailOf, summaryOf } from './view.ts'
import { discountsOfOrder } from '../orders/named-discounts.ts'

/** The store's board as the caller may see it (a driver: their deliveries only). */
export async function storeBoard(
  db: D1Database,
  staff: StoreStaff,
  now: Date
): Promise<StoreOrderBoard> {
  const finishedSince = new Date(now.getTime() - ORDER_BOARD_FINISHED_HOURS * 3_600_000)
  const rows = await listBoardOrders(db, {
    businessId: staff.businessId,
    storeId: staff.storeId,
    finishedSince: finishedSince.toISOString(),
    driverId: onlyDriver(staff) ? staff.staffId : null,
  })
  return {
    storeId: staff.storeId,
    at: now.toISOString(),
    orders: rows.map((row) => summaryOf(row, staff)),
  }
}

/** One order with its picking list, money, history and the store's drivers. */
export async function storeOrderDetail(
  db: D1Database,
  staff: StoreStaff,
  orderId: number
): Promise<StoreOrderDetail> {
  const row = await findStoreOrder(db, staff.businessId, staff.storeId, orderId)
  if (!row || !canSeeOrder(staff, row.driver_id)) throw orderNotFound()
  const [
    lines,
    selections,
    history,
    drivers,
    givenBack,
    creditReturned,
    facts,
    discountFacts,
    vat,
    addedTax,
  ] = await Promise.all([
    orderPickLines(db, orderId),
    orderLineSelections(db, orderId),
    orderHistory(db, orderId),
    storeDrivers(db, row.store_id),
    givenBackOnOrder(db, staff.businessId, orderId),
    creditReturnedOnOrder(db, orderId),
    orderFacts(db, orderId),
    findOrderDiscountFacts(db, orderId),
    orderVat(db, orderId),
    orderAddedTax(db, orderId),
  ])
  const detail = detailOf(row, staff, {
    lines,
    selections,
    history,
    drivers,
    givenBack,
    creditReturned,
    facts,
    discounts: discountFacts ? discountsOfOrder(discountFacts, lines) : [],
  })
  return { ...detail, vat, addedTax }
}
