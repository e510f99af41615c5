import type { InterestState } from '../lib/store-interest.ts'
import { StoreAvailabilityBadge } from '../components/StoreAvailabilityBadge.tsx'
import type { StoreSummary } from '../../schemas/stores.ts'
import {
  ArrowRightIcon,
  BagIcon,
  CheckIcon,
  ClockIcon,
  CloseIcon,
  MailIcon,
  PinIcon,
  StoreIcon,
  TruckIcon,
} from '../components/icons.tsx'
import { island } from '../components/Island.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { StoreSearch } from '../components/StoreSearch.tsx'
import type { StoreSearchBoxProps } from '../lib/store-search.ts'
import { InterestForm } from '../islands/InterestForm.tsx'
import {
  daysInAdvanceLabel,
  distanceLabel,
  feeLabel,
  freeDeliveryLabel,
  minimumSpendLabel,
  serviceFeeLabel,
} from '../lib/format.ts'
import { routePath } from '../lib/routes.ts'
import { StoreRatingLine } from '../components/store/StoreRatingLine.tsx'
import { useShopLocale } from '../lib/shop-locale.ts'
import { useCount, useText } from '../lib/page-text.ts'
import { MESSAGES } from '../../schemas/messages.ts'

export interface StoresNearByPageProps {
  chrome: PageChrome
  /** The searched postcode, normalised. */
  postcode: string
  /** Nearest first. */
  stores: Array<StoreSummary>
  search: StoreSearchBoxProps
  interest: InterestState
}

// What it says only after a press: the wait, and the confirmation.
const InterestFormIsland = island('InterestForm', InterestForm, {
  hydrate: 'visible',
  texts: [MESSAGES.pageSending, MESSAGES.interestRegistered],
})

/** The store results page (route stores-near-by): the stores near a postcode, nearest first. */
export function StoresNearByPage({
  chrome,
  postcode,
  stores,
  search,
  interest,
}: StoresNearByPageProps) {
  const text = useText()
  const count = useCount()
  return (
    <Layout chrome={chrome} interactive>
      <div className="bg-tint">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[1fr_minmax(0,26rem)] md:items-center md:py-10">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
              {text(MESSAGES.pageStoresNear, postcode)}
            </h1>
            <p className="mt-2 text-ink/80">
              {stores.length === 0
                ? text(MESSAGES.pageSearchAgainOrEmail)
                : text(MESSAGES.pageStoresNearestFirst, count('stores', stores.length))}
            </p>
          </div>
          <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-5">
            <StoreSearch
              {...search}
              label={search.label ?? text(MESSAGES.pageSearchSomewhereElse)}
            />
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        {stores.length > 0 ? (
          <ol
            aria-label={text(MESSAGES.pageStoresNear, postcode)}
            className="grid gap-4 md:grid-cols-2"
          >
            {stores.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} postcode={postcode} />
              </li>
            ))}
          </ol>
        ) : (
          <section
            aria-labelledby="no-stores-title"
            className="mx-auto max-w-2xl rounded-2xl border border-black/10 bg-white p-6 shadow-sm sm:p-8"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-tint text-primary">
              <MailIcon className="size-6" />
            </span>
            <h2 id="no-stores-title" className="mt-4 text-xl font-bold">
              {text(MESSAGES.noStoresNear, postcode)}
            </h2>
            <p className="mt-2 mb-5 text-ink/80">
              {text(MESSAGES.pageSearchAgainEmailBody, postcode)}
            </p>
            <InterestFormIsland
              postcode={postcode}
              initialStatus={interest.status}
              initialEmail={interest.email}
              initialMessage={interest.message}
            />
          </section>
        )}
      </div>
    </Layout>
  )
}

/** One store of the results: where it is, whether it is open and how it can fulfil an order. */
export function StoreCard({ store, postcode }: { store: StoreSummary; postcode: string }) {
  const shop = useShopLocale()
  const text = useText()
  const count = useCount()
  const { address, delivery, collection, availability } = store
  const nameId = `store-${store.id}-name`
  const advance = daysInAdvanceLabel(store.daysInAdvance, text, count)
  const freeDelivery = freeDeliveryLabel(delivery.freeDeliveryThreshold, shop, text)
  const serviceFee = serviceFeeLabel(store.serviceFee, shop, text)
  const where = [address.addressLine1, address.town, address.postcode].filter(Boolean).join(', ')
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-tint text-primary sm:flex">
          <StoreIcon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="text-lg leading-snug font-bold">
            {store.name}
          </h2>
          <p className="mt-0.5 flex items-start gap-1.5 text-sm text-ink/80">
            <PinIcon className="mt-0.5 size-4 shrink-0" />
            <span>{where}</span>
          </p>
          <StoreRatingLine rating={store.rating} className="mt-1" />
        </div>
        <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-ink/80">
          {distanceLabel(store.distanceKm, address.country, shop, text)}
        </p>
      </div>

      <StoreAvailabilityBadge
        availability={availability}
        timeZone={store.timeZone}
        className="mt-4 w-fit"
      />

      <ul className="mt-4 space-y-2 text-sm">
        <li className="flex items-start gap-2">
          <TruckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
          {!delivery.enabled ? (
            <span className="text-ink/75">{text(MESSAGES.pageNoDelivery)}</span>
          ) : delivery.availableToLocation ? (
            <span>
              <span className="font-semibold">{text(MESSAGES.pageDeliversToNamed, postcode)}</span>
              <span className="text-ink/80">
                {' · '}
                {feeLabel(delivery.fee, 'delivery', shop, text)}
                {' · '}
                {minimumSpendLabel(delivery.minimumSpend, shop, text)}
                {freeDelivery ? ` · ${freeDelivery}` : null}
              </span>
            </span>
          ) : (
            <span className="text-ink/75">{text(MESSAGES.pageDoesntDeliverTo, postcode)}</span>
          )}
        </li>
        <li className="flex items-start gap-2">
          {collection.enabled ? (
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
          ) : (
            <CloseIcon className="mt-0.5 size-5 shrink-0 text-ink/60" />
          )}
          {collection.enabled ? (
            <span>
              <span className="font-semibold">{text(MESSAGES.pageCollection)}</span>
              {collection.fee > 0 || collection.minimumSpend > 0 ? (
                <span className="text-ink/80">
                  {' · '}
                  {feeLabel(collection.fee, 'collection', shop, text)}
                  {' · '}
                  {minimumSpendLabel(collection.minimumSpend, shop, text)}
                </span>
              ) : null}
            </span>
          ) : (
            <span className="text-ink/75">{text(MESSAGES.pageNoCollection)}</span>
          )}
        </li>
        {serviceFee ? (
          <li className="flex items-start gap-2">
            <BagIcon className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{serviceFee}</span>
          </li>
        ) : null}
        {advance ? (
          <li className="flex items-start gap-2">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{advance}</span>
          </li>
        ) : null}
      </ul>

      <div className="mt-auto pt-5">
        <a
          href={routePath('stores-storeSlug', { storeSlug: store.slug })}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 sm:w-auto"
        >
          {text(MESSAGES.pageShopAtThisStore)}
          <span className="sr-only">: {store.name}</span>
          <ArrowRightIcon className="size-5" />
        </a>
      </div>
    </article>
  )
}
