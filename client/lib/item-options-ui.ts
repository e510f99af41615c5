import type { MenuItem, MenuItemOption } from '../../schemas/catalogue.ts'
import {
  checkSelection,
  isValidQuantity,
  visibleOptionIds,
  withoutHiddenChoices,
  type OptionChoice,
  type SelectionCheck,
} from '../../schemas/item-options.ts'
import { fillMessage } from '../../schemas/message-format.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { ApiRequestError, postJson } from './api.ts'
import { CATALOGUE_API } from './api-paths.ts'
import { isRecord } from './is-record.ts'

/** How an option is chosen: one of (radio), on/off (checkbox), or a count per value (stepper). */
export type OptionControl = 'radio' | 'checkbox' | 'stepper'

export function optionControl(option: MenuItemOption): OptionControl {
  if (option.mutuallyExclusive) return 'radio'
  return option.maximumSelected > 1 ? 'stepper' : 'checkbox'
}

/** The line under an option's name: its placeholder, else how many to choose, and free ones. */
export function optionHint(
  option: MenuItemOption,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): string {
  const { minimumSelected: min, maximumSelected: max } = option
  const count =
    option.placeholder ??
    (min === max
      ? say(MESSAGES.pageChooseCount, min)
      : min === 0
        ? say(MESSAGES.pageOptionalChooseUpTo, max)
        : say(MESSAGES.pageChooseRange, min, max))
  const free = option.extraCostInstancesThreshold ?? 0
  return free > 0 ? `${count} · ${say(MESSAGES.pageFirstFree, free)}` : count
}

export function chosenQuantity(
  choices: ReadonlyArray<OptionChoice>,
  optionId: number,
  valueId: number
): number {
  return choices
    .filter((choice) => choice.optionId === optionId && choice.valueId === valueId)
    .reduce((sum, choice) => sum + choice.quantity, 0)
}

export function optionTotal(choices: ReadonlyArray<OptionChoice>, optionId: number): number {
  return choices
    .filter((choice) => choice.optionId === optionId)
    .reduce((sum, choice) => sum + choice.quantity, 0)
}

function defaultsOf(option: MenuItemOption): Array<OptionChoice> {
  return option.values
    .filter((value) => value.default && !value.outOfStock)
    .slice(0, option.mutuallyExclusive ? 1 : option.maximumSelected)
    .map((value) => ({ optionId: option.id, valueId: value.id, quantity: 1 }))
}

/**
 * Sets how many of a value are chosen (0 removes it). A mutually exclusive option's new pick
 * replaces its old one. Options that the change hides lose their choices; options it shows get
 * their defaults, as they would have had on opening.
 */
export function setValueQuantity(
  options: ReadonlyArray<MenuItemOption>,
  choices: ReadonlyArray<OptionChoice>,
  optionId: number,
  valueId: number,
  quantity: number
): Array<OptionChoice> {
  const option = options.find((candidate) => candidate.id === optionId)
  if (!option) return [...choices]
  const before = new Set(visibleOptionIds(options, choices))
  const others = choices.filter(
    (choice) =>
      choice.optionId !== optionId || (!option.mutuallyExclusive && choice.valueId !== valueId)
  )
  let next = withoutHiddenChoices(
    options,
    quantity > 0 ? [...others, { optionId, valueId, quantity }] : others
  )
  // Newly shown options may show further options through their defaults.
  for (;;) {
    const shown = visibleOptionIds(options, next).filter(
      (id) => !before.has(id) && !next.some((choice) => choice.optionId === id)
    )
    const added = options.filter((o) => shown.includes(o.id)).flatMap(defaultsOf)
    if (added.length === 0) return next
    next = [...next, ...added]
    for (const id of shown) before.add(id)
  }
}

/** What the Add button found: what is wrong (and where to move focus), an age check, or a go. */
export type AddVerdict =
  | {
      kind: 'invalid'
      check: SelectionCheck
      quantityError: string | null
      /** The first offending option, else null when only the quantity is wrong. */
      focusOptionId: number | null
    }
  | { kind: 'confirm-age'; message: string }
  | { kind: 'ready'; check: SelectionCheck; quantity: number; total: number }

/** Reads the quantity field: a positive whole number, else null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const quantity = Number(trimmed)
  return isValidQuantity(quantity) ? quantity : null
}

/** A message said in the island's language (its text()), English by default. */
type Say = (english: string, ...values: Array<string | number>) => string

export function quantityError(item: MenuItem, text: string, say: Say = fillMessage): string | null {
  const quantity = parseQuantity(text)
  if (quantity === null) return say(MESSAGES.quantityRequired)
  if (item.maxQuantity !== null && quantity > item.maxQuantity) {
    // itemLimitMessage's two sentences, each said on its own (in English, the same words).
    return `${say(MESSAGES.itemLimitReached)}. ${say(MESSAGES.itemLimitAtMost, item.maxQuantity)}`
  }
  return null
}

/**
 * Decides what pressing Add does: refuse an invalid selection or quantity, ask an age-restricted
 * item's confirmation once, or go ahead with the priced selection.
 */
export function addVerdict(
  item: MenuItem,
  choices: ReadonlyArray<OptionChoice>,
  quantityText: string,
  ageConfirmed: boolean,
  say: Say = fillMessage
): AddVerdict {
  const check = checkSelection(item, choices, say)
  const quantityProblem = quantityError(item, quantityText, say)
  if (!check.ok || quantityProblem !== null) {
    const offending = new Set(check.errors.map((error) => error.optionId))
    const focusOption = item.options.find(
      (option) => offending.has(option.id) && check.visibleOptionIds.includes(option.id)
    )
    return {
      kind: 'invalid',
      check,
      quantityError: quantityProblem,
      focusOptionId: focusOption?.id ?? null,
    }
  }
  if (item.ageRestriction !== null && !ageConfirmed) {
    return { kind: 'confirm-age', message: say(MESSAGES.ageRestricted, item.ageRestriction) }
  }
  const quantity = parseQuantity(quantityText) ?? 1
  return { kind: 'ready', check, quantity, total: check.unitPrice * quantity }
}

/** A priced line as the status message shows it: '2 × Margherita (12 inch, Stuffed crust)'. */
export function selectionSummary(
  item: MenuItem,
  choices: ReadonlyArray<OptionChoice>,
  quantity: number
): string {
  const names = item.options.flatMap((option) =>
    option.values.flatMap((value) => {
      const count = chosenQuantity(choices, option.id, value.id)
      if (count === 0) return []
      return [count > 1 ? `${count} × ${value.name}` : value.name]
    })
  )
  const base = `${quantity} × ${item.name}`
  return names.length > 0 ? `${base} (${names.join(', ')})` : base
}

// Islands read answers without zod to stay small: check the fields the dialog relies on.
function isMenuItem(value: unknown): value is MenuItem {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.name === 'string' &&
    typeof value.price === 'number' &&
    isRecord(value.images) &&
    Array.isArray(value.options) &&
    value.options.every(
      (option: unknown) =>
        isRecord(option) && typeof option.id === 'number' && Array.isArray(option.values)
    )
  )
}

/** The item's details with its options, priced for the store (for the quick view). */
export async function fetchMenuItem(storeId: number, itemId: number): Promise<MenuItem> {
  const payload = await postJson(CATALOGUE_API.menuItem, { storeId, itemId })
  if (!isMenuItem(payload)) throw new ApiRequestError(502, MESSAGES.systemError)
  return payload
}
