import type { OrderFoodInformation } from '../../../schemas/food-information.ts'
import { orderFoodLines } from '../catalogue/order-food.ts'
import { canSeeOrder, orderNotFound, type StoreStaff } from './access.ts'
import { findStoreOrder } from '../orders/repo.ts'

/**
 * The food information of an order the staff member may see (its delivery note, issue 41): the
 * same rule as the order's detail, so another store's or another driver's order is not found.
 */
export async function storeOrderFoodInformation(
  db: D1Database,
  staff: StoreStaff,
  orderId: number
): Promise<OrderFoodInformation> {
  const row = await findStoreOrder(db, staff.businessId, staff.storeId, orderId)
  if (!row || !canSeeOrder(staff, row.driver_id)) throw orderNotFound()
  return { items: await orderFoodLines(db, staff.businessId, orderId) }
}
