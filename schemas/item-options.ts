/**
 * Item option selections (spec §3 Menu item option): whether a shopper's choices are valid and what
 * they cost. Pure and free of zod so the islands can bundle it; the server prices with the same code.
 */
import type { MenuItemOption, MenuItemOptionValue } from './catalogue.ts'
import { fillMessage } from './message-format.ts'
import { MESSAGES } from './messages.ts'

/** One chosen value of an option, `quantity` instances of it (steppers choose more than one). */
export interface OptionChoice {
  optionId: number
  valueId: number
  quantity: number
}

/** A chosen value as priced: `chargedQuantity` of its `quantity` instances cost `unitExtraCost`. */
export interface SelectionLine {
  optionId: number
  valueId: number
  quantity: number
  chargedQuantity: number
  unitExtraCost: number
}

export interface SelectionError {
  optionId: number
  message: string
}

/**
 * The verdict on a selection. `unitPrice` (pence) is the item's price plus `extras`, the cost of the
 * usable choices, and is computed even when the selection is invalid so the UI can show a live price.
 */
export interface SelectionCheck {
  ok: boolean
  errors: Array<SelectionError>
  visibleOptionIds: Array<number>
  unitPrice: number
  extras: number
  lines: Array<SelectionLine>
}

/** What pricing needs of an item: its (store) price and its options. */
export interface OptionItem {
  price: number
  options: ReadonlyArray<MenuItemOption>
}

/** Quantities are positive whole numbers. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1
}

/**
 * A value's cost for one instance: its `sizeExtraCost` entry for the chosen size value (the value
 * chosen in the item's `isSize` option) when it has one, else its `extraCost`.
 */
export function valueExtraCost(value: MenuItemOptionValue, sizeValueId: number | null): number {
  if (sizeValueId !== null) {
    const sized = value.sizeExtraCost.find((entry) => entry.sizeId === sizeValueId)
    if (sized) return sized.extraCost
  }
  return value.extraCost
}

/**
 * Chosen instances per option and value, keeping only usable choices: a known value of a known
 * option, a valid quantity and in stock. Repeated (option, value) pairs add up.
 */
function usableChoices(
  options: ReadonlyArray<MenuItemOption>,
  choices: ReadonlyArray<OptionChoice>
): Map<number, Map<number, number>> {
  const usable = new Map<number, Map<number, number>>()
  for (const choice of choices) {
    const option = options.find((candidate) => candidate.id === choice.optionId)
    const value = option?.values.find((candidate) => candidate.id === choice.valueId)
    if (!option || !value || value.outOfStock || !isValidQuantity(choice.quantity)) continue
    const values = usable.get(option.id) ?? new Map<number, number>()
    values.set(value.id, (values.get(value.id) ?? 0) + choice.quantity)
    usable.set(option.id, values)
  }
  return usable
}

function visibleSet(
  options: ReadonlyArray<MenuItemOption>,
  usable: Map<number, Map<number, number>>
): Set<number> {
  const byId = new Map(options.map((option) => [option.id, option]))
  const state = new Map<number, boolean | 'visiting'>()
  const visit = (option: MenuItemOption): boolean => {
    const known = state.get(option.id)
    // A dependency cycle can never be satisfied: its options stay hidden.
    if (known === 'visiting') return false
    if (known !== undefined) return known
    state.set(option.id, 'visiting')
    let visible = true
    if (option.dependentOn !== null) {
      const parent = byId.get(option.dependentOn)
      const parentValues = parent ? usable.get(parent.id) : undefined
      visible =
        parent !== undefined &&
        visit(parent) &&
        parentValues !== undefined &&
        (option.dependentOnValueId === null
          ? parentValues.size > 0
          : parentValues.has(option.dependentOnValueId))
    }
    state.set(option.id, visible)
    return visible
  }
  return new Set(options.filter(visit).map((option) => option.id))
}

/**
 * The options a shopper sees for these choices, in the item's order: an option with `dependentOn`
 * shows only while its parent is shown and has a choice (`dependentOnValueId`: that value).
 */
export function visibleOptionIds(
  options: ReadonlyArray<MenuItemOption>,
  choices: ReadonlyArray<OptionChoice>
): Array<number> {
  return [...visibleSet(options, usableChoices(options, choices))]
}

/**
 * Drops the choices of options that are hidden, repeatedly, since dropping a parent's choice can
 * hide its dependants in turn. The UI calls it after every change.
 */
export function withoutHiddenChoices(
  options: ReadonlyArray<MenuItemOption>,
  choices: ReadonlyArray<OptionChoice>
): Array<OptionChoice> {
  let current = [...choices]
  for (;;) {
    const visible = visibleSet(options, usableChoices(options, current))
    const next = current.filter((choice) => visible.has(choice.optionId))
    if (next.length === current.length) return next
    current = next
  }
}

/**
 * The preselected choices: each option's in-stock default values, one instance each (only the
 * first for a mutually exclusive option, at most `maximumSelected`), for the options they show.
 */
export function defaultChoices(options: ReadonlyArray<MenuItemOption>): Array<OptionChoice> {
  const defaults = options.flatMap((option) =>
    option.values
      .filter((value) => value.default && !value.outOfStock)
      .slice(0, option.mutuallyExclusive ? 1 : option.maximumSelected)
      .map((value) => ({ optionId: option.id, valueId: value.id, quantity: 1 }))
  )
  return withoutHiddenChoices(options, defaults)
}

