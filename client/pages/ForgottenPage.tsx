import type { MenuItemSummary } from '../../schemas/catalogue.ts'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ForgottenPageProps {
  chrome: PageChrome
  store: { id: number; name: string; slug: string }
  /** The member's regulars at the store that the basket does not hold (never empty here). */
  items: ReadonlyArray<MenuItemSummary>
  favourites: ReadonlySet<number>
}

/**
 * `/basket/forgotten`, between the basket and checkout: the items the member buys in most orders
 * at this store and has not put in the basket, each with its Add button. One page, skippable.
 */
export function ForgottenPage({ chrome, store, items, favourites }: ForgottenPageProps) {
  const button = 'inline-flex min-h-12 items-center justify-center rounded-full px-6 font-bold'
  const text = useText()
  return (
    <Layout chrome={chrome} interactive>
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">
            {text(MESSAGES.pageHaveYouForgotten)}
          </h1>
          <p className="mt-2 text-ink/80">{text(MESSAGES.pageUsuallyBuyAt, store.name)}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href={routePath('checkout')}
            className={`${button} bg-primary text-on-primary hover:brightness-90`}
          >
            {text(MESSAGES.pageContinueToCheckout)}
          </a>
          <a href={routePath('basket')} className={`${button} ring-1 ring-black/15 hover:bg-tint`}>
            {text(MESSAGES.pageBackToBasketLink)}
          </a>
        </div>
        <h2 className="sr-only">{text(MESSAGES.pageItemsUsuallyBuy)}</h2>
        <ItemGrid
          storeId={store.id}
          storeSlug={store.slug}
          items={items}
          label={text(MESSAGES.pageItemsUsuallyBuy)}
          favourites={favourites}
        />
      </div>
    </Layout>
  )
}
