import type { Basket } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  removeLine,
  removeMealDeal,
  setLineQuantity,
  setMealDealQuantity,
} from '../../lib/basket.ts'
import { BasketLineRow, BasketMealDealRow } from './BasketLineRow.tsx'
import type { BasketScope } from './use-basket-edits.ts'

/** The basket's lines and meal deals, each with its quantity and remove (spec §3 Basket). */
export function BasketItemsSection({
  basket,
  storeSlug,
  busy,
  errorOf,
  edit,
}: {
  basket: Basket
  storeSlug: string
  busy: boolean
  errorOf: (scope: BasketScope) => string | null
  edit: (scope: BasketScope, fallback: string, action: () => Promise<Basket | null>) => void
}) {
  return (
    <section
      aria-labelledby="lines-title"
      className="rounded-3xl bg-white px-4 shadow-sm ring-1 ring-black/10 sm:px-6"
    >
      <h2 id="lines-title" className="pt-4 font-bold sm:pt-6">
        {`Items (${basket.totals.itemCount})`}
      </h2>
      <ul>
        {basket.lines.map((line) => {
          const scope: BasketScope = `line-${line.basketLineId}`
          return (
            <BasketLineRow
              key={line.basketLineId}
              storeSlug={storeSlug}
              line={line}
              actions={{
                busy,
                error: errorOf(scope),
                onQuantity: (quantity) =>
                  edit(scope, MESSAGES.updateQuantityFailed, () =>
                    setLineQuantity(line.basketLineId, quantity)
                  ),
                onRemove: () =>
                  edit(scope, MESSAGES.removeItemFailed, () => removeLine(line.basketLineId)),
              }}
            />
          )
        })}
        {basket.mealDeals.map((deal) => {
          const scope: BasketScope = `deal-${deal.basketMealDealId}`
          return (
            <BasketMealDealRow
              key={deal.basketMealDealId}
              deal={deal}
              actions={{
                busy,
                error: errorOf(scope),
                onQuantity: (quantity) =>
                  edit(scope, MESSAGES.updateQuantityFailed, () =>
                    setMealDealQuantity(deal.basketMealDealId, quantity)
                  ),
                onRemove: () =>
                  edit(scope, MESSAGES.removeItemFailed, () =>
                    removeMealDeal(deal.basketMealDealId)
                  ),
              }}
            />
          )
        })}
      </ul>
    </section>
  )
}
