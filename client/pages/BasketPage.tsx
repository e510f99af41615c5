import type { Basket, RobotCheckConfig, SimilarItems } from '../../schemas/basket.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { EmptyBasket } from '../components/basket/EmptyBasket.tsx'
import { StoreIcon } from '../components/icons.tsx'
import { island } from '../components/Island.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { BasketEditor } from '../islands/BasketEditor.tsx'
import { routePath } from '../lib/routes.ts'
import { useText } from '../lib/page-text.ts'
import { BASKET_PAGE_KEYS, SLOT_PAGE_KEYS } from '../../schemas/page-messages.ts'

// The basket is the page: hydrate at once. A change may show any of its words (an empty basket,
// a coupon applied, a minimum reached), so their translations all travel with it.
const BasketEditorIsland = island('BasketEditor', BasketEditor, {
  hydrate: 'load',
  texts: [
    ...BASKET_PAGE_KEYS.map((key) => MESSAGES[key]),
    ...SLOT_PAGE_KEYS.map((key) => MESSAGES[key]),
    MESSAGES.pageSubtotal,
    MESSAGES.pageDeliveryFee,
    MESSAGES.pageFree,
    MESSAGES.pageServiceFee,
    MESSAGES.pageDriverTip,
    MESSAGES.pageTotal,
    MESSAGES.pageDiscounts,
    MESSAGES.pageOrderSummary,
    MESSAGES.pageFindAStore,
    MESSAGES.basketOverwrite,
    MESSAGES.itemUnavailable,
    MESSAGES.minimumSpendShort,
    MESSAGES.taxAtCheckout,
    MESSAGES.couponSignIn,
    MESSAGES.substitutesHint,
  ],
})

export interface BasketPageProps {
  chrome: PageChrome
  /** Null when the shopper has no basket yet (none is created just to show this page). */
  basket: Basket | null
  /** Where 'Continue shopping' goes: the page the shopper came from, else the store. */
  continueHref: string
  robotCheck: RobotCheckConfig
  maxTip: number
  serverTime: string
  /** The similar items of the line named by ?replaceFor=, else null. */
  similar: SimilarItems | null
}

/**
 * The basket page (spec §3 Basket): the editor for a basket with items, the empty basket with a
 * way back to shopping, or the closed-store message when its store is closed (spec §4).
 */
export function BasketPage({
  chrome,
  basket,
  continueHref,
  robotCheck,
  maxTip,
  serverTime,
  similar,
}: BasketPageProps) {
  const text = useText()
  const store = basket?.store ?? null
  const empty = !basket || (basket.lines.length === 0 && basket.mealDeals.length === 0)
  return (
    <Layout chrome={chrome} interactive>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight">
              {text(MESSAGES.pageYourBasket)}
            </h1>
            {store ? (
              <a
                href={routePath('stores-storeSlug', { storeSlug: store.slug })}
                className="mt-1 inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
              >
                <StoreIcon className="size-5 text-primary" />
                {store.name}
              </a>
            ) : null}
          </div>
          {!empty ? (
            <a
              href={continueHref}
              className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-black/20 hover:bg-tint"
            >
              {text(MESSAGES.pageContinueShopping)}
            </a>
          ) : null}
        </div>
        {store?.availability === 'closed' ? (
          <p
            role="alert"
            className="rounded-2xl bg-amber-50 p-6 font-semibold text-amber-950 ring-1 ring-amber-700/25"
          >
            {text(MESSAGES.basketStoreClosed)}
          </p>
        ) : empty ? (
          <EmptyBasket store={store} />
        ) : (
          <BasketEditorIsland
            basket={basket}
            robotCheck={robotCheck}
            maxTip={maxTip}
            serverTime={serverTime}
            similar={similar}
          />
        )}
      </div>
    </Layout>
  )
}
