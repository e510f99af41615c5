import { StoreAvailabilityBadge } from '../components/StoreAvailabilityBadge.tsx'
import { StoreFrontIllustration } from '../components/catalogue/StoreFrontIllustration.tsx'
import { postalLines } from '../lib/order-display.ts'
import type { ReactNode } from 'react'
import type { Banner, CategoryNode, DealSummary, MenuItemSummary } from '../../schemas/catalogue.ts'
import type { OpeningHours, StoreDetails } from '../../schemas/stores.ts'
import {
  BagIcon,
  ClockIcon,
  CloseIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  StoreIcon,
  TruckIcon,
} from '../components/icons.tsx'
import { CategoryTiles } from '../components/catalogue/CategoryTiles.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { BannerStrip, DealList } from '../components/catalogue/Promotions.tsx'
import { StoreBar } from '../components/catalogue/StoreBar.tsx'
import { Layout, type PageChrome } from '../components/Layout.tsx'
import {
  daysInAdvanceLabel,
  distanceLabel,
  feeLabel,
  freeDeliveryLabel,
  minimumSpendLabel,
  serviceFeeLabel,
} from '../lib/format.ts'
import { formatMoney } from '../../schemas/money.ts'
import { routePath } from '../lib/routes.ts'

/** What the store home shows of the store's catalogue. */
export interface StoreCatalogue {
  categories: ReadonlyArray<CategoryNode>
  banners: ReadonlyArray<Banner>
  deals: ReadonlyArray<DealSummary>
  recommended: ReadonlyArray<MenuItemSummary>
}

export interface StorePageProps {
  chrome: PageChrome
  store: StoreDetails
  /** Absent: the store's details only. */
  catalogue?: StoreCatalogue
}

/** Where "Change store" goes: the home page's search, past the last-ordered-store redirect. */
export const CHANGE_STORE_PATH = routePath('index', undefined, { changeStore: '1' })

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const HOURS_KINDS = [
  { key: 'store', title: 'Store opening hours' },
  { key: 'delivery', title: 'Delivery hours' },
  { key: 'collection', title: 'Collection hours' },
] as const

/** The lines of a store's postal address, without empty parts. */
export function addressLines(store: StoreDetails): Array<string> {
  return postalLines(store.address)
}

function hoursByDay(hours: Array<OpeningHours>): Array<{ day: string; text: string }> {
  return DAYS.map((day, index) => {
    const spans = hours
      .filter((entry) => entry.dayOfWeek === index)
      .sort((a, b) => a.opensAt.localeCompare(b.opensAt))
      .map((entry) => `${entry.opensAt}–${entry.closesAt}`)
    return { day, text: spans.length > 0 ? spans.join(', ') : 'Closed' }
  })
}

