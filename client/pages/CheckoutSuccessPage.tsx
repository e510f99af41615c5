import type { OrderSummary } from '../../schemas/checkout.ts'
import { FormAlert } from '../components/forms/Form.tsx'
import { CheckoutCard, CheckoutFrame, StepLink } from '../components/checkout/CheckoutFrame.tsx'
import {
  OrderLines,
  OrderTotalsList,
  orderSummaryLines,
} from '../components/checkout/OrderLines.tsx'
import { CheckIcon } from '../components/icons.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { paidWithLabel, postalLines } from '../lib/order-display.ts'
import { dayMonth, slotTimeRange, weekdayShort } from '../lib/slots.ts'
import { TRACKING_OFFERED_STATUSES, trackingPath } from '../../schemas/tracking.ts'
import { displayPhone } from '../../schemas/phone.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { fillMessage } from '../../schemas/message-format.ts'
import { useText, type PageTexts } from '../lib/page-text.ts'

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
export function orderSlotLabel(
  order: OrderSummary,
  shop: ShopLocale = GB_LOCALE,
  say: PageTexts['say'] = fillMessage
): string | null {
  if (!order.slotDate) return null
  if (order.fulfilmentTiming === 'asap' || !order.slotStartsAt) {
    return order.slotStartsAt
      ? say(MESSAGES.pageAsapAbout, order.slotStartsAt)
      : say(MESSAGES.pageAsap)
  }
  const day = `${weekdayShort(order.slotDate, shop)} ${dayMonth(order.slotDate, shop)}`
  const range = slotTimeRange({
    timeSlotTime: order.slotStartsAt,
    endTime: order.slotEndsAt ?? order.slotStartsAt,
  })
  return `${day}, ${range}`
}

/** An address as separate lines (a <br> between them, so a screen reader pauses). */
function AddressText({ lines }: { lines: ReadonlyArray<string> }) {
  return (
    <address className="not-italic">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  )
}

/**
 * The order confirmation (spec §2 success step): order number, when and where (the store's
 * address for collection, the delivery address), how it was paid, lines and totals.
 */
export function CheckoutSuccessPage({
  chrome,
  order,
  error,
  continueHref,
}: CheckoutSuccessPageProps) {
  const shop = useShopLocale()
  const text = useText()
  const shopCountry = shop.countryCode
  const slot = order ? orderSlotLabel(order, shop, text) : null
  const collection = order?.fulfilmentMethod === 'collection'
  const where = !order
    ? []
    : collection
      ? [order.storeName, ...(order.storeAddress ? postalLines(order.storeAddress) : [])]
      : order.deliveryAddress
        ? postalLines(order.deliveryAddress)
        : []
  const paidWithEnglish = order
    ? paidWithLabel(order.paidWith, order.fulfilmentMethod, order.totals)
    : null
  // 'Card', 'Cash': catalogue English; a card's brand and digits are said as they are.
  const paidWith = paidWithEnglish === null ? null : text(paidWithEnglish)
  const tracked =
    order !== null &&
    !error &&
    (TRACKING_OFFERED_STATUSES as ReadonlyArray<string>).includes(order.status)
  // Beside the details on a wide screen, as on the payment step; below them on a phone.
  const summaryCard = order ? (
    <CheckoutCard title={MESSAGES.pageOrderSummary} titleId="order-summary-title">
      <OrderLines lines={orderSummaryLines(order)} />
      <div className="mt-3 border-t border-black/10 pt-3">
        <OrderTotalsList order={order} />
      </div>
    </CheckoutCard>
  ) : undefined
  return (
    <Layout chrome={chrome}>
      <CheckoutFrame
        title={order && !error ? MESSAGES.pageThankYou : MESSAGES.pageYourOrder}
        progress="done"
        aside={summaryCard}
      >
        <FormAlert id="success-error" message={error ?? undefined} />
        {order ? (
          <>
            <CheckoutCard>
              {error ? null : (
                <p className="mb-3 flex items-center gap-2 font-semibold text-green-800">
                  <CheckIcon className="size-6" />
                  {text(MESSAGES.pageSentToStore, order.storeName)}
                </p>
              )}
              <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
                <dt className="font-semibold">{text(MESSAGES.pageOrderNumber)}</dt>
                <dd className="text-xl font-extrabold tabular-nums">{order.businessOrderId}</dd>
                <dt className="font-semibold">
                  {text(collection ? MESSAGES.pageReadyForCollection : MESSAGES.pageDelivery)}
                </dt>
                <dd>{slot ?? text(MESSAGES.pageToBeConfirmed)}</dd>
                {where.length > 0 ? (
                  <>
                    <dt className="font-semibold">
                      {text(collection ? MESSAGES.pageCollectFrom : MESSAGES.pageDeliveringTo)}
                    </dt>
                    <dd>
                      <AddressText lines={where} />
                    </dd>
                  </>
                ) : null}
                {paidWith ? (
                  <>
                    <dt className="font-semibold">{text(MESSAGES.pagePayment)}</dt>
                    <dd>{paidWith}</dd>
                  </>
                ) : null}
                {order.contact.email ? (
                  <>
                    <dt className="font-semibold">{text(MESSAGES.pageConfirmationSentTo)}</dt>
                    <dd className="[overflow-wrap:anywhere]">{order.contact.email}</dd>
                  </>
                ) : null}
                {order.contact.phoneNumber ? (
                  <>
                    <dt className="font-semibold">{text(MESSAGES.pageOrderTextsTo)}</dt>
                    <dd className="tabular-nums">
                      {displayPhone(order.contact.phoneNumber, shopCountry)}
                    </dd>
                  </>
                ) : null}
              </dl>
            </CheckoutCard>
          </>
        ) : null}
        {/* The ways on, side by side: follow the order, or shop again. */}
        <div className="flex flex-wrap gap-3">
          {tracked ? (
            <StepLink href={trackingPath(order.businessOrderId)}>
              {text(MESSAGES.pageTrackYourOrder)}
            </StepLink>
          ) : null}
          <StepLink href={continueHref} variant={tracked ? 'secondary' : 'primary'}>
            {text(MESSAGES.pageContinueShopping)}
          </StepLink>
        </div>
      </CheckoutFrame>
    </Layout>
  )
}
