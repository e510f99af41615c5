import type { Basket, RobotCheckConfig, SimilarItems } from '../../schemas/basket.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { BasketItemsSection } from '../components/basket/BasketItemsSection.tsx'
import { BasketTotals, CheckoutButton, SpendProgress } from '../components/basket/BasketTotals.tsx'
import { CouponForm } from '../components/basket/CouponForm.tsx'
import { EmptyBasket } from '../components/basket/EmptyBasket.tsx'
import { FulfilmentMethodSection } from '../components/basket/FulfilmentMethodSection.tsx'
import { TipChooser } from '../components/basket/TipChooser.tsx'
import { CouponRefused, useBasketEdits } from '../components/basket/use-basket-edits.ts'
import { useRobotCheck } from '../components/basket/use-robot-check.tsx'
import { applyCoupon, removeCoupon, setFulfilmentMethod, setTip } from '../lib/basket.ts'
import { useText } from '../lib/page-text.ts'

export interface BasketEditorProps {
  /** The basket without its token (the page removed it). */
  basket: Basket
  /** Where the coupon call's robot-check token comes from (spec §7 Apply coupon: verifyToken). */
  robotCheck: RobotCheckConfig
  /** The most a shopper can tip, in pence. */
  maxTip: number
  /** The server's now when the page was rendered, for the slot countdown. */
  serverTime: string
  similar: SimilarItems | null
  islandId?: string
}

/**
 * The basket editor (spec §3 Basket): lines and meal deals with quantity and remove, delivery or
 * collection, time slot, coupon, driver tip, minimum spend and totals. Every change goes to the
 * server, which answers with the whole basket and its totals (useBasketEdits); a failure shows
 * its spec message next to what failed.
 */
export function BasketEditor({
  basket: initial,
  robotCheck,
  maxTip,
  serverTime,
  similar,
}: BasketEditorProps) {
  const { basket, busy, errorOf, edit } = useBasketEdits(initial)
  const robot = useRobotCheck(robotCheck)
  const run = (...args: Parameters<typeof edit>) => void edit(...args)
  const text = useText()

  const store = basket.store
  if (!store || (basket.lines.length === 0 && basket.mealDeals.length === 0)) {
    return <EmptyBasket store={store} />
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
      <div className="flex flex-col gap-6">
        <BasketNotices notices={basket.notices} />
        <FulfilmentMethodSection
          basket={basket}
          store={store}
          serverTime={serverTime}
          busy={busy}
          error={errorOf('method')}
          onChoose={(method) =>
            run('method', MESSAGES.updateItemFailed, () => setFulfilmentMethod(method))
          }
        />
        <BasketItemsSection
          basket={basket}
          similar={similar}
          storeSlug={store.slug}
          busy={busy}
          errorOf={errorOf}
          edit={run}
        />
      </div>

      <aside
        aria-label={text(MESSAGES.pageOrderSummary)}
        className="flex flex-col gap-5 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-black/10 sm:p-6 lg:sticky lg:top-4"
      >
        <SpendProgress basket={basket} />
        <CouponForm
          key={basket.coupon?.code ?? 'none'}
          coupon={basket.coupon}
          busy={busy}
          error={errorOf('coupon')}
          robotWidget={robot.widget}
          onApply={(code) =>
            run('coupon', MESSAGES.couponFailed, async () => {
              const result = await applyCoupon(code, await robot.token())
              robot.used()
              if (result.failure) throw new CouponRefused(result.failure)
              return result.basket
            })
          }
          onRemove={() => run('coupon', MESSAGES.removeCouponFailed, removeCoupon)}
        />
        {basket.fulfilmentMethod === 'delivery' ? (
          <TipChooser
            tip={basket.totals.tip}
            maxTip={maxTip}
            busy={busy}
            error={errorOf('tip')}
            onTip={(pence) => run('tip', MESSAGES.updateItemFailed, () => setTip(pence))}
          />
        ) : null}
        <BasketTotals basket={basket} />
        <CheckoutButton basket={basket} />
      </aside>
    </div>
  )
}

/** What the server noticed about the basket (prices changed, items gone), above the lines. */
function BasketNotices({ notices }: { notices: Array<string> }) {
  if (notices.length === 0) return null
  return (
    <ul role="status" className="flex flex-col gap-2">
      {notices.map((notice) => (
        <li
          key={notice}
          className="rounded-2xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-700/25"
        >
          {notice}
        </li>
      ))}
    </ul>
  )
}
