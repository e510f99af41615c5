import { useState } from 'react'
import type { Basket, RobotCheckConfig } from '../../schemas/basket.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { BasketLineRow, BasketMealDealRow } from '../components/basket/BasketLineRow.tsx'
import { BasketTotals, CheckoutButton, SpendProgress } from '../components/basket/BasketTotals.tsx'
import { CouponForm } from '../components/basket/CouponForm.tsx'
import { EmptyBasket } from '../components/basket/EmptyBasket.tsx'
import { SlotSummary } from '../components/basket/SlotSummary.tsx'
import { TipChooser } from '../components/basket/TipChooser.tsx'
import { useRobotCheck } from '../components/basket/use-robot-check.tsx'
import {
  actionFailureMessage,
  applyCoupon,
  removeCoupon,
  removeLine,
  removeMealDeal,
  setFulfilmentMethod,
  setLineQuantity,
  setMealDealQuantity,
  setTip,
} from '../lib/basket.ts'

export interface BasketEditorProps {
  /** The basket without its token (the page removed it). */
  basket: Basket
  /** Where the coupon call's robot-check token comes from (spec §7 Apply coupon: verifyToken). */
  robotCheck: RobotCheckConfig
  /** The most a shopper can tip, in pence. */
  maxTip: number
  /** The server's now when the page was rendered, for the slot countdown. */
  serverTime: string
  islandId?: string
}

/** A coupon the server turned down in a 200 answer (spec §5 Coupon response). */
class CouponRefused extends Error {}

/** Which part of the basket an action touched: its failure shows there. */
type Scope = `line-${number}` | `deal-${number}` | 'method' | 'coupon' | 'tip'

/**
 * The basket editor (spec §3 Basket): lines and meal deals with quantity and remove, delivery or
 * collection, time slot, coupon, driver tip, minimum spend and totals. Every change goes to the
 * server, which answers with the whole basket and its totals; a failure shows its spec message
 * next to what failed.
 */
export function BasketEditor({
  basket: initial,
  robotCheck,
  maxTip,
  serverTime,
}: BasketEditorProps) {
  const [basket, setBasket] = useState(initial)
  const robot = useRobotCheck(robotCheck)
  const [busy, setBusy] = useState<Scope | null>(null)
  const [error, setError] = useState<{ scope: Scope; message: string } | null>(null)

  async function run(scope: Scope, fallback: string, action: () => Promise<Basket | null>) {
    setBusy(scope)
    setError(null)
    try {
      const next = await action()
      if (next) setBasket(next)
    } catch (caught) {
      const message =
        caught instanceof CouponRefused ? caught.message : actionFailureMessage(caught, fallback)
      setError({ scope, message })
    } finally {
      setBusy(null)
    }
  }

  const errorOf = (scope: Scope) => (error?.scope === scope ? error.message : null)
  const store = basket.store
  if (!store || (basket.lines.length === 0 && basket.mealDeals.length === 0)) {
    return <EmptyBasket store={store} />
  }
  const methods = (['delivery', 'collection'] as const).filter((method) =>
    method === 'delivery' ? store.deliveryEnabled : store.collectionEnabled
  )

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      <div className="flex flex-col gap-6">
        {basket.notices.length > 0 ? (
          <ul role="status" className="flex flex-col gap-2">
            {basket.notices.map((notice) => (
              <li
                key={notice}
                className="rounded-2xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-700/25"
              >
                {notice}
              </li>
            ))}
          </ul>
        ) : null}

        <section
          aria-labelledby="method-title"
          className="flex flex-col gap-4 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6"
        >
          <h2 id="method-title" className="font-bold">
            Delivery or collection
          </h2>
          {methods.length > 1 ? (
            <fieldset disabled={busy !== null} className="grid grid-cols-2 gap-2">
              <legend className="sr-only">How would you like your order?</legend>
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
                    onChange={() =>
                      void run('method', MESSAGES.updateItemFailed, () =>
                        setFulfilmentMethod(method)
                      )
                    }
                  />
                  {method}
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="text-sm capitalize">{basket.fulfilmentMethod} only</p>
          )}
          {errorOf('method') ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {errorOf('method')}
            </p>
          ) : null}
          <SlotSummary
            slot={basket.slot}
            store={store}
            method={basket.fulfilmentMethod}
            serverTime={serverTime}
          />
        </section>

        <section
          aria-labelledby="lines-title"
          className="rounded-3xl bg-white px-4 shadow-sm ring-1 ring-black/10 sm:px-6"
        >
          <h2 id="lines-title" className="pt-4 font-bold sm:pt-6">
            {`Items (${basket.totals.itemCount})`}
          </h2>
          <ul>
            {basket.lines.map((line) => {
              const scope: Scope = `line-${line.basketLineId}`
              return (
                <BasketLineRow
                  key={line.basketLineId}
                  storeSlug={store.slug}
                  line={line}
                  actions={{
                    busy: busy !== null,
                    error: errorOf(scope),
                    onQuantity: (quantity) =>
                      void run(scope, MESSAGES.updateQuantityFailed, () =>
                        setLineQuantity(line.basketLineId, quantity)
                      ),
                    onRemove: () =>
                      void run(scope, MESSAGES.removeItemFailed, () =>
                        removeLine(line.basketLineId)
                      ),
                  }}
                />
              )
            })}
            {basket.mealDeals.map((deal) => {
              const scope: Scope = `deal-${deal.basketMealDealId}`
              return (
                <BasketMealDealRow
                  key={deal.basketMealDealId}
                  deal={deal}
                  actions={{
                    busy: busy !== null,
                    error: errorOf(scope),
                    onQuantity: (quantity) =>
                      void run(scope, MESSAGES.updateQuantityFailed, () =>
                        setMealDealQuantity(deal.basketMealDealId, quantity)
                      ),
                    onRemove: () =>
                      void run(scope, MESSAGES.removeItemFailed, () =>
                        removeMealDeal(deal.basketMealDealId)
                      ),
                  }}
                />
              )
            })}
          </ul>
        </section>
      </div>

      <aside
        aria-label="Order summary"
        className="flex flex-col gap-5 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6 lg:sticky lg:top-4"
      >
        <SpendProgress basket={basket} />
        <CouponForm
          key={basket.coupon?.code ?? 'none'}
          coupon={basket.coupon}
          busy={busy !== null}
          error={errorOf('coupon')}
          robotWidget={robot.widget}
          onApply={(code) =>
            void run('coupon', MESSAGES.couponFailed, async () => {
              const result = await applyCoupon(code, await robot.token())
              robot.used()
              if (result.failure) throw new CouponRefused(result.failure)
              return result.basket
            })
          }
          onRemove={() => void run('coupon', MESSAGES.removeCouponFailed, removeCoupon)}
        />
        {basket.fulfilmentMethod === 'delivery' ? (
          <TipChooser
            tip={basket.totals.tip}
            maxTip={maxTip}
            busy={busy !== null}
            error={errorOf('tip')}
            onTip={(pence) => void run('tip', MESSAGES.updateItemFailed, () => setTip(pence))}
          />
        ) : null}
        <BasketTotals basket={basket} />
        <CheckoutButton basket={basket} />
      </aside>
    </div>
  )
}
