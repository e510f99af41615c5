import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AmendWindow } from '../../../schemas/order-amend.ts'
import type { PaymentRedirect } from '../../../schemas/payments.ts'
import type { TimeSlotList } from '../../../schemas/slots.ts'
import { AmendSlotField } from '../../components/order-amend/AmendSlotField.tsx'
import { FormAlert, FormNotice, SubmitButton } from '../../components/forms/Form.tsx'
import type { ReactNode } from 'react'
import { Layout } from '../../components/Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { AMEND_FIELDS } from '../../../schemas/forms/amend.ts'
import { AMEND_SEARCH_QUERY, amendAddField, amendLineField } from '../../lib/member-order-paths.ts'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

export interface MemberAmendView {
  notice?: string
  alert?: string
  /**
   * The change costs more than the card covers (ADR 059): the step that pays the difference on
   * the hosted card page, instead of the form. The order stays as it was until then.
   */
  pay?: { amount: number; total: number; redirect: PaymentRedirect }
}

/**
 * Pay the difference: what the change comes to, what is asked, and the hand-over to the hosted
 * card page (a plain form posting the signed request, as checkout's card step); or back to the
 * order as it was, which changes nothing.
 */
function PayDifference({ pay, back }: { pay: NonNullable<MemberAmendView['pay']>; back: string }) {
  const formatMoney = useMoney()
  const text = useText()
  return (
    <section
      aria-labelledby="amend-pay-title"
      className="max-w-2xl rounded-xl bg-white p-4 ring-1 ring-ink/10 sm:p-6"
    >
      <h2 id="amend-pay-title" className="mb-2 text-xl font-bold">
        {text(MESSAGES.amendPayTitle)}
      </h2>
      <p className="mb-4">
        {text(MESSAGES.amendPayDifference, formatMoney(pay.total), formatMoney(pay.amount))}
      </p>
      <form method={pay.redirect.method} action={pay.redirect.url}>
        {Object.entries(pay.redirect.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button
            type="submit"
            className="h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 sm:w-auto"
          >
            {text(MESSAGES.amendPayButton, formatMoney(pay.amount))}
          </button>
          <a
            href={back}
            className="inline-flex min-h-12 items-center justify-center font-semibold text-primary underline underline-offset-4"
          >
            {text(MESSAGES.amendPayKeep)}
          </a>
        </div>
      </form>
    </section>
  )
}

/** The store's items matching the shopper's search, to add. */
export interface AmendSearch {
  term: string
  items: Array<{ id: number; name: string; price: number }>
}

/**
 * Where the page's forms go and what they carry: the member's own order, or a guest's by the
 * tracking page's signed link (its token a hidden field of both forms).
 */
export interface AmendLinks {
  /** The form's action and the search's (a GET of the same page). */
  action: string
  /** "Back to the order": the member's order page or the tracking page. */
  back: string
  /** The amend page itself, as a link (a guest's with the signed link's token). */
  backToForm: string
  /** Fields both forms carry (the guest's link token). */
  hidden: Record<string, string>
  /** A guest has no account pages: the page stands alone, as the tracking page does. */
  guest: boolean
}

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ))
}

/**
 * The account's shell for a member; for a guest the page alone, headed as the member's. Its title
 * comes said already.
 */
function AmendShell({
  chrome,
  title,
  guest,
  children,
}: {
  chrome: PageChrome
  title: string
  guest: boolean
  children: ReactNode
}) {
  if (!guest) {
    return (
      <MemberShell chrome={chrome} active="member-orders" title={title}>
        {children}
      </MemberShell>
    )
  }
  return (
    <Layout chrome={chrome}>
      <section
        aria-labelledby="amend-title"
        className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8"
      >
        <h1 id="amend-title" className="mb-6 text-3xl font-extrabold tracking-tight">
          {title}
        </h1>
        {children}
      </section>
    </Layout>
  )
}

/**
 * `/member/orders/:orderId/amend`, and a guest's `/track/:orderNumber/amend` by their signed link
 * (one page, two routes): the order in amend mode (issue 42, ADR 048): each
 * line's quantity (0 removes it) and items of the store added (found by a search, the page
 * again with `?q=`), saved in one go and priced again as the basket
 * prices it. A plain form: it works without JavaScript. After the cut-off the page says so and
 * offers no form.
 */
