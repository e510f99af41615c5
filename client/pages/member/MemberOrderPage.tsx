import type { ReactNode } from 'react'
import type { MemberOrderDetail } from '../../../schemas/member-orders.ts'
import {
  FormAlert,
  FormNotice,
  type FormErrors,
  type FormValues,
} from '../../components/forms/Form.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { OrderLines } from '../../components/member/OrderLines.tsx'
import { OrderChanges } from '../../components/order-changes/OrderChanges.tsx'
import {
  memberRejectSubstitutePath,
  type SubstituteOutcome,
} from '../../lib/order-changes-paths.ts'
import { OrderMoney } from '../../components/member/OrderMoney.tsx'
import { NamedDiscounts } from '../../components/basket/NamedDiscounts.tsx'
import { OrderStatusBadge } from '../../components/member/OrderStatusBadge.tsx'
import { ReorderButton, ReorderConfirm } from '../../components/member/ReorderForm.tsx'
import { ReviewForm } from '../../components/member/ReviewForm.tsx'
import { AmendOrderLink } from '../../components/member/AmendOrderLink.tsx'
import type { AmendWindow } from '../../../schemas/order-amend.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { amendPath, receiptPath } from '../../lib/member-order-paths.ts'
import { paidWithLabel, postalLines } from '../../lib/order-display.ts'
import { routePath } from '../../lib/routes.ts'
import { dayMonthYear } from '../../lib/slots.ts'
import { trackingPath } from '../../../schemas/tracking.ts'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PageTexts, useCount, useText } from '../../lib/page-text.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'

/** What the page says after a reorder or a review (from the redirect's query). */
export interface MemberOrderNotice {
  /** A confirmation (items added, review saved). */
  notice?: string
  /** The reorder failed or added nothing. */
  alert?: string
  /** The basket holds another store's items: ask before replacing them. */
  confirmReorder?: { method: 'delivery' | 'collection' }
  /** After a substitute's rejection (issue 42): what happened, to which line. */
  substitute?: { outcome: SubstituteOutcome; lineId: number | null }
}

export interface MemberOrderPageProps {
  /** Whether the order can still be changed (issue 42, ADR 048); null when unknown. */
  amendWindow?: AmendWindow | null
  chrome: PageChrome
  order: MemberOrderDetail
  view: MemberOrderNotice
  reviewErrors: FormErrors
  reviewValues: FormValues
}

/** A titled part of the order: its title a catalogue message (MESSAGES.x). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const text = useText()
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="mb-3 text-lg font-bold">
        {text(title)}
      </h2>
      {children}
    </section>
  )
}

function whenLabel(order: MemberOrderDetail, text: PageTexts['say'], shop: ShopLocale): string {
  const delivery = order.fulfilmentMethod === 'delivery'
  if (!order.slot) {
    return text(delivery ? MESSAGES.pageDeliveryAsap : MESSAGES.pageCollectionAsap)
  }
  const method = text(delivery ? MESSAGES.pageDelivery : MESSAGES.pageCollection)
  const ends = order.slot.endsAt ? `–${order.slot.endsAt}` : ''
  return `${method}, ${dayMonthYear(order.slot.date, shop)}, ${order.slot.startsAt}${ends}`
}

/**
 * `/member/orders/:orderId`: the order as the member made it and as the store worked it: lines
 * with substitutions and refunds, every money field of spec §3, the history, payment, where it
 * goes, tracking while it is offered, reorder, and the review once delivered.
 */
