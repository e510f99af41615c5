import type { PaymentsLedgerEntry } from '../../schemas/development.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { useMoney } from '../lib/shop-locale.ts'

export interface DevPaymentsPageProps {
  chrome: PageChrome
  payments: Array<PaymentsLedgerEntry>
  /** The order number searched for ('' for the newest payments). */
  orderNumber: string
}

/** What the payment keeps in the end: taken less what went back. */
const keptOf = (payment: PaymentsLedgerEntry) => payment.taken - payment.refunded - payment.voided

/**
 * Whether the gateway holds what the shop recorded, and the order's payments together keep what
 * the order says (an amend's top-up makes several, ADR 059): `orderKept` is their sum.
 */
function agrees(payment: PaymentsLedgerEntry, orderKept: number): boolean {
  if (orderKept !== payment.orderTotal) return false
  if (!payment.atGateway) return true
  const { captured, refunded, voided } = payment.atGateway
  return captured - refunded - voided === keptOf(payment)
}

/** What each order's listed payments keep together. */
function keptByOrder(payments: ReadonlyArray<PaymentsLedgerEntry>): Map<string, number> {
  const kept = new Map<string, number>()
  for (const payment of payments) {
    kept.set(payment.orderNumber, (kept.get(payment.orderNumber) ?? 0) + keptOf(payment))
  }
  return kept
}

const CELL = 'px-3 py-2 text-end tabular-nums'

/** The development payments ledger: the shop's record beside the sandbox gateway's. */
export function DevPaymentsPage({ chrome, payments, orderNumber }: DevPaymentsPageProps) {
  const formatMoney = useMoney()
  const orderKept = keptByOrder(payments)
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Payments ledger</h1>
        <p className="mt-2 max-w-3xl text-ink/80">
          Each payment that took money, as the shop recorded it and as the local sandbox gateway
          holds it: taken − refunded − voided is what the shopper paid in the end (an order paid by
          several payments, after an amend, by their sum). Cash is paid at the door and is not
          listed. Not available in production.
        </p>
        <form method="get" className="mt-6 flex flex-wrap items-end gap-2">
          <label htmlFor="ledger-order" className="font-semibold">
            <span className="block text-sm">Order number</span>
            <input
              id="ledger-order"
              name="order"
              defaultValue={orderNumber}
              maxLength={40}
              className="min-h-11 rounded-xl border border-black/20 px-3"
            />
          </label>
          <button
            type="submit"
            className="min-h-11 rounded-xl bg-primary px-4 font-bold text-on-primary"
          >
            Show
          </button>
        </form>
        {payments.length === 0 ? (
          <p className="mt-6 rounded-xl bg-tint p-4">No payments yet.</p>
        ) : (
          <div className="mt-6 overflow-x-auto rounded-2xl border border-black/10 bg-white">
            <table className="w-full text-sm">
              <caption className="sr-only">Payments, newest first</caption>
              <thead className="bg-tint text-start">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Gateway
                  </th>
                  <th scope="col" className={CELL}>
                    Taken
                  </th>
                  <th scope="col" className={CELL}>
                    Refunded
                  </th>
                  <th scope="col" className={CELL}>
                    Voided
                  </th>
                  <th scope="col" className={CELL}>
                    Kept
                  </th>
                  <th scope="col" className={CELL}>
                    Order total
                  </th>
                  <th scope="col" className="px-3 py-2">
                    At the sandbox gateway
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Agrees
                  </th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment.paymentId} className="border-t border-black/10">
                    <th scope="row" className="px-3 py-2 text-start font-semibold">
                      {payment.orderNumber}
                    </th>
                    <td className="px-3 py-2">{payment.gateway}</td>
                    <td className={CELL}>{formatMoney(payment.taken)}</td>
                    <td className={CELL}>{formatMoney(payment.refunded)}</td>
                    <td className={CELL}>{formatMoney(payment.voided)}</td>
                    <td className={CELL}>{formatMoney(keptOf(payment))}</td>
                    <td className={CELL}>{formatMoney(payment.orderTotal)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {payment.atGateway
                        ? `captured ${formatMoney(payment.atGateway.captured)}, refunded ${formatMoney(payment.atGateway.refunded)}, voided ${formatMoney(payment.atGateway.voided)}`
                        : 'Not a sandbox transaction'}
                    </td>
                    <td className="px-3 py-2 font-bold">
                      {agrees(payment, orderKept.get(payment.orderNumber) ?? 0) ? 'Yes' : 'No'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Layout>
  )
}
