import type { Basket, BasketStore } from '../../../schemas/basket.ts'
import { SlotSummary } from './SlotSummary.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

type Method = Basket['fulfilmentMethod']

/**
 * Delivery or collection (the store's enabled methods; a choice when it offers both), the error of
 * changing it, and the basket's time slot.
 */
export function FulfilmentMethodSection({
  basket,
  store,
  serverTime,
  busy,
  error,
  onChoose,
}: {
  basket: Basket
  store: BasketStore
  serverTime: string
  busy: boolean
  error: string | null
  onChoose: (method: Method) => void
}) {
  const text = useText()
  const methods = (['delivery', 'collection'] as const).filter((method) =>
    method === 'delivery' ? store.deliveryEnabled : store.collectionEnabled
  )
  return (
    <section
      aria-labelledby="method-title"
      className="flex flex-col gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6"
    >
      <h2 id="method-title" className="font-bold">
        {text(MESSAGES.pageDeliveryOrCollection)}
      </h2>
      {methods.length > 1 ? (
        <fieldset disabled={busy} className="grid grid-cols-2 gap-2">
          <legend className="sr-only">{text(MESSAGES.pageHowWouldYouLike)}</legend>
          {methods.map((method) => (
            <label
              key={method}
              className="flex min-h-12 cursor-pointer items-center justify-center rounded-2xl font-semibold capitalize ring-1 ring-black/20 has-checked:bg-primary has-checked:text-on-primary has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
            >
              <input
                type="radio"
                name="fulfilment-method"
                value={method}
                className="sr-only"
                checked={basket.fulfilmentMethod === method}
                onChange={() => onChoose(method)}
              />
              {method === 'delivery'
                ? text(MESSAGES.pageDeliveryMethod)
                : text(MESSAGES.pageCollectionMethod)}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm capitalize">
          {basket.fulfilmentMethod === 'delivery'
            ? text(MESSAGES.pageDeliveryOnly)
            : text(MESSAGES.pageCollectionOnly)}
        </p>
      )}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <SlotSummary
        slot={basket.slot}
        store={store}
        method={basket.fulfilmentMethod}
        serverTime={serverTime}
      />
    </section>
  )
}
