import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { STORE_CREDIT_LABEL } from '../../lib/rewards.ts'
import { useMoney } from '../../lib/shop-locale.ts'

type Money = MemberOrderDetail['money']

/**
 * Every Order field of spec §3 that is money: subtotal, delivery cost, delivery tip, tip refund,
 * refund, original total, store credit used (ADR 020), total adjustment and total. Zero refunds and adjustments are left out
 * (nothing happened); the rest always show.
 */
export function OrderMoney({ money, method }: { money: Money; method: 'delivery' | 'collection' }) {
  const formatMoney = useMoney()
  const rows: Array<[string, string, boolean?]> = [['Subtotal', formatMoney(money.subtotal)]]
  if (money.discountTotal > 0) rows.push(['Discounts', `−${formatMoney(money.discountTotal)}`])
  if (method === 'delivery') rows.push(['Delivery cost', formatMoney(money.deliveryCost)])
  if (money.serviceFee > 0) rows.push(['Service fee', formatMoney(money.serviceFee)])
  if (money.deliveryTip > 0) rows.push(['Delivery tip', formatMoney(money.deliveryTip)])
  rows.push(['Original total', formatMoney(money.originalTotal), true])
  const credit = money.creditApplied
  if (credit > 0) rows.push([STORE_CREDIT_LABEL, `−${formatMoney(credit)}`])
  if (money.totalAdjustment !== 0) {
    const sign = money.totalAdjustment > 0 ? '+' : '−'
    rows.push(['Total adjustment', `${sign}${formatMoney(Math.abs(money.totalAdjustment))}`])
  }
  if (money.tipRefund > 0) rows.push(['Tip refund', `−${formatMoney(money.tipRefund)}`])
  if (money.refund > 0) rows.push(['Refund', `−${formatMoney(money.refund)}`])
  return (
    <dl className="space-y-1.5">
      {rows.map(([label, value, strong]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className={strong ? 'font-semibold' : 'text-ink/80'}>{label}</dt>
          <dd className={strong ? 'font-semibold' : ''}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-black/10 pt-2 text-lg font-extrabold">
        <dt>Total</dt>
        <dd>{formatMoney(money.total)}</dd>
      </div>
    </dl>
  )
}
