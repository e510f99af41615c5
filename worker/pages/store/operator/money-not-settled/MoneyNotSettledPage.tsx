import type { MoneyEffectKind, UnsettledMoney } from '../../../../../schemas/operator-money.ts'
import { useMoney } from '../../../../../client/lib/shop-locale.ts'
import { storeDateTime } from '../../../../../client/lib/store-console-format.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

const CELL = 'px-3 py-2 align-top'

const KIND_LABELS: Readonly<Record<MoneyEffectKind, string>> = {
  refund: 'Refund',
  void: 'Void',
  owed_void: 'Void owed',
  capture: 'Capture',
}

const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Sent, no answer yet',
  unknown: 'Not confirmed',
  owed: 'Not yet voided',
}

/** Whole minutes, hours or days since `since`, as a person says it. */
function ageOf(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h`
  return `${Math.floor(hours / 24)} days`
}

/**
 * Money not settled at its gateway (issue 37): every refund, void and capture a gateway has not
 * confirmed, oldest first, with what it last said and how long it has waited, and "Try again",
 * which asks the gateway now through the same reconciliation as the cron (never a second refund).
 * Plain forms: no script needed.
 */
export function MoneyNotSettledPage({
  frame,
  effects,
  timeZone,
  now,
  refusal,
  retryAction,
}: {
  frame: OperatorFrame
  effects: ReadonlyArray<UnsettledMoney>
  timeZone: string
  /** The instant the page was drawn (the app's clock), for each row's age. */
  now: number
  refusal: string | null
  retryAction: string
}) {
  const formatMoney = useMoney()
  return (
    <OperatorLayout
      frame={frame}
      title="Money not settled"
      intro="Refunds, voids and captures a payment gateway has not confirmed. The system asks the gateway again on its own; Try again asks now. Money moves at most once, however often it is pressed."
    >
      {refusal ? (
        <p role="alert" tabIndex={-1} autoFocus className="mb-4 font-semibold text-red-800">
          {refusal}
        </p>
      ) : null}
      {effects.length === 0 ? (
        <p>Every refund, void and capture was confirmed by its gateway.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border-2 border-black/10 bg-white">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">Money not settled, oldest first</caption>
            <thead className="bg-black/5">
              <tr>
                {['What', 'Order', 'Amount', 'State', 'Waiting', 'Gateway said'].map((header) => (
                  <th key={header} scope="col" className={CELL}>
                    {header}
                  </th>
                ))}
                <th scope="col" className={CELL}>
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-black/10">
              {effects.map((effect) => (
                <tr key={`${effect.kind}-${effect.id}`} data-testid="money-row">
                  <th scope="row" className={`${CELL} font-semibold`}>
                    {KIND_LABELS[effect.kind]}
                  </th>
                  <td className={`${CELL} whitespace-nowrap`}>{effect.orderNumber}</td>
                  <td className={CELL}>{formatMoney(effect.amount)}</td>
                  <td className={CELL}>{STATUS_LABELS[effect.status] ?? effect.status}</td>
                  <td className={CELL}>
                    <time dateTime={effect.since} title={storeDateTime(effect.since, timeZone)}>
                      {ageOf(effect.since, now)}
                    </time>
                  </td>
                  <td className={`${CELL} max-w-md break-words`}>
                    {effect.gateway}: {effect.lastAnswer ?? 'no answer'}
                  </td>
                  <td className={CELL}>
                    <form method="post" action={retryAction}>
                      <input type="hidden" name="kind" value={effect.kind} />
                      <input type="hidden" name="id" value={effect.id} />
                      <button
                        type="submit"
                        className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
                        aria-label={`Try again: ${KIND_LABELS[effect.kind].toLowerCase()} for order ${effect.orderNumber}`}
                      >
                        Try again
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </OperatorLayout>
  )
}
