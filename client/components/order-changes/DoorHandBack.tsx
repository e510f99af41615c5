import type { StoreOrderDetail } from '../../../schemas/store-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useMoney } from '../../lib/shop-locale.ts'

/*
 * The driver's "Handed back at the door" (issue 42): on a delivery en route, each substitute the
 * shopper may refuse on the doorstep, one plain form each; the backend refunds the line once.
 */

export function DoorHandBack({ order, action }: { order: StoreOrderDetail; action: string }) {
  const text = useText()
  const money = useMoney()
  const lines = order.departments.flatMap((department) => department.lines)
  const substitutes = lines.filter((line) => line.mark === 'substituted' && line.substitute)
  if (order.status !== 'en_route' || substitutes.length === 0) return null
  return (
    <div className="mt-3 rounded-xl bg-tint p-3" data-testid="door-hand-back">
      <p className="text-sm font-bold">{text(MESSAGES.pageSubstitutesHandBack)}</p>
      <ul className="mt-2 space-y-2">
        {substitutes.map((line) => (
          <li key={line.lineId} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm [overflow-wrap:anywhere]">
              {line.substitute?.quantity} × {line.substitute?.name}{' '}
              {text(MESSAGES.pageForParens, line.name)}
            </span>
            {line.refundedQuantity > 0 ? (
              <span className="text-sm font-bold text-green-900">
                {text(MESSAGES.pageSentBackRefunded)}
              </span>
            ) : (
              <form method="post" action={action}>
                <input type="hidden" name="lineId" value={line.lineId} />
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary bg-white px-3 text-sm font-bold text-primary"
                >
                  {text(MESSAGES.pageHandedBackRefund, money(line.substitute?.chargedPrice ?? 0))}
                  <span className="sr-only">: {line.substitute?.name}</span>
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
