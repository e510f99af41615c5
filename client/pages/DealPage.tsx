import type { DealDetails } from '../../schemas/catalogue.ts'
import type { Crumb } from '../lib/catalogue-links.ts'
import { CataloguePageFrame } from '../components/catalogue/CataloguePageFrame.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { dealTerms } from '../lib/deal-terms.ts'
import { pickerSections, sectionHint } from '../components/deal/meal-deal-rules.ts'
import { island } from '../components/Island.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { MealDealPicker } from '../islands/MealDealPicker.tsx'
import { useShopLocale } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { ITEM_OPTIONS_TEXTS } from '../components/item/item-texts.ts'

// What it says only after a choice or a press: the extras' price, a section's refusal, the age
// question and the status line.
const MealDealPickerIsland = island('MealDealPicker', MealDealPicker, {
  hydrate: 'visible',
  texts: [
    ...ITEM_OPTIONS_TEXTS,
    MESSAGES.pageDealPricePlusExtras,
    MESSAGES.optionChoose,
    MESSAGES.optionChooseUpTo,
  ],
})

export interface DealPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  details: DealDetails
  crumbs: ReadonlyArray<Crumb>
}

/**
 * A deal and its sections. A meal deal is chosen section by section and added as one; the other
 * kinds apply in the basket by themselves, so their sections are grids of the items they cover.
 */
export function DealPage({ chrome, store, details, crumbs }: DealPageProps) {
  const shop = useShopLocale()
  const text = useText()
  const { deal, sections } = details
  const mealDealPrice = deal.kind === 'meal_deal' ? deal.price : null
  return (
    <CataloguePageFrame
      chrome={chrome}
      storeBar={{ store }}
      crumbs={crumbs}
      title={deal.name}
      intro={
        <>
          <p className="mt-1 text-lg font-bold text-primary">{dealTerms(deal, shop, text)}</p>
          {deal.description ? (
            <p className="mt-2 max-w-3xl text-ink/80">{deal.description}</p>
          ) : null}
          {mealDealPrice === null ? (
            <p className="mt-2 max-w-3xl font-semibold">
              {text(MESSAGES.pageDealAppliesAutomatically)}
            </p>
          ) : null}
        </>
      }
    >
      {mealDealPrice !== null ? (
        <MealDealPickerIsland
          storeId={store.id}
          deal={{ id: deal.id, name: deal.name, price: mealDealPrice }}
          sections={pickerSections(details)}
        />
      ) : (
        sections.map((section) => (
          <section key={section.id} aria-labelledby={`deal-section-${section.id}`}>
            <h2 id={`deal-section-${section.id}`} className="text-xl font-bold">
              {section.name}
            </h2>
            <p className="mb-3 text-sm text-ink/75">
              {sectionHint(section.minimumSelected, section.maximumSelected, text)}
            </p>
            <ItemGrid
              storeId={store.id}
              storeSlug={store.slug}
              items={section.items}
              label={section.name}
            />
          </section>
        ))
      )}
    </CataloguePageFrame>
  )
}
