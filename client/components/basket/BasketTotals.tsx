import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { minimumSpendProgress } from '../../lib/basket.ts'
import { NOTHING_TO_PAY, STORE_CREDIT_LABEL } from '../../lib/rewards.ts'
import { routePath } from '../../lib/routes.ts'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

/** One label/amount pair of a totals list (`<dl>`): the basket's and a placed order's. */
export function TotalsRow({
  label,
  value,
  strong = false,
}: {
  label: string
  value: string
  strong?: boolean
}) {
  // Labels and 'Free' are catalogue English; a deal's name or an amount is said as it is.
  const text = useText()
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'text-lg font-extrabold' : ''}`}>
      <dt>{text(label)}</dt>
      <dd className="tabular-nums">{text(value)}</dd>
    </div>
  )
}

/**
 * The basket's totals as the server computed them: subtotal, deal and coupon discounts, delivery
 * and service fees, tip, store credit and total. A polite live region, so a change is read out once.
 */
export function BasketTotals({ basket }: { basket: Basket }) {
  const money = useMoney()
  // Where prices exclude tax, the total is before it: checkout adds it by the place (ADR 055).
  const taxAdded = useShopLocale().taxMode === 'added_at_checkout'
  const text = useText()
  const { totals, coupon, deals } = basket
  const delivery = basket.fulfilmentMethod === 'delivery'
  // Store credit (ADR 020) comes off last: the total is what is left to pay.
  return (
    <dl aria-live="polite" className="flex flex-col gap-1.5 text-sm">
      <TotalsRow label={MESSAGES.pageSubtotal} value={money(totals.subtotal)} />
      {deals
        .filter((deal) => deal.discount > 0)
        .map((deal) => (
          <TotalsRow key={deal.dealId} label={deal.name} value={`−${money(deal.discount)}`} />
        ))}
      {totals.couponDiscount > 0 && coupon ? (
        <TotalsRow
          label={text(MESSAGES.pageCouponNamed, coupon.code)}
          value={`−${money(totals.couponDiscount)}`}
        />
      ) : null}
      {delivery ? (
        <TotalsRow
          label={MESSAGES.pageDeliveryFee}
          value={totals.deliveryFee > 0 ? money(totals.deliveryFee) : MESSAGES.pageFree}
        />
      ) : null}
      {totals.serviceFee > 0 ? (
        <TotalsRow label={MESSAGES.pageServiceFee} value={money(totals.serviceFee)} />
      ) : null}
      {delivery && totals.tip > 0 ? (
        <TotalsRow label={MESSAGES.pageDriverTip} value={money(totals.tip)} />
      ) : null}
      {totals.creditApplied > 0 ? (
        <TotalsRow label={STORE_CREDIT_LABEL} value={`−${money(totals.creditApplied)}`} />
      ) : null}
      <div className="my-1 border-t border-black/10" />
      <TotalsRow label={MESSAGES.pageTotal} value={money(totals.total)} strong />
      {taxAdded ? <p className="text-gray-700">{text(MESSAGES.taxAtCheckout)}</p> : null}
      {totals.creditApplied > 0 && totals.total === 0 ? (
        <p className="font-semibold text-green-900">{NOTHING_TO_PAY}</p>
      ) : null}
    </dl>
  )
}

/**
 * The minimum spend of the basket's method as a progress bar ('Spend £4.50 more for delivery')
 * and, once delivery's is met, how far free delivery is.
 */
export function SpendProgress({ basket }: { basket: Basket }) {
  const money = useMoney()
  const text = useText()
  const { totals } = basket
  const delivery = basket.fulfilmentMethod === 'delivery'
  if (totals.minimumSpendShortfall > 0) {
    const progress = minimumSpendProgress(totals.minimumSpend, totals.minimumSpendShortfall)
    const short = money(totals.minimumSpendShortfall)
    return (
      <div className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-700/25">
        <p id="minimum-spend-label" className="text-sm font-semibold text-amber-950">
          {delivery
            ? text(MESSAGES.pageSpendMoreForDelivery, short)
            : text(MESSAGES.pageSpendMoreForCollection, short)}
        </p>
        {/* A native progress element: its fill needs no style attribute, which the CSP forbids. */}
        <progress
          aria-labelledby="minimum-spend-label"
          max={100}
          value={progress}
          aria-valuetext={text(
            MESSAGES.pageMinimumProgress,
            money(totals.minimumSpend - totals.minimumSpendShortfall),
            money(totals.minimumSpend)
          )}
          className="mt-2 block h-2.5 w-full appearance-none overflow-hidden rounded-full border-0 bg-amber-200 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-amber-700 [&::-webkit-progress-bar]:bg-amber-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-amber-700"
        />
        <p id="minimum-spend-rule" className="mt-1 text-xs text-amber-950">
          {delivery
            ? text(MESSAGES.pageMinimumForDelivery, money(totals.minimumSpend))
            : text(MESSAGES.pageMinimumForCollection, money(totals.minimumSpend))}
        </p>
      </div>
    )
  }
  if (!delivery) return null
  const threshold = totals.freeDeliveryThreshold
  if (threshold !== null && totals.deliveryFee > 0 && totals.subtotal < threshold) {
    return (
      <p className="rounded-2xl bg-tint p-4 text-sm font-semibold">
        {text(MESSAGES.pageSpendMoreFreeDelivery, money(threshold - totals.subtotal))}
      </p>
    )
  }
  return null
}

/**
 * The basket's way to checkout. Under the minimum spend it cannot go, so instead of a link the
 * checkout guard would bounce back here, it is a disabled button that says what is short.
 */
export function CheckoutButton({ basket }: { basket: Basket }) {
  const money = useMoney()
  const text = useText()
  const short = basket.totals.minimumSpendShortfall
  const className =
    'inline-flex min-h-12 items-center justify-center rounded-full px-6 text-base font-bold'
  if (short > 0) {
    return (
      <button
        type="button"
        disabled
        aria-describedby="minimum-spend-rule"
        className={`${className} cursor-not-allowed bg-gray-200 text-gray-800`}
      >
        {text(MESSAGES.minimumSpendShort, money(short))}
      </button>
    )
  }
  return (
    <a
      // Through the "Have you forgotten?" step, which goes straight on when it has nothing to show.
      href={routePath('basket-forgotten')}
      className={`${className} bg-primary text-on-primary hover:brightness-90`}
    >
      {text(MESSAGES.pageCheckout)}
    </a>
  )
}