export function MemberAmendPage({
  chrome,
  order,
  window,
  view,
  search = null,
  slots = null,
  links,
}: {
  chrome: PageChrome
  order: MemberOrderDetail
  window: AmendWindow
  view: MemberAmendView
  search?: AmendSearch | null
  /** The checkout's slot list of the order's store and method, to move the order (ADR 054). */
  slots?: TimeSlotList | null
  links: AmendLinks
}) {
  const formatMoney = useMoney()
  const text = useText()
  const shop = useShopLocale()
  const lines = order.lines
  return (
    <AmendShell
      chrome={chrome}
      title={text(MESSAGES.pageChangeOrder, order.orderId)}
      guest={links.guest}
    >
      <p className="-mt-4 mb-4">
        <a
          href={links.back}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pageBackToOrder)}
        </a>
      </p>
      <FormNotice message={view.notice} />
      <FormAlert id="amend-alert" message={view.alert} />
      {view.pay ? <PayDifference pay={view.pay} back={links.backToForm} /> : null}
      {window.open && !view.pay ? (
        <form method="post" action={links.action} className="max-w-2xl">
          <input type="hidden" name={AMEND_FIELDS.version} value={String(window.version)} />
          <HiddenFields fields={links.hidden} />
          {search ? <input type="hidden" name={AMEND_SEARCH_QUERY} value={search.term} /> : null}
          <p className="mb-4 text-ink/80">
            {window.until
              ? text(
                  MESSAGES.pageCanChangeOrderUntil,
                  orderTimeLabel(window.until, shop.timeZone, shop)
                )
              : text(MESSAGES.pageCanChangeOrderUntilPicking)}{' '}
            {text(MESSAGES.pageAmendHowTo)}
          </p>
          <ul className="divide-y divide-ink/10 rounded-xl bg-white ring-1 ring-ink/10">
            {lines.map((line) => (
              <li key={line.lineId} className="flex items-center justify-between gap-3 p-3">
                <label htmlFor={`amend-line-${line.lineId}`} className="min-w-0 flex-1">
                  <span className="block font-semibold">{line.name}</span>
                  <span className="text-sm text-ink/75">
                    {text(
                      MESSAGES.pageEachNow,
                      formatMoney(line.unitPrice),
                      formatMoney(line.totalPrice)
                    )}
                  </span>
                </label>
                <input
                  id={`amend-line-${line.lineId}`}
                  name={amendLineField(line.lineId)}
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
          {slots ? <AmendSlotField order={order} slots={slots} /> : null}
          <h2 className="mt-6 mb-2 text-lg font-bold">{text(MESSAGES.amendAddTitle)}</h2>
          <label htmlFor="amend-search" className="block text-sm font-semibold">
            {text(MESSAGES.amendSearchLabel)}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="amend-search"
              form="amend-search-form"
              name={AMEND_SEARCH_QUERY}
              type="search"
              defaultValue={search?.term ?? ''}
              className="h-12 min-w-0 flex-1 rounded-lg border border-ink/30 px-3 text-lg"
            />
            <button
              type="submit"
              form="amend-search-form"
              className="h-12 rounded-xl border-2 border-primary bg-white px-5 font-bold text-primary hover:bg-tint"
            >
              {text(MESSAGES.pageSearch)}
            </button>
          </div>
          {search && search.items.length === 0 ? (
            <p className="mt-3 text-ink/80">{text(MESSAGES.amendNoResults, search.term)}</p>
          ) : null}
          {search && search.items.length > 0 ? (
            <ul className="mt-3 divide-y divide-ink/10 rounded-xl bg-white ring-1 ring-ink/10">
              {search.items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 p-3">
                  <label htmlFor={`amend-add-${item.id}`} className="min-w-0 flex-1">
                    <span className="block font-semibold">{item.name}</span>
                    <span className="text-sm text-ink/75">
                      {text(MESSAGES.pageEach, formatMoney(item.price))}
                    </span>
                    <span className="sr-only">{text(MESSAGES.amendAddQuantity, item.name)}</span>
                  </label>
                  <input
                    id={`amend-add-${item.id}`}
                    name={amendAddField(item.id)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={99}
                    defaultValue={0}
                    className="h-12 w-20 rounded-lg border border-ink/30 px-3 text-center text-lg"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-4 font-semibold">
            {text(MESSAGES.pageOrderTotalNow, formatMoney(order.money.total))}
          </p>
          <div className="mt-2 sm:max-w-xs">
            <SubmitButton>{text(MESSAGES.pageSaveChanges)}</SubmitButton>
          </div>
        </form>
      ) : null}
      {view.pay ? null : window.open ? (
        // Its own form, so Enter in the search searches and Enter in a quantity saves.
        <form id="amend-search-form" method="get" action={links.action}>
          <HiddenFields fields={links.hidden} />
        </form>
      ) : (
        <p className="font-semibold">
          {view.notice ? null : text(MESSAGES.pageNoLongerChangeable)}
        </p>
      )}
    </AmendShell>
  )
}
