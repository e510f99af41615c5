import type { MenuItemSummary } from '../../../schemas/catalogue.ts'
import { QuickView } from '../../islands/QuickView.tsx'
import { island } from '../Island.tsx'

// Cards below the fold hydrate as they scroll into view.
const QuickViewIsland = island('QuickView', QuickView, { hydrate: 'visible' })

/**
 * The card's quick add: the QuickView island, a link to the item page until it is hydrated (or
 * without JavaScript), then a button opening the item's dialog.
 */
export function QuickViewButton(props: {
  storeId: number
  storeSlug: string
  item: MenuItemSummary
}) {
  return <QuickViewIsland {...props} />
}
