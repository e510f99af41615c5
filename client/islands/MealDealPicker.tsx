import { useId, useState, type FormEvent } from 'react'
import { ADD_FORM_FIELDS, ADD_MEAL_DEAL_FORM_PATH } from '../lib/basket-add-form.ts'
import { useFocusAfterRender } from '../lib/use-focus-after-render.ts'
import { AddStatusLine } from '../components/basket/AddStatusLine.tsx'
import { useAddToBasket } from '../components/basket/use-add-to-basket.tsx'
import {
  MealDealSectionFieldset,
  mealDealSectionId,
} from '../components/deal/MealDealSectionFieldset.tsx'
import {
  mealDealSummary,
  mealDealUnitPrice,
  mealDealVerdict,
  toggleChoice,
  type MealDealChoice,
  type MealDealSection,
} from '../components/deal/meal-deal-rules.ts'
import { AgeConfirmation, AgeTickUntilHydrated } from '../components/item/AgeConfirmation.tsx'
import { QuantityField } from '../components/item/QuantityField.tsx'
import { addedMealDealCost, addMealDeal, type AddMealDealRequest } from '../lib/basket.ts'
import { parseQuantity } from '../lib/item-options-ui.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface MealDealPickerProps {
  storeId: number
  deal: { id: number; name: string; price: number }
  sections: Array<MealDealSection>
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/**
 * A meal deal's sections to choose from, its live price (the deal price plus premiums), quantity
 * and Add button. Add refuses a section short of its minimum (its message shown there, focus
 * moved to it), asks the age when a chosen item is age-restricted, then adds the meal deal (the
 * server checks and prices it again) and says what it cost. Without JavaScript the form posts to
 * the worker (ADD_MEAL_DEAL_FORM_PATH), which adds and comes back with a flash; a deal with an
 * age-restricted item then asks with a tick box.
 */
export function MealDealPicker({ storeId, deal, sections, islandId }: MealDealPickerProps) {
  const formatMoney = useMoney()
  const text = useText()
  const generatedId = useId()
  const id = islandId ?? generatedId
  const [choices, setChoices] = useState<Array<MealDealChoice>>([])
  const [quantityText, setQuantityText] = useState('1')
  const [attempted, setAttempted] = useState(false)
  const [askingAge, setAskingAge] = useState<number | null>(null)
  const [ageAccepted, setAgeAccepted] = useState(false)
  const { status, setStatus, addWith, dialog } = useAddToBasket({ saysAdded: true })

  const unitPrice = mealDealUnitPrice(deal.price, sections, choices)
  const premiums = unitPrice - deal.price
  const total = unitPrice * (parseQuantity(quantityText) ?? 1)
  const verdict = mealDealVerdict(deal.price, sections, choices, quantityText, true, text)
  const shown = attempted && verdict.kind === 'invalid' ? verdict : null
  const quantityId = `${id}-quantity`
  const ageId = `${id}-age`
  const addId = `${id}-add`
  const statusId = `${id}-status`
  const moveFocus = useFocusAfterRender()
  // Without JavaScript the chosen items are not known before posting: ask for the oldest age.
  const oldestAge = sections
    .flatMap((section) => section.items)
    .reduce<number | null>(
      (age, item) => (item.ageRestriction === null ? age : Math.max(age ?? 0, item.ageRestriction)),
      null
    )

  function change(sectionId: number, itemId: number, chosen: boolean) {
    setChoices((current) => toggleChoice(sections, current, sectionId, itemId, chosen))
    // A new choice may bring a new age restriction: ask again.
    setAgeAccepted(false)
    setAskingAge(null)
    setStatus({ kind: 'idle' })
  }

  async function add(ageConfirmed: boolean) {
    setAttempted(true)
    const check = mealDealVerdict(deal.price, sections, choices, quantityText, ageConfirmed, text)
    if (check.kind === 'invalid') {
      setStatus({ kind: 'idle' })
      moveFocus(
        check.focusSectionId !== null
          ? { group: mealDealSectionId(id, check.focusSectionId) }
          : quantityId
      )
      return
    }
    if (check.kind === 'confirm-age') {
      setAskingAge(check.age)
      moveFocus(`${ageId}-confirm`)
      return
    }
    const request: AddMealDealRequest = {
      storeId,
      dealId: deal.id,
      quantity: check.quantity,
      choices,
      ageConfirmed,
    }
    await addWith(
      {
        send: (overwrite) => addMealDeal({ ...request, overwrite }),
        cost: (basket) => addedMealDealCost(basket, request),
      },
      mealDealSummary(deal.name, sections, choices, check.quantity),
      document.getElementById(addId)
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void add(ageAccepted)
  }

  return (
    <form
      method="post"
      action={ADD_MEAL_DEAL_FORM_PATH}
      onSubmit={onSubmit}
      noValidate
      // Focus never hides under the sticky price bar: a focused card scrolls clear of it.
      className="flex flex-col gap-8 [&_fieldset_input]:scroll-mb-64"
    >
      <input type="hidden" name={ADD_FORM_FIELDS.storeId} value={storeId} />
      <input type="hidden" name={ADD_FORM_FIELDS.dealId} value={deal.id} />
      {sections.map((section) => (
        <MealDealSectionFieldset
          key={section.id}
          idBase={id}
          section={section}
          choices={choices}
          error={shown?.errors.get(section.id) ?? null}
          onChange={change}
        />
      ))}

      {/* Sticky, so the live price and the button stay in sight while choosing. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 rounded-t-3xl bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] ring-1 ring-black/10 sm:mx-0 sm:bottom-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between sm:rounded-3xl sm:p-6">
        <div className="flex items-end justify-between gap-4 sm:contents">
          <div>
            <p className="text-sm font-bold sm:text-base">{text(MESSAGES.pageMealDealPrice)}</p>
            <p className="text-2xl font-extrabold sm:text-3xl">{formatMoney(unitPrice)}</p>
            <p className="text-sm text-ink/75">
              {premiums > 0
                ? text(
                    MESSAGES.pageDealPricePlusExtras,
                    formatMoney(deal.price),
                    formatMoney(premiums)
                  )
                : text(MESSAGES.pageEachPlain)}
            </p>
          </div>
          <QuantityField
            id={quantityId}
            value={quantityText}
            max={null}
            error={shown?.quantityError ?? null}
            onChange={(text) => {
              setQuantityText(text)
              setStatus({ kind: 'idle' })
            }}
          />
        </div>

        {oldestAge !== null ? (
          <AgeTickUntilHydrated age={oldestAge} className="sm:basis-full" />
        ) : null}

        {askingAge !== null ? (
          <AgeConfirmation
            id={ageId}
            age={askingAge}
            className="sm:basis-full"
            onConfirm={() => {
              setAgeAccepted(true)
              setAskingAge(null)
              void add(true)
              moveFocus(addId)
            }}
            onCancel={() => {
              setAskingAge(null)
              moveFocus(addId)
            }}
          />
        ) : null}

        <div className="flex flex-col gap-2 sm:basis-full">
          <button
            id={addId}
            type="submit"
            disabled={status.kind === 'adding'}
            aria-describedby={statusId}
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-primary px-6 text-base font-bold text-on-primary hover:brightness-90 disabled:opacity-60 sm:w-auto sm:self-end"
          >
            <span>{text(MESSAGES.pageAddMealDealToBasket)}</span> <span aria-hidden="true">·</span>{' '}
            <span>{formatMoney(total)}</span>
          </button>
          <AddStatusLine id={statusId} status={status} className="sm:text-end" />
        </div>
      </div>
      {dialog}
    </form>
  )
}
