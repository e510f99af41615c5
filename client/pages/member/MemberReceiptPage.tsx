import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { Layout } from '../../components/Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { OrderLines } from '../../components/member/OrderLines.tsx'
import { OrderMoney } from '../../components/member/OrderMoney.tsx'
import { VatBreakdownTable } from '../../components/VatBreakdownTable.tsx'
import { AddedTaxList } from '../../components/AddedTaxRows.tsx'
import { paidWithLabel, postalLines } from '../../lib/order-display.ts'
import { routePath } from '../../lib/routes.ts'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * `/member/orders/:orderId/receipt`: the member's receipt of one order, to print with the
 * browser (issue 41); a guest's is the same page at `/track/:orderNumber/receipt` by their
 * signed link. The delivery note is the store's own sheet for the bags, printed in the
 * store console by staff; a member gets this instead: who sold what, for how much, paid how, and
 * what came back. Needs no script.
 */
export function MemberReceiptPage({
  chrome,
  order,
  backHref = routePath('member-orders-orderId', { orderId: order.orderId }),
}: {
  chrome: PageChrome
  order: MemberOrderDetail
  /**
   * Where "Back to the order" goes: the member's order, or a guest's tracking page; null for none
   * (a guest's archived order has no tracking page to go back to).
   */
  backHref?: string | null
}) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const text = useText()
  const paidWith = paidWithLabel(order.paidWith, order.fulfilmentMethod, {
    total: order.money.originalTotal,
    creditApplied: order.money.creditApplied,
  })
  const address = order.deliveryAddress ?? order.collectionStore?.address ?? null
  return (
    <Layout chrome={chrome}>
      <article className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 print:max-w-none print:p-0">
        {backHref === null ? null : (
          <p className="mb-4 print:hidden">
            <a
              href={backHref}
              className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
            >
              {text(MESSAGES.pageBackToOrder)}
            </a>
          </p>
        )}
        <h1 className="text-2xl font-extrabold tracking-tight">
          {text(MESSAGES.pageReceiptHeading, order.orderId)}
        </h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">{text(MESSAGES.pageSoldBy)}</dt>
          <dd>{order.store.name}</dd>
          <dt className="font-semibold">{text(MESSAGES.pagePlaced)}</dt>
          <dd>{orderTimeLabel(order.placedAt, shop.timeZone, shop)}</dd>
          <dt className="font-semibold">
            {text(
              order.fulfilmentMethod === 'delivery'
                ? MESSAGES.pageDeliveredTo
                : MESSAGES.pageCollectedFrom
            )}
          </dt>
          <dd>{address ? postalLines(address).join(', ') : ''}</dd>
          {paidWith ? (
            <>
              <dt className="font-semibold">{text(MESSAGES.pagePaidWith)}</dt>
              <dd>{text(paidWith)}</dd>
            </>
          ) : null}
        </dl>
        <section aria-labelledby="receipt-items" className="mt-5">
          <h2 id="receipt-items" className="mb-2 text-lg font-bold">
            {text(MESSAGES.pageItems)}
          </h2>
          <OrderLines lines={order.lines} />
        </section>
        <section aria-labelledby="receipt-money" className="mt-5">
          <h2 id="receipt-money" className="mb-2 text-lg font-bold">
            {text(MESSAGES.pageTotal)}
          </h2>
          <OrderMoney money={order.money} method={order.fulfilmentMethod} />
          {order.vat && order.vat.rows.length > 0 ? (
            <div className="mt-4">
              <VatBreakdownTable vat={order.vat} />
            </div>
          ) : null}
          <AddedTaxList tax={order.addedTax} />
          {order.refunds.length > 0 ? (
            <ul className="mt-3 space-y-1 text-sm">
              {order.refunds.map((refund, index) => (
                <li key={`${refund.at}-${index}`}>
                  {text(
                    MESSAGES.pageRefundedAt,
                    formatMoney(refund.amount),
                    orderTimeLabel(refund.at, shop.timeZone, shop)
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </article>
    </Layout>
  )
}
