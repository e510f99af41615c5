import { allSubstitutesAllowed, type Basket, type SimilarItems } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  removeLine,
  removeMealDeal,
  setLineQuantity,
  setMealDealQuantity,
  setSubstitutes,
  type SubstitutesTarget,
} from '../../lib/basket.ts'
import { BasketLineRow, BasketMealDealRow, LineError } from './BasketLineRow.tsx'
import { FinalPriceNote } from '../item/WeighedItem.tsx'
import { SubstitutesSwitch } from './SubstitutesSwitch.tsx'
import type { BasketScope } from './use-basket-edits.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The basket's lines and meal deals, each with its quantity, remove and "Allow substitutes"
 * (spec §3 Basket), under the switch that sets substitutes for all items at once.
 */
export function BasketItemsSection({
  basket,
  storeSlug,
  busy,
  errorOf,
  edit,
  similar,
}: {
  basket: Basket
  similar: SimilarItems | null
  storeSlug: string
  busy: boolean
  errorOf: (scope: BasketScope) => string | null
  edit: (scope: BasketScope, fallback: string, action: () => Promise<Basket | null>) => void
}) {
  const substitutes = (scope: BasketScope, target: SubstitutesTarget) => (allow: boolean) =>
    edit(scope, MESSAGES.substitutesUpdateFailed, () => setSubstitutes(target, allow))
  const text = useText()
  return (
    <section
      aria-labelledby="lines-title"
      className="rounded-3xl bg-white px-4 shadow-sm ring-1 ring-black/10 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 pt-4 sm:pt-6">
        <h2 id="lines-title" className="font-bold">
          {text(MESSAGES.pageItemsCount, basket.totals.itemCount)}
        </h2>
        <SubstitutesSwitch
          target={{}}
          allowed={allSubstitutesAllowed(basket)}
          label={MESSAGES.pageAllowSubstitutesAll}
          itemName={null}
          busy={busy}
          onChange={substitutes('substitutes', {})}
        />
      </div>
      <p className="text-sm text-ink/75">{text(MESSAGES.substitutesHint)}</p>
      <LineError message={errorOf('substitutes')} />
      <ul>
        {basket.lines.map((line) => {
          const scope: BasketScope = `line-${line.basketLineId}`
          return (
            <BasketLineRow
              key={line.basketLineId}
              storeSlug={storeSlug}
              line={line}
              similar={similar}
              actions={{
                busy,
                error: errorOf(scope),
                onQuantity: (quantity) =>
                  edit(scope, MESSAGES.updateQuantityFailed, () =>
                    setLineQuantity(line.basketLineId, quantity)
                  ),
                onRemove: () =>
                  edit(scope, MESSAGES.removeItemFailed, () => removeLine(line.basketLineId)),
                onSubstitutes: substitutes(scope, { basketLineId: line.basketLineId }),
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
                onSubstitutes: substitutes(scope, { basketMealDealId: deal.basketMealDealId }),
              }}
            />
          )
        })}
      </ul>
      {basket.lines.some((line) => line.weighing !== null) ? (
        <FinalPriceNote className="mt-3 text-sm font-semibold text-ink/80" />
      ) : null}
    </section>
  )
}
