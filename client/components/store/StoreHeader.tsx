import type { ReactNode } from 'react'
import type { StoreDetails } from '../../../schemas/stores.ts'
import {
  daysInAdvanceLabel,
  feeLabel,
  freeDeliveryLabel,
  minimumSpendLabel,
  serviceFeeLabel,
} from '../../lib/format.ts'
import { routePath } from '../../lib/routes.ts'
import { StoreFrontIllustration } from '../catalogue/StoreFrontIllustration.tsx'
import { BagIcon, ClockIcon, CloseIcon, PinIcon, StoreIcon, TruckIcon } from '../icons.tsx'
import { StoreAvailabilityBadge } from '../StoreAvailabilityBadge.tsx'
import { StoreRatingLine } from './StoreRatingLine.tsx'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PageTexts, useCount, useText } from '../../lib/page-text.ts'
import { fillMessage } from '../../../schemas/message-format.ts'

/** Where "Change store" goes: the home page's search, past the last-ordered-store redirect. */
export const CHANGE_STORE_PATH = routePath('index', undefined, { changeStore: '1' })

/**
 * The store page's header: breadcrumb, name and address, availability, the ways to get an
 * order, and the store's picture.
 */
export function StoreHeader({
  store,
  addressLines,
}: {
  store: StoreDetails
  addressLines: Array<string>
}) {
  const text = useText()
  return (
    <div className="bg-tint">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 sm:px-6 sm:py-12 md:grid-cols-[1fr_auto]">
        <div>
          <StoreBreadcrumb storeName={store.name} />
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-on-primary">
              <StoreIcon className="size-7" />
            </span>
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{store.name}</h1>
              {addressLines.length > 0 ? (
                <p className="mt-1 flex items-center gap-1.5 text-ink/80">
                  <PinIcon className="size-4 shrink-0" />
                  {addressLines.join(', ')}
                </p>
              ) : null}
              <StoreRatingLine rating={store.rating} className="mt-1" />
            </div>
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
            <StoreAvailabilityBadge availability={store.availability} timeZone={store.timeZone} />
            <a
              href={CHANGE_STORE_PATH}
              className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4 hover:no-underline"
            >
              {text(MESSAGES.pageChangeStore)}
            </a>
          </div>
          <FulfilmentLines store={store} />
        </div>
        {store.imageUrl ? (
          <img
            src={store.imageUrl}
            alt=""
            width={320}
            height={180}
            className="hidden aspect-video w-80 rounded-2xl object-cover shadow-md ring-1 ring-black/10 md:block"
          />
        ) : (
          <StoreFrontIllustration className="hidden aspect-video h-auto w-80 rounded-2xl shadow-md ring-1 ring-black/10 md:block" />
        )}
      </div>
    </div>
  )
}

function StoreBreadcrumb({ storeName }: { storeName: string }) {
  const text = useText()
  return (
    <nav aria-label={text(MESSAGES.pageBreadcrumb)} className="text-sm">
      <ol className="flex flex-wrap gap-1 text-ink/75">
        <li>
          <a href={routePath('index')} className="underline-offset-4 hover:underline">
            {text(MESSAGES.pageHome)}
          </a>
          <span aria-hidden="true"> / </span>
        </li>
        <li>
          <a href={routePath('store-all')} className="underline-offset-4 hover:underline">
            {text(MESSAGES.pageStores)}
          </a>
          <span aria-hidden="true"> / </span>
        </li>
        <li aria-current="page" className="font-semibold text-ink">
          {storeName}
        </li>
      </ol>
    </nav>
  )
}

/** Delivery and collection, each offered or not, and the service fee and booking window. */
function FulfilmentLines({ store }: { store: StoreDetails }) {
  const shop = useShopLocale()
  const text = useText()
  const count = useCount()
  const serviceFee = serviceFeeLabel(store.serviceFee, shop, text)
  const daysInAdvance = daysInAdvanceLabel(store.daysInAdvance, text, count)
  return (
    <ul aria-label={text(MESSAGES.pageWaysToGetOrder)} className="mt-4 space-y-2 text-sm">
      <FulfilmentLine
        on={store.delivery.enabled && (store.atLocation?.deliveryAvailable ?? true)}
        Icon={TruckIcon}
      >
        {deliveryText(store, shop, text)}
      </FulfilmentLine>
      <FulfilmentLine on={store.collection.enabled} Icon={StoreIcon}>
        {collectionText(store, shop, text)}
      </FulfilmentLine>
      {serviceFee ? (
        <FulfilmentLine on Icon={BagIcon}>
          {serviceFee}
        </FulfilmentLine>
      ) : null}
      {daysInAdvance ? (
        <FulfilmentLine on Icon={ClockIcon}>
          {daysInAdvance}
        </FulfilmentLine>
      ) : null}
    </ul>
  )
}

/** The delivery line: to the saved postcode when the shopper has searched, else in general. */
function deliveryText(
  store: StoreDetails,
  shop: ShopLocale = GB_LOCALE,
  say: PageTexts['say'] = fillMessage
): string {
  if (!store.delivery.enabled) return say(MESSAGES.pageNoDelivery)
  const at = store.atLocation
  if (at?.postcode && !at.deliveryAvailable) return say(MESSAGES.pageDoesntDeliverTo, at.postcode)
  const fee = at ? at.deliveryFee : store.delivery.fee
  const minimum = at ? at.minimumSpend : store.delivery.minimumSpend
  const free = freeDeliveryLabel(store.delivery.freeDeliveryThreshold, shop, say)
  const terms = [feeLabel(fee, 'delivery', shop, say), minimumSpendLabel(minimum, shop, say), free]
    .filter(Boolean)
    .join(' · ')
  return at?.postcode ? `${say(MESSAGES.pageDeliversToNamed, at.postcode)} · ${terms}` : terms
}

function collectionText(
  store: StoreDetails,
  shop: ShopLocale = GB_LOCALE,
  say: PageTexts['say'] = fillMessage
): string {
  const { enabled, fee, minimumSpend } = store.collection
  if (!enabled) return say(MESSAGES.pageNoCollection)
  return fee > 0 || minimumSpend > 0
    ? `${say(MESSAGES.pageCollection)} · ${feeLabel(fee, 'collection', shop, say)} · ${minimumSpendLabel(minimumSpend, shop, say)}`
    : say(MESSAGES.pageCollection)
}

function FulfilmentLine({
  on,
  Icon,
  children,
}: {
  on: boolean
  Icon: typeof TruckIcon
  children: ReactNode
}) {
  return (
    <li className="flex items-center gap-2">
      <span
        className={`flex size-7 shrink-0 items-center justify-center rounded-full ${on ? 'bg-primary text-on-primary' : 'bg-white text-ink/60 ring-1 ring-black/10'}`}
      >
        {on ? <Icon className="size-4" /> : <CloseIcon className="size-4" />}
      </span>
      <span className={on ? 'font-semibold' : 'text-ink/75'}>{children}</span>
    </li>
  )
}
