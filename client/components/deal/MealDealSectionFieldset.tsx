import { ItemImage } from '../catalogue/ItemImage.tsx'
import {
  isChosen,
  sectionControl,
  sectionCount,
  sectionHint,
  type MealDealChoice,
  type MealDealItem,
  type MealDealSection,
} from './meal-deal-rules.ts'
import { choiceGroupField, choiceValueField } from '../../lib/basket-add-form.ts'
import { usePremium } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface MealDealSectionFieldsetProps {
  /** Prefix of this fieldset's element ids, unique on the page. */
  idBase: string
  section: MealDealSection
  choices: ReadonlyArray<MealDealChoice>
  error: string | null
  onChange: (sectionId: number, itemId: number, chosen: boolean) => void
}

/** Where a section's fieldset lives in the page, for moving focus to it. */
export function mealDealSectionId(idBase: string, sectionId: number): string {
  return `${idBase}-section-${sectionId}`
}

function cardClass(chosen: boolean, unavailable: boolean): string {
  const base =
    'relative flex h-full min-h-11 flex-col gap-1 rounded-2xl bg-white p-2 ring-1 ring-black/15 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary sm:p-3'
  if (unavailable) return `${base} cursor-not-allowed opacity-60`
  return chosen
    ? `${base} cursor-pointer bg-tint ring-2 ring-primary`
    : `${base} cursor-pointer hover:bg-tint`
}

/**
 * One section of a meal deal as a fieldset: its name as the legend, how many to choose and its
 * error linked by aria-describedby, and its items as selectable cards (radios when one is chosen,
 * checkboxes up to the section's maximum otherwise).
 */
export function MealDealSectionFieldset({
  idBase,
  section,
  choices,
  error,
  onChange,
}: MealDealSectionFieldsetProps) {
  const formatPremium = usePremium()
  const text = useText()
  const fieldsetId = mealDealSectionId(idBase, section.id)
  const hintId = `${fieldsetId}-hint`
  const errorId = `${fieldsetId}-error`
  const describedBy = error ? `${hintId} ${errorId}` : hintId
  const control = sectionControl(section)
  const count = sectionCount(choices, section.id)
  const full = control === 'checkbox' && count >= section.maximumSelected

  const renderItem = (item: MealDealItem) => {
    const chosen = isChosen(choices, section.id, item.id)
    const inputId = `${fieldsetId}-item-${item.id}`
    // A full checkbox section takes no more until one is unchosen.
    const disabled = item.outOfStock || (full && !chosen)
    return (
      <li key={item.id}>
        <label htmlFor={inputId} className={cardClass(chosen, item.outOfStock)}>
          <ItemImage
            images={item.images}
            alt=""
            className={`aspect-[4/3] w-full rounded-xl bg-tint object-contain ${item.outOfStock ? 'grayscale' : ''}`}
          />
          <span className="flex items-start gap-2">
            <input
              id={inputId}
              type={control}
              name={
                control === 'radio'
                  ? choiceGroupField(section.id)
                  : choiceValueField(section.id, item.id)
              }
              value={control === 'radio' ? item.id : 1}
              checked={chosen}
              disabled={disabled}
              aria-describedby={describedBy}
              className="mt-0.5 size-5 shrink-0 accent-primary"
              onChange={(event) => onChange(section.id, item.id, event.target.checked)}
            />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm leading-snug font-semibold">{item.name}</span>
              {item.size ? <span className="text-xs text-ink/75">{item.size}</span> : null}
              {item.extraCost > 0 ? (
                <span className="text-sm font-bold text-primary">
                  {formatPremium(item.extraCost)}
                </span>
              ) : null}
              {item.outOfStock ? (
                <span className="text-sm font-semibold text-ink/80">
                  {text(MESSAGES.pageOutOfStock)}
                </span>
              ) : null}
            </span>
          </span>
        </label>
      </li>
    )
  }

  return (
    <fieldset
      id={fieldsetId}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      className="min-w-0"
    >
      <legend className="text-xl font-bold">{section.name}</legend>
      <p id={hintId} className="text-sm text-ink/75">
        {sectionHint(section.minimumSelected, section.maximumSelected, text)}
        {control === 'checkbox' ? ` · ${text(MESSAGES.pageNumberChosen, count)}` : null}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {section.items.map(renderItem)}
      </ul>
    </fieldset>
  )
}
