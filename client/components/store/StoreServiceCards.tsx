import type { OpeningHours, StoreDetails } from '../../../schemas/stores.ts'
import { weekdayNamesIn } from '../../../schemas/weekdays.ts'
import { distanceLabel, minimumSpendLabel } from '../../lib/format.ts'
import { ClockIcon, StoreIcon, TruckIcon } from '../icons.tsx'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const HOURS_KINDS = [
  { key: 'store', title: MESSAGES.pageStoreOpeningHours },
  { key: 'delivery', title: MESSAGES.pageDeliveryHours },
  { key: 'collection', title: MESSAGES.pageCollectionHours },
] as const

const CARD_CLASS = 'rounded-2xl border border-black/10 bg-white p-6 shadow-sm'
const CARD_TITLE_CLASS = 'flex items-center gap-2 text-lg font-bold'

/**
 * The store's service cards: delivery terms and click & collect where offered, then each kind
 * of opening hours it has (delivery and collection hours only where those are offered).
 */
export function StoreServiceCards({ store }: { store: StoreDetails }) {
  const text = useText()
  const days = weekdayNamesIn(useShopLocale().locale)
  const hourKinds = HOURS_KINDS.filter(
    ({ key }) => store.openingHours[key].length > 0 && (key === 'store' || store[key].enabled)
  )
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {store.delivery.enabled ? <DeliveryCard store={store} /> : null}
      {store.collection.enabled ? (
        <section aria-labelledby="collection-title" className={CARD_CLASS}>
          <h2 id="collection-title" className={CARD_TITLE_CLASS}>
            <StoreIcon className="size-5 text-primary" /> {text(MESSAGES.pageClickAndCollect)}
          </h2>
          <p className="mt-4 text-sm text-ink/80">{text(MESSAGES.pageClickAndCollectHint)}</p>
        </section>
      ) : null}
      {hourKinds.map(({ key, title }) => (
        <section key={key} aria-labelledby={`hours-${key}`} className={CARD_CLASS}>
          <h2 id={`hours-${key}`} className={CARD_TITLE_CLASS}>
            <ClockIcon className="size-5 text-primary" /> {text(title)}
          </h2>
          <dl className="mt-4 space-y-1.5 text-sm">
            {hoursByDay(store.openingHours[key], days, text(MESSAGES.pageClosed)).map(
              ({ day, hours }) => (
                <Row key={day} term={day} value={hours} />
              )
            )}
          </dl>
        </section>
      ))}
    </div>
  )
}

function DeliveryCard({ store }: { store: StoreDetails }) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const text = useText()
  const { fee, minimumSpend, freeDeliveryThreshold, radiusKm } = store.delivery
  return (
    <section aria-labelledby="delivery-title" className={CARD_CLASS}>
      <h2 id="delivery-title" className={CARD_TITLE_CLASS}>
        <TruckIcon className="size-5 text-primary" /> {text(MESSAGES.pageDelivery)}
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <Row
          term={MESSAGES.pageDeliveryFee}
          value={fee === 0 ? text(MESSAGES.pageFree) : formatMoney(fee)}
        />
        <Row term={MESSAGES.pageMinimumSpend} value={minimumSpendLabel(minimumSpend, shop, text)} />
        {freeDeliveryThreshold !== null ? (
          <Row
            term={MESSAGES.pageFreeDelivery}
            value={text(MESSAGES.pageOnOrdersOf, formatMoney(freeDeliveryThreshold))}
          />
        ) : null}
        <Row
          term={MESSAGES.pageServiceFee}
          value={store.serviceFee > 0 ? formatMoney(store.serviceFee) : text(MESSAGES.pageNone)}
        />
        {radiusKm !== null ? (
          <Row
            term={MESSAGES.pageDeliversWithin}
            value={distanceLabel(radiusKm, store.address.country, shop, text)}
          />
        ) : null}
      </dl>
    </section>
  )
}

function hoursByDay(
  hours: Array<OpeningHours>,
  days: ReadonlyArray<string>,
  closed: string
): Array<{ day: string; hours: string }> {
  return days.map((day, index) => {
    const spans = hours
      .filter((entry) => entry.dayOfWeek === index)
      .sort((a, b) => a.opensAt.localeCompare(b.opensAt))
      .map((entry) => `${entry.opensAt}–${entry.closesAt}`)
    return { day, hours: spans.length > 0 ? spans.join(', ') : closed }
  })
}

function Row({ term, value }: { term: string; value: string }) {
  // A term is catalogue English (MESSAGES.x) or a day's name already in the shop's language.
  const text = useText()
  return (
    <div className="flex justify-between gap-4 border-b border-black/5 pb-1.5 last:border-0">
      <dt className="text-ink/75">{text(term)}</dt>
      <dd className="text-end font-semibold">{value}</dd>
    </div>
  )
}
