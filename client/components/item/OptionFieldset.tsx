import type { ReactNode } from 'react'
import type { MenuItemOption, MenuItemOptionValue } from '../../../schemas/catalogue.ts'
import { valueExtraCost, type OptionChoice } from '../../../schemas/item-options.ts'
import {
  chosenQuantity,
  optionControl,
  optionHint,
  optionTotal,
} from '../../lib/item-options-ui.ts'
import { choiceGroupField, choiceValueField } from '../../lib/basket-add-form.ts'
import { useInteractive } from '../../lib/use-interactive.ts'
import { usePremium } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface OptionFieldsetProps {
  /** Prefix of this fieldset's element ids, unique on the page. */
  idBase: string
  option: MenuItemOption
  choices: ReadonlyArray<OptionChoice>
  /** The chosen size value: value costs follow it (spec §3 sizeExtraCost). */
  sizeValueId: number | null
  errors: ReadonlyArray<string>
  onChange: (optionId: number, valueId: number, quantity: number) => void
}

/** Where an option's fieldset lives in the page, for moving focus to it. */
export function optionFieldsetId(idBase: string, optionId: number): string {
  return `${idBase}-option-${optionId}`
}

function CostLabel({ pence }: { pence: number }) {
  const formatPremium = usePremium()
  return pence > 0 ? <span className="text-sm text-ink/75">{formatPremium(pence)}</span> : null
}

function valueBoxClass(grid: boolean, chosen: boolean, outOfStock: boolean): string {
  const base = grid
    ? 'flex h-full min-h-14 flex-col justify-center gap-0.5 rounded-xl px-3 py-2 ring-1'
    : 'flex min-h-12 items-center gap-3 px-3 py-2'
  const state = outOfStock
    ? 'cursor-not-allowed opacity-60'
    : chosen
      ? grid
        ? 'cursor-pointer bg-tint ring-2 ring-primary'
        : 'cursor-pointer bg-tint'
      : 'cursor-pointer hover:bg-tint'
  return `${base} ${grid ? 'ring-black/15' : ''} ${state}`
}

const STEP_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full text-xl font-bold ring-1 ring-black/20 disabled:opacity-40'

/**
 * A value that may be chosen several times: − count + once the island runs; until then (and
 * without JavaScript) a number field the add form posts. Its own component, so that switch
 * re-renders only the stepper, never the fields around it the shopper may have typed into.
 */
function StepperValue({
  inputId,
  field,
  name,
  valueName,
  quantity,
  max,
  atMax,
  outOfStock,
  boxClass,
  describedBy,
  onStep,
}: {
  inputId: string
  field: string
  name: ReactNode
  valueName: string
  quantity: number
  max: number
  atMax: boolean
  outOfStock: boolean
  boxClass: string
  describedBy: string
  onStep: (quantity: number) => void
}) {
  const interactive = useInteractive()
  const text = useText()
  if (!interactive) {
    return (
      <li className={boxClass}>
        <label htmlFor={inputId} className="flex flex-1">
          {name}
        </label>
        <input
          id={inputId}
          type="number"
          name={field}
          min={0}
          max={max}
          defaultValue={quantity}
          disabled={outOfStock}
          aria-describedby={describedBy}
          className="h-11 w-16 rounded-lg border-2 border-black/20 text-center font-bold tabular-nums"
        />
      </li>
    )
  }
  return (
    <li className={boxClass}>
      {name}
      <span className="flex items-center gap-1">
        <button
          type="button"
          className={STEP_BUTTON}
          aria-label={text(MESSAGES.pageRemoveOne, valueName)}
          aria-describedby={describedBy}
          disabled={quantity === 0}
          onClick={() => onStep(quantity - 1)}
        >
          −
        </button>
        <output
          id={inputId}
          aria-label={text(MESSAGES.pageQuantityNamedChosen, quantity, valueName)}
          className="w-8 text-center font-bold tabular-nums"
        >
          {quantity}
        </output>
        <button
          type="button"
          className={STEP_BUTTON}
          aria-label={text(MESSAGES.pageAddOne, valueName)}
          aria-describedby={describedBy}
          disabled={outOfStock || atMax}
          onClick={() => onStep(quantity + 1)}
        >
          +
        </button>
      </span>
    </li>
  )
}