function sizeValueOf(
  options: ReadonlyArray<MenuItemOption>,
  usable: Map<number, Map<number, number>>,
  visible: Set<number>
): number | null {
  const sizeOption = options.find((option) => option.isSize && visible.has(option.id))
  const sizeValues = sizeOption ? usable.get(sizeOption.id) : undefined
  return sizeOption?.values.find((value) => sizeValues?.has(value.id))?.id ?? null
}

/**
 * The chosen size: the first chosen value (in the item's order) of the shown `isSize` option, or
 * null. Value costs with a `sizeExtraCost` entry for it use that entry.
 */
export function chosenSizeValueId(
  options: ReadonlyArray<MenuItemOption>,
  choices: ReadonlyArray<OptionChoice>
): number | null {
  const usable = usableChoices(options, choices)
  return sizeValueOf(options, usable, visibleSet(options, usable))
}

/**
 * Prices the chosen values of one option. The first `extraCostInstancesThreshold` instances are
 * free and, to be kind to the shopper, the free ones are the most expensive instances (ties: the
 * value listed first).
 */
function priceOption(
  option: MenuItemOption,
  chosen: Map<number, number>,
  sizeValueId: number | null
): Array<SelectionLine> {
  const lines = option.values
    .filter((value) => chosen.has(value.id))
    .map((value) => {
      const quantity = chosen.get(value.id) ?? 0
      return {
        optionId: option.id,
        valueId: value.id,
        quantity,
        chargedQuantity: quantity,
        unitExtraCost: valueExtraCost(value, sizeValueId),
      }
    })
  let free = option.extraCostInstancesThreshold ?? 0
  // Array.prototype.sort is stable, so equal costs keep the item's value order.
  for (const line of [...lines].sort((a, b) => b.unitExtraCost - a.unitExtraCost)) {
    if (free === 0) break
    const waived = Math.min(free, line.quantity)
    line.chargedQuantity -= waived
    free -= waived
  }
  return lines
}

/**
 * Checks a selection against spec §3 and prices it.
 *
 * - `minimumSelected` / `maximumSelected` count chosen instances (quantities) of a shown option.
 * - `mutuallyExclusive`: at most one distinct value.
 * - Hidden options (see {@link visibleOptionIds}) take no choices and their minimums don't apply.
 * - Unknown option or value ids, out-of-stock values and quantities that are not positive whole
 *   numbers are errors.
 * - Each instance costs {@link valueExtraCost}; the first `extraCostInstancesThreshold` instances
 *   of an option are free, and those are its most expensive ones.
 *
 * Errors follow the item's option order (unknown options last), at most one per rule per option,
 * said by `say` (an island's text(), so in the brand's language; English by default).
 */
export function checkSelection(
  item: OptionItem,
  choices: ReadonlyArray<OptionChoice>,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): SelectionCheck {
  const { options } = item
  const usable = usableChoices(options, choices)
  const visible = visibleSet(options, usable)
  const errors: Array<SelectionError> = []

  const sizeValueId = sizeValueOf(options, usable, visible)

  const lines: Array<SelectionLine> = []
  for (const option of options) {
    const own = choices.filter((choice) => choice.optionId === option.id)
    const shown = visible.has(option.id)
    if (!shown) {
      if (own.length > 0) {
        errors.push({
          optionId: option.id,
          message: say(MESSAGES.optionNotAvailable, option.name),
        })
      }
      continue
    }
    const add = (message: string) => {
      if (!errors.some((error) => error.optionId === option.id && error.message === message)) {
        errors.push({ optionId: option.id, message })
      }
    }
    for (const choice of own) {
      const value = option.values.find((candidate) => candidate.id === choice.valueId)
      if (!value) add(say(MESSAGES.optionUnknown))
      else if (!isValidQuantity(choice.quantity)) add(say(MESSAGES.quantityRequired))
      else if (value.outOfStock) add(say(MESSAGES.optionValueOutOfStock, value.name))
    }
    const chosen = usable.get(option.id) ?? new Map<number, number>()
    const count = [...chosen.values()].reduce((sum, quantity) => sum + quantity, 0)
    if (count < option.minimumSelected) {
      add(
        option.minimumSelected === 1
          ? say(MESSAGES.optionChoose, option.name)
          : say(MESSAGES.optionChooseAtLeast, option.minimumSelected, option.name)
      )
    }
    if (option.mutuallyExclusive && chosen.size > 1) {
      add(say(MESSAGES.optionChooseOnlyOne, option.name))
    } else if (count > option.maximumSelected) {
      add(say(MESSAGES.optionChooseUpTo, option.maximumSelected, option.name))
    }
    lines.push(...priceOption(option, chosen, sizeValueId))
  }

  const knownIds = new Set(options.map((option) => option.id))
  for (const choice of choices) {
    if (knownIds.has(choice.optionId)) continue
    if (errors.some((error) => error.optionId === choice.optionId)) continue
    errors.push({ optionId: choice.optionId, message: say(MESSAGES.optionUnknown) })
  }

  const extras = lines.reduce((sum, line) => sum + line.chargedQuantity * line.unitExtraCost, 0)
  return {
    ok: errors.length === 0,
    errors,
    visibleOptionIds: options.filter((option) => visible.has(option.id)).map((o) => o.id),
    unitPrice: item.price + extras,
    extras,
    lines,
  }
}
