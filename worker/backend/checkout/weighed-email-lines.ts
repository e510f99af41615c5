import type { OrderLineSummary } from '../../../schemas/checkout-answers.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { weighedQuantityLabel, weighingLabel } from '../../../schemas/weighing.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { fillMessage } from '../../../schemas/message-format.ts'

/**
 * What the confirmation email says of an order's weighed lines (ADR 039): each as an estimate
 * ('750 g Sirloin steak, est. £19.17 (est. £6.39 per 250 g · £25.56/kg)'), then that the final
 * price follows picking. Both null for an order without weighed lines, so its email is unchanged.
 */
export function weighedEmailLines(
  lines: ReadonlyArray<OrderLineSummary>,
  shop: ShopLocale = GB_LOCALE
): {
  weighedLines: string | null
  weighedNote: string | null
} {
  const weighed = lines.flatMap((line) =>
    line.weighing === null
      ? []
      : [
          `${weighedQuantityLabel(line.weighing, line.quantity, fillMessage, shop)} ${line.name}, est. ` +
            `${formatMoney(line.totalPrice, shop)} (${weighingLabel(line.weighing, shop)})`,
        ]
  )
  if (weighed.length === 0) return { weighedLines: null, weighedNote: null }
  return { weighedLines: weighed.join('\n'), weighedNote: MESSAGES.weighedFinalPrice }
}
