import type { MenuItem } from '../../schemas/catalogue.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { Breadcrumbs } from '../components/catalogue/Breadcrumbs.tsx'
import type { Crumb } from '../lib/catalogue-links.ts'
import { OfferLink } from '../components/catalogue/OfferLink.tsx'
import { StoreBar } from '../components/catalogue/StoreBar.tsx'
import { island } from '../components/Island.tsx'
import { FavouriteButton } from '../components/catalogue/FavouriteButton.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { FoodFacts } from '../components/item/FoodFacts.tsx'
import { ItemPicture, ItemPriceLines } from '../components/item/ItemHeader.tsx'
import { ItemOptions } from '../islands/ItemOptions.tsx'
import { ITEM_OPTIONS_TEXTS } from '../components/item/item-texts.ts'
import { useText } from '../lib/page-text.ts'

// The picker is the page's reason to exist: hydrate as soon as possible.
const ItemOptionsIsland = island('ItemOptions', ItemOptions, {
  hydrate: 'load',
  // What its status line and the age question say after a press.
  texts: ITEM_OPTIONS_TEXTS,
})

export interface MenuItemPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  item: MenuItem
  crumbs: ReadonlyArray<Crumb>
  /** Whether the item is one of the signed-in member's favourites (a guest: false). */
  favourite?: boolean
}

/** An item's page: picture, badge, price and was-price, description, options, ingredients and food information. */
export function MenuItemPage({
  chrome,
  store,
  item,
  crumbs,
  favourite = false,
}: MenuItemPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome} interactive>
      <StoreBar store={store} />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Breadcrumbs crumbs={crumbs} />
        <div className="mt-4 grid gap-8 md:grid-cols-2">
          <ItemPicture item={item} place="page" greyed={item.outOfStock} />
          <div className="space-y-5">
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight">{item.name}</h1>
              {item.size ? <p className="mt-1 text-ink/75">{item.size}</p> : null}
              <div className="mt-3">
                <FavouriteButton
                  itemId={item.id}
                  itemName={item.name}
                  favourite={favourite}
                  variant="page"
                />
              </div>
            </div>
            <ItemPriceLines item={item} place="page">
              {item.offer ? (
                <p className="mt-2">
                  <OfferLink storeSlug={store.slug} offer={item.offer} size="large" />
                </p>
              ) : null}
            </ItemPriceLines>
            {item.ageRestriction !== null ? (
              <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-700/25">
                {text(MESSAGES.ageRestricted, item.ageRestriction)}
              </p>
            ) : null}
            {item.outOfStock ? (
              <p className="rounded-xl bg-gray-100 px-4 py-3 font-semibold text-ink/80">
                {text(MESSAGES.pageOutOfStock)}
              </p>
            ) : (
              <ItemOptionsIsland storeId={store.id} item={item} returnTo={chrome.currentPath} />
            )}
            {item.description ? (
              <section aria-labelledby="description-title">
                <h2 id="description-title" className="text-lg font-bold">
                  {text(MESSAGES.pageDescription)}
                </h2>
                <p className="mt-1 text-ink/80">{item.description}</p>
              </section>
            ) : null}
            <FoodFacts ingredients={item.ingredients} food={item.food} level="h2" idBase="item" />
          </div>
        </div>
      </div>
    </Layout>
  )
}
