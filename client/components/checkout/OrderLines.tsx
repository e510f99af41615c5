import type { OrderSummary } from '../../../schemas/checkout.ts'
import { NOTHING_TO_PAY, STORE_CREDIT_LABEL } from '../../lib/rewards.ts'
import { TotalsRow } from '../basket/BasketTotals.tsx'
import { AddedTaxRows } from '../AddedTaxRows.tsx'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { FinalPriceNote, WeighingLabel } from '../item/WeighedItem.tsx'
import { weighedQuantityLabel } from '../../../schemas/weighing.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import type { SummaryLine } from '../../lib/checkout-summary.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** A placed order's lines, frozen when it was made. */
export function orderSummaryLines(order: OrderSummary): Array<SummaryLine> {
  return order.lines.map((line, index) => ({
    key: `order-${index}`,
    name: line.name,
    quantity: line.quantity,
    totalPrice: line.totalPrice,
    weighing: line.weighing,
    details: line.selections,
  }))
}

/** '3 ×' before a line's name; a by-weight line says its weight instead ('750 g'). */
function lineQuantity(line: SummaryLine, shop: ShopLocale): string {
  return line.weighing?.soldBy === 'by_weight'
    ? weighedQuantityLabel(line.weighing, line.quantity, fillMessage, shop)
    : `${line.quantity} ×`
}

/**
 * The lines of an order: quantity, name, chosen options and price. A weighed line's price reads
 * 'est.' with its price per kg, and the list then says the final price follows picking.
 */
export function OrderLines({ lines }: { lines: ReadonlyArray<SummaryLine> }) {
  const money = useMoney()
  const text = useText()
  const shop = useShopLocale()
  const weighed = lines.some((line) => line.weighing !== null)
  return (
    <>
      <ul className="flex flex-col divide-y divide-black/10 text-sm">
        {lines.map((line) => (
          <li key={line.key} className="flex justify-between gap-3 py-2">
            <div>
              <p className="font-semibold">
                <span className="tabular-nums">{lineQuantity(line, shop)}</span> {line.name}
              </p>
              {line.details.length > 0 ? (
                <p className="text-ink/70">{line.details.join(', ')}</p>
              ) : null}
              {line.weighing ? (
                <WeighingLabel weighing={line.weighing} className="text-ink/70" />
              ) : null}
            </div>
            <p className="tabular-nums">
              {line.weighing
                ? text(MESSAGES.pageEstimated, money(line.totalPrice))
                : money(line.totalPrice)}
            </p>
          </li>
        ))}
      </ul>
      {weighed ? <FinalPriceNote className="mt-2 text-sm font-semibold text-ink/80" /> : null}
    </>
  )
}

/** A placed order's totals, as frozen on the order (all pence). */
export function OrderTotalsList({ order }: { order: OrderSummary }) {
  const money = useMoney()
  const { totals } = order
  const delivery = order.fulfilmentMethod === 'delivery'
  // The store credit the order used (ADR 020).
  const credit = totals.creditApplied
  // Each deal and the coupon by name (credit has its own row below).
  const named = order.discounts.filter((discount) => discount.kind !== 'credit')
  return (
    <dl className="flex flex-col gap-1.5 text-sm">
      <TotalsRow label={MESSAGES.pageSubtotal} value={money(totals.subtotal)} />
      {named.length > 0 ? (
        named.map((discount, index) => (
          <TotalsRow key={index} label={discount.label} value={`−${money(discount.amount)}`} />
        ))
      ) : totals.discountTotal > 0 ? (
        <TotalsRow label={MESSAGES.pageDiscounts} value={`−${money(totals.discountTotal)}`} />
      ) : null}
      {delivery ? (
        <TotalsRow
          label={MESSAGES.pageDeliveryFee}
          value={totals.deliveryCost > 0 ? money(totals.deliveryCost) : MESSAGES.pageFree}
        />
      ) : null}
      {totals.serviceFee > 0 ? (
        <TotalsRow label={MESSAGES.pageServiceFee} value={money(totals.serviceFee)} />
      ) : null}
      <AddedTaxRows tax={order.addedTax} />
      {totals.deliveryTip > 0 ? (
        <TotalsRow label={MESSAGES.pageDriverTip} value={money(totals.deliveryTip)} />
      ) : null}
      {credit > 0 ? <TotalsRow label={STORE_CREDIT_LABEL} value={`−${money(credit)}`} /> : null}
      <div className="my-1 border-t border-black/10" />
      <TotalsRow label={MESSAGES.pageTotal} value={money(totals.total)} strong />
      {credit > 0 && totals.total === 0 ? (
        <p className="font-semibold text-green-900">{NOTHING_TO_PAY}</p>
      ) : null}
    </dl>
  )
}
