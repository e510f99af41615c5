import type { DealDetails, MenuItemSummary } from '../../schemas/catalogue.ts'
import { dealHref } from '../lib/catalogue-links.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { dealTerms } from '../lib/deal-terms.ts'
import type { PageChrome } from '../lib/page-chrome.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/** Tiles a deal shows here; the rest are on the deal's own page. */
export const DEAL_TILES = 4

export interface StoreDealsPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  deals: ReadonlyArray<DealDetails>
  crumbs: ReadonlyArray<Crumb>
}

/** Each item once, in the order of the deal's sections. */
function itemsOf(details: DealDetails): Array<MenuItemSummary> {
  const seen = new Set<number>()
  return details.sections
    .flatMap((section) => section.items)
    .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)))
}

/** Every offer live at the store, each with its terms and the items it covers. */
export function StoreDealsPage({ chrome, store, deals, crumbs }: StoreDealsPageProps) {
  const shop = useShopLocale()
  const text = useText()
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title={text(MESSAGES.pageDealsAtStoreNamed, store.name)}
      intro={
        <p className="mt-2 max-w-3xl text-ink/80">
          {text(deals.length === 0 ? MESSAGES.pageNoOffersAtStore : MESSAGES.pageDealsHowTheyApply)}
        </p>
      }
    >
      {deals.map(({ deal, ...details }) => {
        const items = itemsOf({ deal, ...details })
        const href = dealHref(store.slug, deal.slug)
        return (
          <section key={deal.id} aria-labelledby={`deal-${deal.id}`}>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div>
                <h2 id={`deal-${deal.id}`} className="text-xl font-bold">
                  <a href={href} className="hover:underline">
                    {deal.name}
                  </a>
                </h2>
                <p className="font-semibold text-primary">{dealTerms(deal, shop, text)}</p>
              </div>
              <a href={href} className="inline-flex min-h-11 items-center font-semibold underline">
                {deal.kind === 'meal_deal'
                  ? text(MESSAGES.pageChooseYourMealDeal)
                  : text(MESSAGES.pageSeeAllItems, items.length)}
                <span className="sr-only"> {text(MESSAGES.pageInNamed, deal.name)}</span>
              </a>
            </div>
            <ItemGrid
              storeId={store.id}
              storeSlug={store.slug}
              items={items.slice(0, DEAL_TILES)}
              label={deal.name}
              eagerCount={0}
            />
          </section>
        )
      })}
    </CataloguePageFrame>
  )
}
