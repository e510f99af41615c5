import type { OrderSummary } from '../../schemas/checkout.ts'
import { FormAlert } from '../components/auth/AuthForm.tsx'
import { CheckoutCard, CheckoutFrame, StepLink } from '../components/checkout/CheckoutFrame.tsx'
import {
  OrderLines,
  OrderTotalsList,
  orderSummaryLines,
} from '../components/checkout/OrderLines.tsx'
import { CheckIcon } from '../components/icons.tsx'
import { Layout, type PageChrome } from '../components/Layout.tsx'
import { dayMonth, slotTimeRange, weekdayShort } from '../lib/slots.ts'

export interface CheckoutSuccessPageProps {
  chrome: PageChrome
  order: OrderSummary | null
  /** Why the order cannot be shown, or a payment still being processed. */
  error: string | null
  continueHref: string
}

/**
 * The order's slot as frozen on it (store-local date and HH:mm times): 'Mon 23 Nov, 09:00–10:00',
 * or 'ASAP'. Null without a slot.
 */
export function orderSlotLabel(order: OrderSummary): string | null {
  if (!order.slotDate) return null
  if (order.fulfilmentTiming === 'asap' || !order.slotStartsAt) {
    return order.slotStartsAt ? `ASAP (about ${order.slotStartsAt})` : 'ASAP'
  }
  const day = `${weekdayShort(order.slotDate)} ${dayMonth(order.slotDate)}`
  const range = slotTimeRange({
    timeSlotTime: order.slotStartsAt,
    endTime: order.slotEndsAt ?? order.slotStartsAt,
  })
  return `${day}, ${range}`
}

/** The order confirmation: order number, slot, lines and totals (spec §2 success step). */
export function CheckoutSuccessPage({
  chrome,
  order,
  error,
  continueHref,
}: CheckoutSuccessPageProps) {
  const slot = order ? orderSlotLabel(order) : null
  return (
    <Layout chrome={chrome}>
      <CheckoutFrame
        title={order && !error ? 'Thank you for your order' : 'Your order'}
        progress="done"
      >
        <FormAlert id="success-error" message={error ?? undefined} />
        {order ? (
          <>
            <CheckoutCard>
              {error ? null : (
                <p className="mb-3 flex items-center gap-2 font-semibold text-green-800">
                  <CheckIcon className="size-6" />
                  Your order has been sent to {order.storeName}.
                </p>
              )}
              <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
                <dt className="font-semibold">Order number</dt>
                <dd className="text-xl font-extrabold tabular-nums">{order.businessOrderId}</dd>
                <dt className="font-semibold">
                  {order.fulfilmentMethod === 'delivery' ? 'Delivery' : 'Collection'}
                </dt>
                <dd>{slot ?? 'To be confirmed'}</dd>
                {order.contact.email ? (
                  <>
                    <dt className="font-semibold">Confirmation sent to</dt>
                    <dd className="[overflow-wrap:anywhere]">{order.contact.email}</dd>
                  </>
                ) : null}
              </dl>
            </CheckoutCard>
            <CheckoutCard title="Order summary" titleId="order-summary-title">
              <OrderLines lines={orderSummaryLines(order)} />
              <div className="mt-3 border-t border-black/10 pt-3">
                <OrderTotalsList order={order} />
              </div>
            </CheckoutCard>
          </>
        ) : null}
        <div>
          <StepLink href={continueHref}>Continue shopping</StepLink>
        </div>
      </CheckoutFrame>
    </Layout>
  )
}
