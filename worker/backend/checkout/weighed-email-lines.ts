import type { OrderLineSummary } from '../../../schemas/checkout-answers.ts'
import { sayIn } from '../../../schemas/message-catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { weighedQuantityLabel, weighingLabel } from '../../../schemas/weighing.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'

/**
 * What the confirmation email says of an order's weighed lines (ADR 039): each as an estimate
 * ('750 g Sirloin steak, est. £19.17 (est. £6.39 per 250 g · £25.56/kg)'), then that the final
 * price follows picking. Both null for an order without weighed lines, so its email is unchanged.
 * Said in the business's language (sayIn): 'ca. € 19,17' in Dutch, the UK's as it always was.
 */
export function weighedEmailLines(
  lines: ReadonlyArray<OrderLineSummary>,
  shop: ShopLocale = GB_LOCALE
): {
  weighedLines: string | null
  weighedNote: string | null
} {
  const say = sayIn(shop)
  const weighed = lines.flatMap((line) =>
    line.weighing === null
      ? []
      : [
          `${weighedQuantityLabel(line.weighing, line.quantity, say, shop)} ${line.name}, ` +
            `${say(MESSAGES.pageEstimated, formatMoney(line.totalPrice, shop))} ` +
            `(${weighingLabel(line.weighing, shop, say)})`,
        ]
  )
  if (weighed.length === 0) return { weighedLines: null, weighedNote: null }
  return { weighedLines: weighed.join('\n'), weighedNote: say(MESSAGES.weighedFinalPrice) }
}
