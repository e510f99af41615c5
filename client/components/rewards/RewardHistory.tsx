import type { CreditSummary } from '../../../schemas/credit.ts'
import type { LoyaltyTransaction } from '../../../schemas/loyalty.ts'
import { signedMoney, signedPoints } from '../../lib/rewards.ts'
import { dayMonthYear, localDate } from '../../lib/slots.ts'
import { orderPath } from '../member/OrderCard.tsx'
import { useMoney } from '../../lib/shop-locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'

/** A history entry's date, in the shop's zone and words ('25 Nov 2026'). */
function entryDate(iso: string, shop: ShopLocale): string {
  return dayMonthYear(localDate(iso, shop.timeZone), shop)
}

/** One row of a history: date, what happened (with its order), the signed amount. */
function HistoryRow({
  createdAt,
  description,
  businessOrderId,
  amount,
}: {
  createdAt: string
  description: string
  businessOrderId: string | null
  amount: string
}) {
  const text = useText()
  const shop = useShopLocale()
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="font-semibold">{description}</p>
        <p className="text-sm text-ink/75">
          <time dateTime={createdAt}>{entryDate(createdAt, shop)}</time>
          {businessOrderId ? (
            <>
              {' · '}
              <a href={orderPath(businessOrderId)} className="font-semibold text-primary underline">
                {text(MESSAGES.pageOrderNumbered, businessOrderId)}
              </a>
            </>
          ) : null}
        </p>
      </div>
      <p className="shrink-0 font-bold tabular-nums">{amount}</p>
    </li>
  )
}

/** The points history, newest first as the backend answers it. */
export function PointsHistory({ history }: { history: ReadonlyArray<LoyaltyTransaction> }) {
  const text = useText()
  return (
    <section aria-labelledby="points-history-title" className="mt-8">
      <h2 id="points-history-title" className="mb-2 text-xl font-bold">
        {text(MESSAGES.pagePointsHistory)}
      </h2>
      {history.length === 0 ? (
        <p className="text-ink/80">{text(MESSAGES.pageNoPointsYet)}</p>
      ) : (
        <ul className="divide-y divide-black/10 rounded-2xl border border-black/10 bg-white px-4">
          {history.map((entry) => (
            <HistoryRow
              key={entry.id}
              createdAt={entry.createdAt}
              description={entry.description}
              businessOrderId={entry.businessOrderId}
              amount={text(MESSAGES.pagePointsSigned, signedPoints(entry.points))}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The store credit balance and its history (ADR 020: every entry says why). */
export function CreditHistory({ credit }: { credit: CreditSummary }) {
  const shop = useShopLocale()
  const formatMoney = useMoney()
  const text = useText()
  return (
    <section aria-labelledby="credit-title" className="mt-8">
      <h2 id="credit-title" className="text-xl font-bold">
        {text(MESSAGES.pageStoreCredit)}
      </h2>
      <p className="mt-2 text-2xl font-extrabold tabular-nums">{formatMoney(credit.balance)}</p>
      <p className="mt-1 text-ink/80">{text(MESSAGES.pageCreditComesOff)}</p>
      {credit.entries.length === 0 ? (
        <p className="mt-3 text-ink/80">{text(MESSAGES.pageNoCreditHistory)}</p>
      ) : (
        <ul className="mt-3 divide-y divide-black/10 rounded-2xl border border-black/10 bg-white px-4">
          {credit.entries.map((entry) => (
            <HistoryRow
              key={entry.id}
              createdAt={entry.createdAt}
              description={entry.description}
              businessOrderId={entry.businessOrderId}
              amount={signedMoney(entry.amount, shop)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
