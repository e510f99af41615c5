import { REJECT_SUBSTITUTE_FIELDS } from '../../../schemas/forms/reject-substitute.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { OrderChange, OrderChanges as Changes } from '../../../schemas/order-changes.ts'
import type { SubstituteOutcome } from '../../lib/order-changes-paths.ts'
import { FormAlert, FormNotice } from '../forms/Form.tsx'
import { type PageTexts, useText } from '../../lib/page-text.ts'
import { useMoney } from '../../lib/shop-locale.ts'

/*
 * What picking changed, for the shopper to review (issue 42): each substitute beside what was
 * ordered (and chosen), each shortage; a substitute can be rejected while the order is still at
 * the store, by a plain form post (works without JavaScript). Its own component so the member's
 * order page and the tracking page show the same list.
 */

function orderedText(change: OrderChange): string {
  return `${change.ordered.quantity} × ${change.ordered.name}`
}

function suppliedText(change: OrderChange, text: PageTexts['say']): string {
  switch (change.kind) {
    case 'substituted':
      return text(
        MESSAGES.pageSubstitutedWith,
        change.supplied?.quantity ?? 1,
        change.supplied?.name ?? ''
      )
    case 'short':
      return text(
        MESSAGES.pageOnlyOfAvailable,
        change.supplied?.quantity ?? 0,
        change.ordered.quantity
      )
    case 'out_of_stock':
      return text(MESSAGES.pageOutOfStockNotCharged)
  }
}

// Said in English here: FormNotice says it in the brand's language, its money already the shop's.
function rejectedText(change: OrderChange, cash: boolean, money: (pence: number) => string) {
  const name = change.supplied?.name ?? change.ordered.name
  return cash
    ? formatMessage('substituteRejectedCash', name)
    : formatMessage('substituteRejectedRefund', name, money(change.refunded))
}

/** The sentence after a rejection's redirect. */
function outcomeText(
  changes: Changes,
  outcome: SubstituteOutcome | null,
  lineId: number | null,
  money: (pence: number) => string
): { notice?: string; alert?: string } {
  const change = changes.lines.find((line) => line.lineId === lineId)
  switch (outcome) {
    case 'rejected':
      return change ? { notice: rejectedText(change, changes.cash, money) } : {}
    case 'late':
      return { alert: MESSAGES.substituteRejectTooLate }
    case 'again':
      return { alert: MESSAGES.substituteAlreadyRejected }
    case 'failed':
      return { alert: MESSAGES.systemError }
    default:
      return {}
  }
}

export interface OrderChangesProps {
  changes: Changes
  /** Where the reject forms post; null: the page offers no rejection (e.g. printed). */
  action: string | null
  /** Fields every reject form carries besides the line (the tracking link's token). */
  hidden?: Readonly<Record<string, string>>
  outcome?: SubstituteOutcome | null
  outcomeLineId?: number | null
}

export function OrderChanges({
  changes,
  action,
  hidden = {},
  outcome = null,
  outcomeLineId = null,
}: OrderChangesProps) {
  const text = useText()
  const money = useMoney()
  const said = outcomeText(changes, outcome, outcomeLineId, money)
  return (
    <section
      aria-labelledby="order-changes-title"
      id="changes"
      data-testid="order-changes"
      className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-changes-title" className="text-lg font-bold">
        {text(MESSAGES.pageOrderHasChanges)}
      </h2>
      <p className="mt-1 text-sm text-ink/80">
        {text(changes.canReject ? MESSAGES.pageRejectIntro : MESSAGES.pageWhatStoreChanged)}
      </p>
      <FormNotice message={said.notice} />
      <FormAlert id="order-changes-alert" message={said.alert} />
      <ul className="mt-3 divide-y divide-black/10">
        {changes.lines.map((change) => (
          <li
            key={change.lineId}
            className="flex flex-wrap items-start justify-between gap-3 py-3"
            data-testid={`order-change-${change.lineId}`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold [overflow-wrap:anywhere]">
                <span className="sr-only">{`${text(MESSAGES.pageOrderedColon)} `}</span>
                {orderedText(change)}
              </p>
              {change.kind === 'substituted' && change.chosen ? (
                <p className="text-sm text-ink/75">{text(MESSAGES.pageYouChose, change.chosen)}</p>
              ) : null}
              <p className="text-sm font-semibold text-amber-900 [overflow-wrap:anywhere]">
                {suppliedText(change, text)}
                {change.kind === 'substituted' && change.rejected === null
                  ? ` · ${money(change.chargedPrice)}`
                  : ''}
              </p>
              {change.rejected ? (
                <p className="text-sm font-semibold text-green-900">
                  {`${text(
                    change.rejected === 'door'
                      ? MESSAGES.pageHandedBackAtDoor
                      : MESSAGES.pageRejected
                  )} `}
                  {changes.cash
                    ? text(MESSAGES.pageYouDoNotPay)
                    : text(MESSAGES.pageAmountRefunded, money(change.refunded))}
                </p>
              ) : null}
            </div>
            {action && changes.canReject && change.kind === 'substituted' && !change.rejected ? (
              <form method="post" action={action}>
                {Object.entries(hidden).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name={REJECT_SUBSTITUTE_FIELDS.lineId} value={change.lineId} />
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
                >
                  {text(MESSAGES.pageRejectSubstitute)}
                  <span className="sr-only">: {change.supplied?.name}</span>
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
