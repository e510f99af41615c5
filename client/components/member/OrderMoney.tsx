import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { STORE_CREDIT_LABEL } from '../../lib/rewards.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

type Money = MemberOrderDetail['money']

/**
 * Every Order field of spec §3 that is money: subtotal, delivery cost, delivery tip, tip refund,
 * refund, original total, store credit used (ADR 020), total adjustment and total. Zero refunds and adjustments are left out
 * (nothing happened); the rest always show.
 */
export function OrderMoney({ money, method }: { money: Money; method: 'delivery' | 'collection' }) {
  const formatMoney = useMoney()
  const text = useText()
  // Each row's label is a catalogue message (MESSAGES.x), said below.
  const rows: Array<[string, string, boolean?]> = [
    [MESSAGES.pageSubtotal, formatMoney(money.subtotal)],
  ]
  if (money.discountTotal > 0) {
    rows.push([MESSAGES.pageDiscounts, `−${formatMoney(money.discountTotal)}`])
  }
  if (method === 'delivery') rows.push([MESSAGES.pageDeliveryCost, formatMoney(money.deliveryCost)])
  if (money.serviceFee > 0) rows.push([MESSAGES.pageServiceFee, formatMoney(money.serviceFee)])
  if (money.deliveryTip > 0) rows.push([MESSAGES.pageDeliveryTip, formatMoney(money.deliveryTip)])
  rows.push([MESSAGES.pageOriginalTotal, formatMoney(money.originalTotal), true])
  const credit = money.creditApplied
  if (credit > 0) rows.push([STORE_CREDIT_LABEL, `−${formatMoney(credit)}`])
  if (money.totalAdjustment !== 0) {
    const sign = money.totalAdjustment > 0 ? '+' : '−'
    rows.push([
      MESSAGES.pageTotalAdjustment,
      `${sign}${formatMoney(Math.abs(money.totalAdjustment))}`,
    ])
  }
  if (money.tipRefund > 0) rows.push([MESSAGES.pageTipRefund, `−${formatMoney(money.tipRefund)}`])
  if (money.refund > 0) rows.push([MESSAGES.pageRefund, `−${formatMoney(money.refund)}`])
  return (
    <dl className="space-y-1.5">
      {rows.map(([label, value, strong]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className={strong ? 'font-semibold' : 'text-ink/80'}>{text(label)}</dt>
          <dd className={strong ? 'font-semibold' : ''}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-black/10 pt-2 text-lg font-extrabold">
        <dt>{text(MESSAGES.pageTotal)}</dt>
        <dd>{formatMoney(money.total)}</dd>
      </div>
    </dl>
  )
}
