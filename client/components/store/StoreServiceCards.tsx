import type { OpeningHours, StoreDetails } from '../../../schemas/stores.ts'
import { WEEKDAY_NAMES } from '../../../schemas/weekdays.ts'
import { distanceLabel, minimumSpendLabel } from '../../lib/format.ts'
import { ClockIcon, StoreIcon, TruckIcon } from '../icons.tsx'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'

const DAYS = WEEKDAY_NAMES

const HOURS_KINDS = [
  { key: 'store', title: 'Store opening hours' },
  { key: 'delivery', title: 'Delivery hours' },
  { key: 'collection', title: 'Collection hours' },
] as const

const CARD_CLASS = 'rounded-2xl border border-black/10 bg-white p-6 shadow-sm'
const CARD_TITLE_CLASS = 'flex items-center gap-2 text-lg font-bold'

/**
 * The store's service cards: delivery terms and click & collect where offered, then each kind
 * of opening hours it has (delivery and collection hours only where those are offered).
 */
export function StoreServiceCards({ store }: { store: StoreDetails }) {
  const hourKinds = HOURS_KINDS.filter(
    ({ key }) => store.openingHours[key].length > 0 && (key === 'store' || store[key].enabled)
  )
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {store.delivery.enabled ? <DeliveryCard store={store} /> : null}
      {store.collection.enabled ? (
        <section aria-labelledby="collection-title" className={CARD_CLASS}>
          <h2 id="collection-title" className={CARD_TITLE_CLASS}>
            <StoreIcon className="size-5 text-primary" /> Click &amp; collect
          </h2>
          <p className="mt-4 text-sm text-ink/80">
            Order online and pick up your shopping from the store at a time that suits you.
          </p>
        </section>
      ) : null}
      {hourKinds.map(({ key, title }) => (
        <section key={key} aria-labelledby={`hours-${key}`} className={CARD_CLASS}>
          <h2 id={`hours-${key}`} className={CARD_TITLE_CLASS}>
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
  )
}

function DeliveryCard({ store }: { store: StoreDetails }) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const { fee, minimumSpend, freeDeliveryThreshold, radiusKm } = store.delivery
  return (
    <section aria-labelledby="delivery-title" className={CARD_CLASS}>
      <h2 id="delivery-title" className={CARD_TITLE_CLASS}>
        <TruckIcon className="size-5 text-primary" /> Delivery
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <Row term="Delivery fee" value={fee === 0 ? 'Free' : formatMoney(fee)} />
        <Row term="Minimum spend" value={minimumSpendLabel(minimumSpend, shop)} />
        {freeDeliveryThreshold !== null ? (
          <Row
            term="Free delivery"
            value={`On orders of ${formatMoney(freeDeliveryThreshold)} or more`}
          />
        ) : null}
        <Row
          term="Service fee"
          value={store.serviceFee > 0 ? formatMoney(store.serviceFee) : 'None'}
        />
        {radiusKm !== null ? (
          <Row term="Delivers within" value={distanceLabel(radiusKm, store.address.country)} />
        ) : null}
      </dl>
    </section>
  )
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

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-black/5 pb-1.5 last:border-0">
      <dt className="text-ink/75">{term}</dt>
      <dd className="text-end font-semibold">{value}</dd>
    </div>
  )
}