export function MemberOrderPage({
  chrome,
  order,
  view,
  reviewErrors,
  reviewValues,
  amendWindow = null,
}: MemberOrderPageProps) {
  const formatMoney = useMoney()
  const text = useText()
  const count = useCount()
  const shop = useShopLocale()
  // Instants in the shop's zone and words ('25 nov 2026, 13:05' for a Dutch shop).
  const at = (iso: string) => orderTimeLabel(iso, shop.timeZone, shop)
  const paidWith = paidWithLabel(order.paidWith, order.fulfilmentMethod, {
    total: order.money.originalTotal,
    creditApplied: order.money.creditApplied,
  })
  return (
    <MemberShell
      chrome={chrome}
      active="member-orders"
      title={text(MESSAGES.pageOrderNumbered, order.orderId)}
    >
      <p className="-mt-4 mb-4">
        <a
          href={routePath('member-orders')}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pageBackToMyOrders)}
        </a>
        <span aria-hidden="true" className="mx-2 text-ink/40">
          ·
        </span>
        <a
          href={routePath('contact', undefined, { order: order.orderId })}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pageContactAboutOrder)}
        </a>
        <span aria-hidden="true" className="mx-2 text-ink/40">
          ·
        </span>
        <a
          href={receiptPath(order.orderId)}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pagePrintableReceipt)}
        </a>
      </p>
      <FormNotice message={view.notice} />
      <FormAlert id="order-alert" message={view.alert} />
      {view.confirmReorder ? (
        <div className="mb-5">
          <ReorderConfirm
            orderId={order.orderId}
            method={view.confirmReorder.method}
            basketPath={routePath('basket')}
          />
        </div>
      ) : null}
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <OrderStatusBadge status={order.status} label={order.statusLabel} />
          <p className="mt-2 text-sm text-ink/80">
            {text(MESSAGES.pagePlacedAt, at(order.placedAt), order.store.name)} ·{' '}
            {count('items', order.itemsCount)}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <AmendOrderLink href={amendPath(order.orderId)} window={amendWindow} />
          <ReorderButton orderId={order.orderId} method={order.fulfilmentMethod} />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-5">
          {order.tracking ? (
            <Section id="tracking" title={MESSAGES.pageTrackYourOrder}>
              <p className="font-semibold">{order.tracking.message}</p>
              <p className="mt-3">
                <a
                  href={trackingPath(order.orderId)}
                  className="inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-semibold text-on-primary"
                >
                  {text(
                    order.tracking.driver ? MESSAGES.pageSeeDriverOnMap : MESSAGES.pageFollowLive
                  )}
                </a>
              </p>
            </Section>
          ) : null}
          {order.changes ? (
            <OrderChanges
              changes={order.changes}
              action={memberRejectSubstitutePath(order.orderId)}
              outcome={view.substitute?.outcome ?? null}
              outcomeLineId={view.substitute?.lineId ?? null}
            />
          ) : null}
          <Section id="items" title={MESSAGES.pageItems}>
            <OrderLines lines={order.lines} />
          </Section>
          {order.status === 'delivered' || order.review ? (
            <Section id="review" title={MESSAGES.pageYourReview}>
              <ReviewForm
                orderId={order.orderId}
                review={order.review}
                errors={reviewErrors}
                values={reviewValues}
              />
            </Section>
          ) : null}
          <Section id="history" title={MESSAGES.pageOrderHistory}>
            <ol className="space-y-2">
              {order.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="flex flex-wrap justify-between gap-x-4">
                  <span className="font-semibold">
                    {entry.label}
                    {entry.reason ? (
                      <span className="font-normal text-ink/80">: {entry.reason}</span>
                    ) : null}
                  </span>
                  <span className="text-sm text-ink/75">{at(entry.at)}</span>
                </li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="space-y-5">
          <Section id="money" title={MESSAGES.pagePayment}>
            <OrderMoney money={order.money} method={order.fulfilmentMethod} />
            <NamedDiscounts discounts={order.discounts} headingLevel={3} className="mt-3" />
            {order.moneyBack.message ? (
              <p className="mt-3 font-semibold" data-testid="money-back-message">
                {order.moneyBack.message}
              </p>
            ) : null}
            {order.moneyBack.rows.length > 0 ? (
              <dl className="mt-3 space-y-1 text-sm" data-testid="money-back">
                {order.moneyBack.rows.map((row) => (
                  <div key={row.key} className="flex justify-between gap-4">
                    <dt>{row.label}</dt>
                    <dd>{formatMoney(Math.abs(row.amount))}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {paidWith ? (
              <p className="mt-3 text-sm text-ink/80">
                {text(MESSAGES.pagePaidWith)} {text(paidWith)}
              </p>
            ) : null}
            {order.refunds.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm">
                {order.refunds.map((refund, index) => (
                  <li key={`${refund.at}-${index}`}>
                    {text(MESSAGES.pageRefundedAt, formatMoney(refund.amount), at(refund.at))}
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
          <Section
            id="where"
            title={
              order.fulfilmentMethod === 'delivery'
                ? MESSAGES.pageDelivery
                : MESSAGES.pageCollection
            }
          >
            <p className="font-semibold">{whenLabel(order, text, shop)}</p>
            {order.deliveryAddress ? (
              <address className="mt-2 not-italic text-ink/80">
                {postalLines(order.deliveryAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : null}
            {order.collectionStore ? (
              <address className="mt-2 not-italic text-ink/80">
                <span className="block font-semibold text-ink">{order.collectionStore.name}</span>
                {postalLines(order.collectionStore.address).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : null}
          </Section>
        </div>
      </div>
    </MemberShell>
  )
}