/** A store's own page: name, address, opening hours and how it fulfils orders. */
export function StorePage({ chrome, store, catalogue }: StorePageProps) {
  const lines = addressLines(store)
  const hourKinds = HOURS_KINDS.filter(
    ({ key }) => store.openingHours[key].length > 0 && (key === 'store' || store[key].enabled)
  )
  const payments = [
    store.payments.card ? 'Card' : null,
    store.payments.applePay ? 'Apple Pay' : null,
    store.payments.googlePay ? 'Google Pay' : null,
    store.payments.cash ? 'Cash' : null,
  ].filter((method): method is string => method !== null)
  return (
    <Layout chrome={chrome} interactive={(catalogue?.recommended.length ?? 0) > 0}>
      {catalogue ? <StoreBar store={store} /> : null}
      <div className="bg-tint">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 sm:px-6 sm:py-12 md:grid-cols-[1fr_auto]">
          <div>
            <nav aria-label="Breadcrumb" className="text-sm">
              <ol className="flex flex-wrap gap-1 text-ink/75">
                <li>
                  <a href={routePath('index')} className="underline-offset-4 hover:underline">
                    Home
                  </a>
                  <span aria-hidden="true"> / </span>
                </li>
                <li>
                  <a href={routePath('store-all')} className="underline-offset-4 hover:underline">
                    Stores
                  </a>
                  <span aria-hidden="true"> / </span>
                </li>
                <li aria-current="page" className="font-semibold text-ink">
                  {store.name}
                </li>
              </ol>
            </nav>
            <div className="mt-4 flex flex-wrap items-center gap-4">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-on-primary">
                <StoreIcon className="size-7" />
              </span>
              <div>
                <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{store.name}</h1>
                {lines.length > 0 ? (
                  <p className="mt-1 flex items-center gap-1.5 text-ink/80">
                    <PinIcon className="size-4 shrink-0" />
                    {lines.join(', ')}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
              <StoreAvailabilityBadge availability={store.availability} timeZone={store.timeZone} />
              <a
                href={CHANGE_STORE_PATH}
                className="inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4 hover:no-underline"
              >
                Change store
              </a>
            </div>
            <ul aria-label="Ways to get your order" className="mt-4 space-y-2 text-sm">
              <FulfilmentLine
                on={store.delivery.enabled && (store.atLocation?.deliveryAvailable ?? true)}
                Icon={TruckIcon}
              >
                {deliveryText(store)}
              </FulfilmentLine>
              <FulfilmentLine on={store.collection.enabled} Icon={StoreIcon}>
                {store.collection.enabled
                  ? store.collection.fee > 0 || store.collection.minimumSpend > 0
                    ? `Collection · ${feeLabel(store.collection.fee, 'collection')} · ${minimumSpendLabel(store.collection.minimumSpend)}`
                    : 'Collection'
                  : 'No collection'}
              </FulfilmentLine>
              {serviceFeeLabel(store.serviceFee) ? (
                <FulfilmentLine on Icon={BagIcon}>
                  {serviceFeeLabel(store.serviceFee)}
                </FulfilmentLine>
              ) : null}
              {daysInAdvanceLabel(store.daysInAdvance) ? (
                <FulfilmentLine on Icon={ClockIcon}>
                  {daysInAdvanceLabel(store.daysInAdvance)}
                </FulfilmentLine>
              ) : null}
            </ul>
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

      {catalogue ? <CatalogueSections store={store} catalogue={catalogue} /> : null}

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-6 md:grid-cols-2">
          {store.delivery.enabled ? (
            <section
              aria-labelledby="delivery-title"
              className="rounded-2xl border border-black/10 bg-white p-6 shadow-sm"
            >
              <h2 id="delivery-title" className="flex items-center gap-2 text-lg font-bold">
                <TruckIcon className="size-5 text-primary" /> Delivery
              </h2>
              <dl className="mt-4 space-y-2 text-sm">
                <Row
                  term="Delivery fee"
                  value={store.delivery.fee === 0 ? 'Free' : formatMoney(store.delivery.fee)}
                />
                <Row term="Minimum spend" value={minimumSpendLabel(store.delivery.minimumSpend)} />
                {store.delivery.freeDeliveryThreshold !== null ? (
                  <Row
                    term="Free delivery"
                    value={`On orders of ${formatMoney(store.delivery.freeDeliveryThreshold)} or more`}
                  />
                ) : null}
                <Row
                  term="Service fee"
                  value={store.serviceFee > 0 ? formatMoney(store.serviceFee) : 'None'}
                />
                {store.delivery.radiusKm !== null ? (
                  <Row
                    term="Delivers within"
                    value={distanceLabel(store.delivery.radiusKm, store.address.country)}
                  />
                ) : null}
              </dl>
            </section>
          ) : null}
          {store.collection.enabled ? (
            <section
              aria-labelledby="collection-title"
              className="rounded-2xl border border-black/10 bg-white p-6 shadow-sm"
            >
              <h2 id="collection-title" className="flex items-center gap-2 text-lg font-bold">
                <StoreIcon className="size-5 text-primary" /> Click &amp; collect
              </h2>
              <p className="mt-4 text-sm text-ink/80">
                Order online and pick up your shopping from the store at a time that suits you.
              </p>
            </section>
          ) : null}
          {hourKinds.map(({ key, title }) => (
            <section
              key={key}
              aria-labelledby={`hours-${key}`}
              className="rounded-2xl border border-black/10 bg-white p-6 shadow-sm"
            >
              <h2 id={`hours-${key}`} className="flex items-center gap-2 text-lg font-bold">
                <ClockIcon className="size-5 text-primary" /> {title}
              </h2>
              <dl className="mt-4 space-y-1.5 text-sm">
                {hoursByDay(store.openingHours[key]).map(({ day, text }) => (
                  <Row key={day} term={day} value={text} />
                ))}
              </dl>
            </section>
          ))}
        </div>
        <aside
          aria-labelledby="contact-title"
          className="h-fit rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/10"
        >
          <h2 id="contact-title" className="text-lg font-bold">
            Contact the store
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {lines.length > 0 ? (
              <li className="flex gap-2">
                <PinIcon className="size-5 shrink-0 text-primary" />
                <address className="not-italic">
                  {lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </li>
            ) : null}
            {store.phone ? (
              <li className="flex items-center gap-2">
                <PhoneIcon className="size-5 shrink-0 text-primary" />
                <a
                  href={`tel:${store.phone.replace(/\s+/g, '')}`}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  {store.phone}
                </a>
              </li>
            ) : null}
            {store.email ? (
              <li className="flex items-center gap-2">
                <MailIcon className="size-5 shrink-0 text-primary" />
                <a
                  href={`mailto:${store.email}`}
                  className="font-semibold break-all underline-offset-4 hover:underline"
                >
                  {store.email}
                </a>
              </li>
            ) : null}
          </ul>
          {payments.length > 0 ? (
            <>
              <h3 className="mt-6 text-sm font-bold">Payment accepted</h3>
              <p className="mt-1 text-sm text-ink/80">{payments.join(' · ')}</p>
            </>
          ) : null}
        </aside>
      </div>
    </Layout>
  )
}

/** Banners, deals, the department grid and recommended items, above the store's details. */
function CatalogueSections({
  store,
  catalogue,
}: {
  store: StoreDetails
  catalogue: StoreCatalogue
}) {
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 pt-8 sm:px-6">
      <BannerStrip storeSlug={store.slug} banners={catalogue.banners} />
      {catalogue.deals.length > 0 ? (
        <section aria-labelledby="deals-title">
          <h2 id="deals-title" className="mb-3 text-2xl font-bold">
            Deals
          </h2>
          <DealList storeSlug={store.slug} deals={catalogue.deals} label="Deals at this store" />
        </section>
      ) : null}
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="mb-3 text-2xl font-bold">
          Shop by department
        </h2>
        {catalogue.categories.length > 0 ? (
          <CategoryTiles
            storeSlug={store.slug}
            categories={catalogue.categories}
            label="Departments"
          />
        ) : (
          <p className="text-ink/80">This store has nothing to order online right now.</p>
        )}
      </section>
      {catalogue.recommended.length > 0 ? (
        <section aria-labelledby="recommended-title">
          <h2 id="recommended-title" className="mb-3 text-2xl font-bold">
            Recommended for you
          </h2>
          <ItemGrid
            storeId={store.id}
            storeSlug={store.slug}
            items={catalogue.recommended}
            label="Recommended items"
            eagerCount={0}
          />
        </section>
      ) : null}
    </div>
  )
}

/** The delivery line: to the saved postcode when the shopper has searched, else in general. */
function deliveryText(store: StoreDetails): string {
  if (!store.delivery.enabled) return 'No delivery'
  const at = store.atLocation
  if (at?.postcode && !at.deliveryAvailable) return `Doesn't deliver to ${at.postcode}`
  const fee = at ? at.deliveryFee : store.delivery.fee
  const minimum = at ? at.minimumSpend : store.delivery.minimumSpend
  const free = freeDeliveryLabel(store.delivery.freeDeliveryThreshold)
  const terms = [feeLabel(fee, 'delivery'), minimumSpendLabel(minimum), free]
    .filter(Boolean)
    .join(' · ')
  return at?.postcode ? `Delivers to ${at.postcode} · ${terms}` : terms
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

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-black/5 pb-1.5 last:border-0">
      <dt className="text-ink/75">{term}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  )
}
