import type { StoreOrderStatus } from '../../../schemas/order-states.ts'
import { statusTone } from './order-format.ts'

const TONES = {
  progress: 'bg-tint text-ink ring-primary/30',
  done: 'bg-green-50 text-green-900 ring-green-700/30',
  ended: 'bg-black/5 text-ink ring-black/15',
  problem: 'bg-red-50 text-red-900 ring-red-700/30',
} as const

/** An order's state in the spec's words (spec §4), coloured by where it stands. */
export function OrderStatusBadge({ status, label }: { status: StoreOrderStatus; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ${TONES[statusTone(status)]}`}
    >
      {label}
    </span>
  )
}
