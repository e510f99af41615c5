import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { formatMoney } from '../../../schemas/money.ts'
import type { AmendWindow } from '../../../schemas/order-amend.ts'
import { FormAlert, FormNotice, SubmitButton } from '../../components/forms/Form.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { orderTimeLabel } from '../../components/member/order-format.ts'
import { amendPath } from '../../lib/member-order-paths.ts'
import { routePath } from '../../lib/routes.ts'

export interface MemberAmendView {
  notice?: string
  alert?: string
}

/**
 * `/member/orders/:orderId/amend`: the member's order in amend mode (issue 42, ADR 048): each
 * line's quantity (0 removes it), saved in one go and priced again as the basket prices it. A
 * plain form: it works without JavaScript. After the cut-off the page says so and offers no form.
 */
export function MemberAmendPage({
  chrome,
  order,
  window,
  view,
}: {
  chrome: PageChrome
  order: MemberOrderDetail
  window: AmendWindow
  view: MemberAmendView
}) {
  const lines = order.lines
  return (
    <MemberShell chrome={chrome} active="member-orders" title={`Change order ${order.orderId}`}>
      <p className="-mt-4 mb-4">
        <a
          href={routePath('member-orders-orderId', { orderId: order.orderId })}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          Back to the order
        </a>
      </p>
      <FormNotice message={view.notice} />
      <FormAlert id="amend-alert" message={view.alert} />
      {window.open ? (
        <form method="post" action={amendPath(order.orderId)} className="max-w-2xl">
          <input type="hidden" name="version" value={String(window.version)} />
          <p className="mb-4 text-ink/80">
            {window.until
              ? `You can change this order until ${orderTimeLabel(window.until)}.`
              : 'You can change this order until the store starts picking it.'}{' '}
            Set a quantity to 0 to remove an item. Prices stay as when you ordered, with the same
            deals and fees.
          </p>
          <ul className="divide-y divide-ink/10 rounded-xl bg-white ring-1 ring-ink/10">
            {lines.map((line) => (
              <li key={line.lineId} className="flex items-center justify-between gap-3 p-3">
                <label htmlFor={`amend-line-${line.lineId}`} className="min-w-0 flex-1">
                  <span className="block font-semibold">{line.name}</span>
                  <span className="text-sm text-ink/75">
                    {formatMoney(line.unitPrice)} each · now {formatMoney(line.totalPrice)}
                  </span>
                </label>
                <input
                  id={`amend-line-${line.lineId}`}
                  name={`line-${line.lineId}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={99}
                  defaultValue={line.quantity}
                  disabled={line.selections.length > 0}
                  className="h-12 w-20 rounded-lg border border-ink/30 px-3 text-center text-lg"
                />
              </li>
            ))}
          </ul>
          <p className="mt-4 font-semibold">Order total now: {formatMoney(order.money.total)}</p>
          <div className="mt-2 sm:max-w-xs">
            <SubmitButton>Save changes</SubmitButton>
          </div>
        </form>
      ) : (
        <p className="font-semibold">
          {view.notice ? null : 'This order can no longer be changed.'}
        </p>
      )}
    </MemberShell>
  )
}
