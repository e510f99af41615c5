import { useId, useState, type FormEvent } from 'react'
import type { MenuItem } from '../../schemas/catalogue.ts'
import {
  checkSelection,
  chosenSizeValueId,
  defaultChoices,
  type OptionChoice,
} from '../../schemas/item-options.ts'
import { ADD_FORM_FIELDS, ADD_ITEM_FORM_PATH } from '../lib/basket-add-form.ts'
import { useFocusAfterRender } from '../lib/use-focus-after-render.ts'
import { AddStatusLine } from '../components/basket/AddStatusLine.tsx'
import { useAddToBasket } from '../components/basket/use-add-to-basket.tsx'
import { AgeConfirmation, AgeTickUntilHydrated } from '../components/item/AgeConfirmation.tsx'
import { OptionFieldset, optionFieldsetId } from '../components/item/OptionFieldset.tsx'
import { QuantityField } from '../components/item/QuantityField.tsx'
import { WeightField } from '../components/item/WeighedItem.tsx'
import { lineAmount } from '../../schemas/weighing.ts'
import {
  addVerdict,
  parseQuantity,
  quantityError,
  selectionSummary,
  setValueQuantity,
} from '../lib/item-options-ui.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { useText } from '../lib/page-text.ts'
import { MESSAGES } from '../../schemas/messages.ts'

export interface ItemOptionsProps {
  storeId: number
  item: MenuItem
  /** The page the form without JavaScript comes back to after adding (the item page). */
  returnTo?: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/**
 * The item's option picker, quantity and Add button (spec §3, §5): the shared checker of
 * schemas/item-options.ts guides the choice and prices it live. Add refuses an invalid selection,
 * showing the messages next to each option and focusing the first, asks an age-restricted item's
 * confirmation, then adds it to the basket (the server prices it again) and says what the basket
 * holds now. Without JavaScript the same form posts to the worker (ADD_ITEM_FORM_PATH), which
 * adds and comes back here with a flash; an age-restricted item then asks with a tick box.
 */
export function ItemOptions({ storeId, item, returnTo, islandId }: ItemOptionsProps) {
  const formatMoney = useMoney()
  const text = useText()
  const generatedId = useId()
  const id = islandId ?? generatedId
  const [choices, setChoices] = useState<Array<OptionChoice>>(() => defaultChoices(item.options))
  const [quantityText, setQuantityText] = useState('1')
  const [attempted, setAttempted] = useState(false)
  const [age, setAge] = useState<'unasked' | 'asking' | 'accepted'>('unasked')
  const { status, setStatus, add: addToBasket, dialog } = useAddToBasket({ saysAdded: true })

  const check = checkSelection(item, choices, text)
  const sizeValueId = chosenSizeValueId(item.options, choices)
  const quantity = parseQuantity(quantityText)
  const weighing = item.weighing
  const total = lineAmount({ quantity: quantity ?? 1, unitPrice: check.unitPrice, weighing })
  const shownQuantityError = attempted ? quantityError(item, quantityText, text) : null
  const quantityId = `${id}-quantity`
  const ageId = `${id}-age`
  const addId = `${id}-add`
  const statusId = `${id}-status`
  const moveFocus = useFocusAfterRender()

  function changeChoice(optionId: number, valueId: number, count: number) {
    setChoices((current) => setValueQuantity(item.options, current, optionId, valueId, count))
    setStatus({ kind: 'idle' })
  }

  async function add(ageConfirmed: boolean) {
    setAttempted(true)
    const verdict = addVerdict(item, choices, quantityText, ageConfirmed, text)
    if (verdict.kind === 'invalid') {
      setStatus({ kind: 'idle' })
      moveFocus(
        verdict.focusOptionId !== null
          ? { group: optionFieldsetId(id, verdict.focusOptionId) }
          : quantityId
      )
      return
    }
    if (verdict.kind === 'confirm-age') {
      setAge('asking')
      moveFocus(`${ageId}-confirm`)
      return
    }
    await addToBasket(
      { storeId, itemId: item.id, quantity: verdict.quantity, choices, ageConfirmed },
      selectionSummary(item, choices, verdict.quantity),
      document.getElementById(addId)
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void add(age === 'accepted')
  }

  const errorsOf = (optionId: number) =>
    attempted ? check.errors.filter((e) => e.optionId === optionId).map((e) => e.message) : []
  // Errors of options not on screen (e.g. an option removed since the page loaded).
  const strayErrors = attempted
    ? check.errors.filter((e) => !check.visibleOptionIds.includes(e.optionId))
    : []

  return (
    <form
      method="post"
      action={ADD_ITEM_FORM_PATH}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6"
    >
      <input type="hidden" name={ADD_FORM_FIELDS.storeId} value={storeId} />
      <input type="hidden" name={ADD_FORM_FIELDS.itemId} value={item.id} />
      {returnTo ? <input type="hidden" name={ADD_FORM_FIELDS.returnTo} value={returnTo} /> : null}
      {item.options
        .filter((option) => check.visibleOptionIds.includes(option.id))
        .map((option) => (
          <OptionFieldset
            key={option.id}
            idBase={id}
            option={option}
            choices={choices}
            sizeValueId={sizeValueId}
            errors={errorsOf(option.id)}
            onChange={changeChoice}
          />
        ))}
      {strayErrors.length > 0 ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {strayErrors.map((e) => e.message).join(' ')}
        </p>
      ) : null}

      {weighing?.soldBy === 'by_weight' ? (
        <WeightField
          id={quantityId}
          weighing={weighing}
          max={item.maxQuantity}
          value={quantityText}
          onChange={(text) => {
            setQuantityText(text)
            setStatus({ kind: 'idle' })
          }}
        />
      ) : (
        <QuantityField
          id={quantityId}
          value={quantityText}
          max={item.maxQuantity}
          error={shownQuantityError}
          onChange={(text) => {
            setQuantityText(text)
            setStatus({ kind: 'idle' })
          }}
        />
      )}

      {item.ageRestriction !== null ? <AgeTickUntilHydrated age={item.ageRestriction} /> : null}

      {age === 'asking' && item.ageRestriction !== null ? (
        <AgeConfirmation
          id={ageId}
          age={item.ageRestriction}
          onConfirm={() => {
            setAge('accepted')
            void add(true)
          }}
          onCancel={() => {
            setAge('unasked')
            moveFocus(addId)
          }}
        />
      ) : null}

      <div className="flex flex-col gap-2">
        <button
          id={addId}
          type="submit"
          disabled={item.outOfStock || status.kind === 'adding'}
          aria-describedby={statusId}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-primary px-6 text-base font-bold text-on-primary hover:brightness-90 disabled:opacity-60 sm:w-auto"
        >
          {item.outOfStock ? (
            text(MESSAGES.pageOutOfStock)
          ) : weighing ? (
            // Without JavaScript the button is not redrawn when another weight is chosen, so it
            // names no price: each weight's estimate is in the chooser itself.
            text(MESSAGES.pageAddToBasket)
          ) : (
            <>
              <span>{text(MESSAGES.pageAddToBasket)}</span> <span aria-hidden="true">·</span>{' '}
              <span>{formatMoney(total)}</span>
            </>
          )}
        </button>
        <AddStatusLine id={statusId} status={status} />
      </div>
      {dialog}
    </form>
  )
}
