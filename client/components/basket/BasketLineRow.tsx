import type { MouseEvent } from 'react'
import type { BasketLine, BasketMealDeal, SimilarItems } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { itemHref } from '../../lib/catalogue-links.ts'
import { ItemImage } from '../catalogue/ItemImage.tsx'
import type { SubstitutesTarget } from '../../lib/basket.ts'
import { routePath } from '../../lib/routes.ts'
import { LINE_FORM_FIELDS, LINE_FORM_INTENTS } from '../../../schemas/forms/basket.ts'
import { SubstitutesSwitch } from './SubstitutesSwitch.tsx'
import { useMoney } from '../../lib/shop-locale.ts'
import { ReplacementChoice } from './ReplacementChoice.tsx'
import { WeighingLabel } from '../item/WeighedItem.tsx'
import { weighedQuantityLabel } from '../../../schemas/weighing.ts'
import { usePremium, useShopLocale } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

const stepClass =
  'grid size-11 place-items-center rounded-full text-lg font-bold ring-1 ring-black/20 hover:bg-tint disabled:opacity-40 disabled:hover:bg-transparent'

/** The hidden fields naming the line or meal deal a line form changes. */
function TargetFields({ target }: { target: SubstitutesTarget }) {
  const ids = Object.entries(target) as Array<['basketLineId' | 'basketMealDealId', number]>
  return (
    <>
      {ids.map(([name, id]) => (
        <input key={name} type="hidden" name={LINE_FORM_FIELDS[name]} value={id} />
      ))}
    </>
  )
}

/**
 * − quantity + with the line's name in every label; + stops at the item's limit. A form posting
 * to the basket page (each button carries its new quantity), so it works without JavaScript; the
 * island takes the click instead.
 */
function QuantityStepper({
  name,
  target,
  quantity,
  shown,
  max,
  busy,
  onChange,
}: {
  name: string
  target: SubstitutesTarget
  quantity: number
  /** What the stepper shows for the quantity: '750 g' for a by-weight line (ADR 039). */
  shown: string
  max: number | null
  busy: boolean
  onChange: (quantity: number) => void
}) {
  const text = useText()
  const atMax = max !== null && quantity >= max
  const step = (next: number) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    onChange(next)
  }
  return (
    <form method="post" action={routePath('basket')}>
      <input type="hidden" name={LINE_FORM_FIELDS.intent} value={LINE_FORM_INTENTS.quantity} />
      <TargetFields target={target} />
      <div
        className="flex items-center gap-1"
        role="group"
        aria-label={text(MESSAGES.pageQuantityOf, name)}
      >
        <button
          type="submit"
          name={LINE_FORM_FIELDS.quantity}
          value={quantity - 1}
          className={stepClass}
          disabled={busy || quantity <= 1}
          onClick={step(quantity - 1)}
          aria-label={text(MESSAGES.pageOneLessOf, name)}
        >
          −
        </button>
        <span className="min-w-8 text-center font-semibold tabular-nums" aria-live="polite">
          {shown}
        </span>
        <button
          type="submit"
          name={LINE_FORM_FIELDS.quantity}
          value={quantity + 1}
          className={stepClass}
          disabled={busy || atMax}
          onClick={step(quantity + 1)}
          aria-label={text(MESSAGES.pageOneMoreOf, name)}
        >
          +
        </button>
      </div>
    </form>
  )
}

export function LineError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm font-semibold text-red-700">
      {message}
    </p>
  )
}

export interface LineActions {
  busy: boolean
  error: string | null
  onQuantity: (quantity: number) => void
  onRemove: () => void
  /** The island's way to change the substitution preference (without it the form posts). */
  onSubstitutes?: (allow: boolean) => void
}

/** Which line's preference a switch sets, and what it is now. */
interface LineSubstitutes {
  target: SubstitutesTarget
  allowed: boolean
}

