import type { StoreOrderStatus } from '../../../schemas/order-states.ts'

/** The badge's colours: progress in the brand's tint, delivered green, endings grey or red. */
export function statusTone(status: StoreOrderStatus): 'progress' | 'done' | 'ended' | 'problem' {
  switch (status) {
    case 'delivered':
      return 'done'
    case 'store_rejected':
    case 'declined':
    case 'unable_to_deliver':
      return 'problem'
    case 'cancelled':
    case 'refunded':
      return 'ended'
    default:
      return 'progress'
  }
}