/**
 * One option of an item (spec §3) as a fieldset: its name as the legend, a hint and its errors
 * linked by aria-describedby; radios for a mutually exclusive option (with 'None' when it is
 * optional), a checkbox per value when one of each may be chosen, else a stepper per value.
 */
export function OptionFieldset({
  idBase,
  option,
  choices,
  sizeValueId,
  errors,
  onChange,
}: OptionFieldsetProps) {
  const text = useText()
  const fieldsetId = optionFieldsetId(idBase, option.id)
  const hintId = `${fieldsetId}-hint`
  const errorId = `${fieldsetId}-error`
  const describedBy = errors.length > 0 ? `${hintId} ${errorId}` : hintId
  const control = optionControl(option)
  const total = optionTotal(choices, option.id)
  const grid = option.displayAsGrid
  const listClass = grid
    ? 'mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3'
    : 'mt-3 divide-y divide-black/10 rounded-xl ring-1 ring-black/15'

  const renderValue = (value: MenuItemOptionValue) => {
    const quantity = chosenQuantity(choices, option.id, value.id)
    const cost = valueExtraCost(value, sizeValueId)
    const inputId = `${fieldsetId}-value-${value.id}`
    const name = (
      <span className="flex flex-1 flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{value.name}</span>
        <CostLabel pence={cost} />
        {value.outOfStock ? (
          <span className="text-sm text-ink/75">{text(MESSAGES.pageOutOfStock)}</span>
        ) : null}
      </span>
    )
    if (control === 'stepper') {
      return (
        <StepperValue
          key={value.id}
          inputId={inputId}
          field={choiceValueField(option.id, value.id)}
          name={name}
          valueName={value.name}
          quantity={quantity}
          max={option.maximumSelected}
          atMax={total >= option.maximumSelected}
          outOfStock={value.outOfStock}
          boxClass={valueBoxClass(grid, quantity > 0, value.outOfStock)}
          describedBy={describedBy}
          onStep={(next) => onChange(option.id, value.id, next)}
        />
      )
    }
    return (
      <li key={value.id}>
        <label htmlFor={inputId} className={valueBoxClass(grid, quantity > 0, value.outOfStock)}>
          <input
            id={inputId}
            type={control}
            name={
              control === 'radio'
                ? choiceGroupField(option.id)
                : choiceValueField(option.id, value.id)
            }
            value={control === 'radio' ? value.id : 1}
            checked={quantity > 0}
            disabled={value.outOfStock}
            aria-describedby={describedBy}
            className="size-5 shrink-0 accent-primary"
            onChange={(event) => onChange(option.id, value.id, event.target.checked ? 1 : 0)}
          />
          {name}
        </label>
      </li>
    )
  }

  const chosenValue = option.values.find((v) => chosenQuantity(choices, option.id, v.id) > 0)
  const noneId = `${fieldsetId}-none`
  return (
    <fieldset
      id={fieldsetId}
      aria-describedby={describedBy}
      aria-invalid={errors.length > 0 ? true : undefined}
      className="min-w-0"
    >
      <legend className="text-base font-bold">
        {option.name}
        {option.minimumSelected > 0 ? (
          <span className="ms-2 text-sm font-semibold text-ink/75">
            {text(MESSAGES.pageRequired)}
          </span>
        ) : null}
      </legend>
      <p id={hintId} className="text-sm text-ink/75">
        {optionHint(option, text)}
      </p>
      {errors.length > 0 ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {errors.join(' ')}
        </p>
      ) : null}
      <ul className={listClass}>
        {control === 'radio' && option.minimumSelected === 0 ? (
          <li>
            <label htmlFor={noneId} className={valueBoxClass(grid, !chosenValue, false)}>
              <input
                id={noneId}
                type="radio"
                name={choiceGroupField(option.id)}
                value=""
                checked={!chosenValue}
                aria-describedby={describedBy}
                className="size-5 shrink-0 accent-primary"
                onChange={() => {
                  if (chosenValue) onChange(option.id, chosenValue.id, 0)
                }}
              />
              <span className="flex-1 font-semibold">{text(MESSAGES.pageNone)}</span>
            </label>
          </li>
        ) : null}
        {option.values.map(renderValue)}
      </ul>
    </fieldset>
  )
}