/** A basket line: picture, name and size, choices, unit price, stepper, remove and line total. */
export function BasketLineRow({
  storeSlug,
  line,
  actions,
  similar = null,
}: {
  storeSlug: string
  line: BasketLine
  actions: LineActions
  /** The similar items listed for one line of the basket (?replaceFor=), else null. */
  similar?: SimilarItems | null
}) {
  const money = useMoney()
  const text = useText()
  const shop = useShopLocale()
  const href = itemHref(storeSlug, { slug: line.slug, category: { slug: line.categorySlug } })
  const choices = line.choices.map((choice) =>
    choice.quantity > 1 ? `${choice.quantity} × ${choice.valueName}` : choice.valueName
  )
  return (
    <li
      id={`line-${line.basketLineId}`}
      className="flex gap-3 border-b border-black/10 py-4 last:border-0"
    >
      <ItemImage
        images={line.images}
        alt=""
        className={`size-20 shrink-0 rounded-xl bg-tint object-contain ${line.available ? '' : 'opacity-50 grayscale'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <a href={href} className="font-semibold hover:underline">
              {line.name}
            </a>
            {line.size ? <p className="text-sm text-ink/75">{line.size}</p> : null}
            {choices.length > 0 ? (
              <p className="text-sm text-ink/75">{choices.join(', ')}</p>
            ) : null}
            {line.weighing ? (
              <>
                <p className="text-sm text-ink/75">
                  {weighedQuantityLabel(line.weighing, line.quantity, text, shop)}
                </p>
                <WeighingLabel weighing={line.weighing} className="text-sm text-ink/75" />
              </>
            ) : (
              <p className="text-sm text-ink/75">
                {text(MESSAGES.pageEach, money(line.unitPrice))}
              </p>
            )}
          </div>
          <p className="shrink-0 font-bold tabular-nums">
            {line.available
              ? line.weighing
                ? text(MESSAGES.pageEstimated, money(line.lineTotal))
                : money(line.lineTotal)
              : null}
          </p>
        </div>
        {!line.available ? (
          <p className="text-sm font-semibold text-red-700">
            {line.message ?? text(MESSAGES.itemUnavailable)}
          </p>
        ) : line.priceChanged ? (
          <p className="text-sm font-semibold text-amber-800">{text(MESSAGES.pagePriceChanged)}</p>
        ) : null}
        <LineControls
          name={line.name}
          available={line.available}
          quantity={line.quantity}
          shown={
            line.weighing?.soldBy === 'by_weight'
              ? weighedQuantityLabel(line.weighing, line.quantity, text, shop)
              : String(line.quantity)
          }
          max={line.maxQuantity}
          actions={actions}
          substitutes={{
            target: { basketLineId: line.basketLineId },
            allowed: line.allowSubstitutes,
          }}
          className="mt-1"
        />
        {line.available ? <ReplacementChoice line={line} similar={similar} /> : null}
      </div>
    </li>
  )
}

/**
 * A line's quantity stepper and its "Allow substitutes" switch (while it can be bought), its
 * remove button and its failure.
 */
function LineControls({
  name,
  available,
  quantity,
  shown = String(quantity),
  max,
  actions,
  substitutes,
  className = '',
}: {
  name: string
  available: boolean
  quantity: number
  shown?: string
  max: number | null
  actions: LineActions
  substitutes: LineSubstitutes
  className?: string
}) {
  const text = useText()
  return (
    <>
      <div className={`flex flex-wrap items-center justify-between gap-2 ${className}`}>
        {available ? (
          <QuantityStepper
            name={name}
            target={substitutes.target}
            quantity={quantity}
            shown={shown}
            max={max}
            busy={actions.busy}
            onChange={actions.onQuantity}
          />
        ) : (
          <span />
        )}
        <form method="post" action={routePath('basket')}>
          <input type="hidden" name={LINE_FORM_FIELDS.intent} value={LINE_FORM_INTENTS.remove} />
          <TargetFields target={substitutes.target} />
          <button
            type="submit"
            disabled={actions.busy}
            onClick={(event) => {
              event.preventDefault()
              actions.onRemove()
            }}
            className="min-h-11 rounded-full px-3 text-sm font-semibold text-red-700 underline-offset-4 hover:underline disabled:opacity-50"
          >
            {text(MESSAGES.pageRemove)}
            <span className="sr-only"> {name}</span>
          </button>
        </form>
      </div>
      {available ? (
        <SubstitutesSwitch
          target={substitutes.target}
          allowed={substitutes.allowed}
          label={MESSAGES.pageAllowSubstitutes}
          itemName={name}
          busy={actions.busy}
          {...(actions.onSubstitutes ? { onChange: actions.onSubstitutes } : {})}
        />
      ) : null}
      <LineError message={actions.error} />
    </>
  )
}

/** A meal deal in the basket: its name, the chosen items, stepper, remove and total. */
export function BasketMealDealRow({
  deal,
  actions,
}: {
  deal: BasketMealDeal
  actions: LineActions
}) {
  const formatPremium = usePremium()
  const money = useMoney()
  const text = useText()
  return (
    <li className="flex flex-col gap-1 border-b border-black/10 py-4 last:border-0">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{deal.name}</p>
          <ul className="text-sm text-ink/75">
            {deal.choices.map((choice) => (
              <li key={`${choice.sectionId}-${choice.itemId}`}>
                {choice.sectionName}: {choice.name}
                {choice.extraCost > 0 ? ` (${formatPremium(choice.extraCost)})` : ''}
              </li>
            ))}
          </ul>
          <p className="text-sm text-ink/75">{text(MESSAGES.pageEach, money(deal.unitPrice))}</p>
        </div>
        <p className="shrink-0 font-bold tabular-nums">
          {deal.available ? money(deal.lineTotal) : null}
        </p>
      </div>
      {!deal.available ? (
        <p className="text-sm font-semibold text-red-700">
          {deal.message ?? text(MESSAGES.itemUnavailable)}
        </p>
      ) : null}
      <LineControls
        name={deal.name}
        available={deal.available}
        quantity={deal.quantity}
        max={null}
        actions={actions}
        substitutes={{
          target: { basketMealDealId: deal.basketMealDealId },
          allowed: deal.allowSubstitutes,
        }}
      />
    </li>
  )
}
