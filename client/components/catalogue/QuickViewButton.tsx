import type { MenuItemSummary } from '../../../schemas/catalogue.ts'
import { QuickAdd } from '../../islands/QuickAdd.tsx'
import { QuickView } from '../../islands/QuickView.tsx'
import { island } from '../Island.tsx'
import { QUICK_ADD_TEXTS, QUICK_VIEW_TEXTS } from '../item/item-texts.ts'

// Cards below the fold hydrate as they scroll into view.
const QuickViewIsland = island('QuickView', QuickView, {
  hydrate: 'visible',
  texts: QUICK_VIEW_TEXTS,
})
const QuickAddIsland = island('QuickAdd', QuickAdd, { hydrate: 'visible', texts: QUICK_ADD_TEXTS })

/**
 * The card's quick add: a link to the item page until hydrated (or without JavaScript), then a
 * one-press add for a simple quick-add item, else a button opening the item's dialog.
 */
export function QuickViewButton(props: {
  storeId: number
  storeSlug: string
  item: MenuItemSummary
}) {
  const { storeId, storeSlug, item } = props
  if (item.quickAdd && item.addToBasketType === 'simple' && !item.outOfStock) {
    const { id, slug, name, category, ageRestriction } = item
    return (
      <QuickAddIsland
        storeId={storeId}
        storeSlug={storeSlug}
        item={{ id, slug, name, category: { slug: category.slug }, ageRestriction }}
      />
    )
  }
  return <QuickViewIsland {...props} />
}
