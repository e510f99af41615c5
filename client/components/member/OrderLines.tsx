import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { orderLineTitle, weighedFinalNote } from '../../../schemas/weighing.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PageTexts, useText } from '../../lib/page-text.ts'

type Line = MemberOrderDetail['lines'][number]

/** What the store did with a line, in the member's words. */
function outcomeOf(
  line: Line,
  text: PageTexts['say'],
  shop: ShopLocale = GB_LOCALE
): string | null {
  switch (line.mark) {
    case 'picked':
      return weighedFinalNote(line, shop)
    case 'short':
      return text(MESSAGES.pageOnlyOfAvailable, line.pickedQuantity ?? 0, line.quantity)
    case 'out_of_stock':
      return text(MESSAGES.pageOutOfStockNotCharged)
    case 'substituted':
      return line.substitute
        ? text(MESSAGES.pageSubstitutedWith, line.substitute.quantity, line.substitute.name)
        : text(MESSAGES.pageSubstituted)
    default:
      return null
  }
}

/**
 * The order's lines: quantity, name, options or meal deal choices, what each cost as ordered
 * and, where picking or a refund changed it, what it costs now.
 */
export function OrderLines({ lines }: { lines: ReadonlyArray<Line> }) {
  const shop = useShopLocale()
  const formatMoney = useMoney()
  const text = useText()
  return (
    <ul className="divide-y divide-black/10">
      {lines.map((line) => {
        const outcome = outcomeOf(line, text, shop)
        const changed = line.chargedPrice !== line.totalPrice
        return (
          <li key={line.lineId} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold [overflow-wrap:anywhere]">{orderLineTitle(line)}</p>
              {line.selections.length > 0 ? (
                <p className="text-sm text-ink/75">{line.selections.join(', ')}</p>
              ) : null}
              {outcome ? <p className="text-sm font-semibold text-amber-900">{outcome}</p> : null}
              {line.refundedQuantity > 0 ? (
                <p className="text-sm font-semibold text-green-900">
                  {text(MESSAGES.pageRefundedCount, line.refundedQuantity)}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-end">
              {changed ? (
                <>
                  <span className="block text-sm text-ink/60 line-through">
                    <span className="sr-only">{`${text(MESSAGES.pageWas)} `}</span>
                    {formatMoney(line.totalPrice)}
                  </span>
                  <span className="font-semibold">
                    <span className="sr-only">{`${text(MESSAGES.pageNow)} `}</span>
                    {formatMoney(line.chargedPrice)}
                  </span>
                </>
              ) : (
                <span className="font-semibold">{formatMoney(line.totalPrice)}</span>
              )}
            </p>
          </li>
        )
      })}
    </ul>
  )
}
