import type { AmendWindow } from '../../../schemas/order-amend.ts'
import { amendPath } from '../../lib/member-order-paths.ts'
import { orderTimeLabel } from './order-format.ts'

/**
 * The way into amend mode from the member's order (issue 42, ADR 048), shown only while the
 * order can still be changed, with until when.
 */
export function AmendOrderLink({
  orderId,
  window,
}: {
  orderId: string
  window: AmendWindow | null
}) {
  if (!window?.open) return null
  return (
    <div className="flex flex-col items-start gap-1">
      <a
        href={amendPath(orderId)}
        className="inline-flex min-h-11 items-center rounded-full border-2 border-primary bg-white px-5 font-semibold text-primary hover:bg-tint"
      >
        Change this order
      </a>
      <p className="text-sm text-ink/80">
        {window.until
          ? `You can change it until ${orderTimeLabel(window.until)}.`
          : 'You can change it until the store starts picking it.'}
      </p>
    </div>
  )
}
