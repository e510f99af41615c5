import type { DealDetails } from '../../../schemas/catalogue.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { parseQuantity } from '../../lib/item-options-ui.ts'

/**
 * The rules of a meal deal picker, pure so they can be tested: which items are chosen per section,
 * what the deal costs with its premiums, and what stops an add. The server checks the same rules
 * again (worker/backend/basket/calls.ts addMealDeal).
 */

type DetailsSection = DealDetails['sections'][number]

/** What the picker needs of a section item; the page passes only these fields to the island. */
export type MealDealItem = Pick<
  DetailsSection['items'][number],
  'id' | 'name' | 'size' | 'images' | 'outOfStock' | 'ageRestriction' | 'extraCost'
>

export type MealDealSection = Pick<
  DetailsSection,
  'id' | 'name' | 'minimumSelected' | 'maximumSelected'
> & { items: Array<MealDealItem> }

/** One chosen item in a section, as the add call sends it. */
export interface MealDealChoice {
  sectionId: number
  itemId: number
}

/**
 * How many a section asks for: 'Choose 1', 'Choose up to 2', 'Choose 1 to 3', said by `say` (the
 * island's text(), so in the brand's language; English by default).
 */
export function sectionHint(
  minimumSelected: number,
  maximumSelected: number,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): string {
  if (minimumSelected === maximumSelected) return say(MESSAGES.pageChooseCount, minimumSelected)
  if (minimumSelected === 0) return say(MESSAGES.pageChooseUpTo, maximumSelected)
  return say(MESSAGES.pageChooseRange, minimumSelected, maximumSelected)
}

/** A section of one item is a set of radios; a section of more is checkboxes up to its maximum. */
export function sectionControl(section: Pick<MealDealSection, 'maximumSelected'>) {
  return section.maximumSelected === 1 ? ('radio' as const) : ('checkbox' as const)
}

export function isChosen(
  choices: ReadonlyArray<MealDealChoice>,
  sectionId: number,
  itemId: number
): boolean {
  return choices.some((choice) => choice.sectionId === sectionId && choice.itemId === itemId)
}

export function sectionCount(choices: ReadonlyArray<MealDealChoice>, sectionId: number): number {
  return choices.filter((choice) => choice.sectionId === sectionId).length
}

/**
 * Chooses or unchooses an item. A radio section's pick replaces the one before; a checkbox
 * section takes no more than its maximum, and an out-of-stock or unknown item is never chosen.
 */
export function toggleChoice(
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>,
  sectionId: number,
  itemId: number,
  chosen: boolean
): Array<MealDealChoice> {
  const section = sections.find((candidate) => candidate.id === sectionId)
  const item = section?.items.find((candidate) => candidate.id === itemId)
  const without = choices.filter(
    (choice) => choice.sectionId !== sectionId || choice.itemId !== itemId
  )
  if (!chosen) return without
  if (!section || !item || item.outOfStock || isChosen(choices, sectionId, itemId)) {
    return [...choices]
  }
  if (sectionControl(section) === 'radio') {
    return [...choices.filter((choice) => choice.sectionId !== sectionId), { sectionId, itemId }]
  }
  if (sectionCount(choices, sectionId) >= section.maximumSelected) return [...choices]
  return [...choices, { sectionId, itemId }]
}

function chosenItems(
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>
): Array<MealDealItem> {
  return sections.flatMap((section) =>
    section.items.filter((item) => isChosen(choices, section.id, item.id))
  )
}

/** One meal deal's price: the deal price plus the chosen items' premiums. */
export function mealDealUnitPrice(
  dealPrice: number,
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>
): number {
  return chosenItems(sections, choices).reduce((sum, item) => sum + item.extraCost, dealPrice)
}

/** The highest age restriction among the chosen items; null when none has one. */
export function mealDealAge(
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>
): number | null {
  return chosenItems(sections, choices).reduce<number | null>(
    (age, item) => (item.ageRestriction === null ? age : Math.max(age ?? 0, item.ageRestriction)),
    null
  )
}

/** A message said in the picker's language (its text()), English by default. */
type Say = (english: string, ...values: Array<string | number>) => string

/** Each section that is short of its minimum or over its maximum, with the message it shows. */
export function sectionErrors(
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>,
  say: Say = fillMessage
): Map<number, string> {
  const errors = new Map<number, string>()
  for (const section of sections) {
    const count = sectionCount(choices, section.id)
    if (count < section.minimumSelected) {
      errors.set(section.id, say(MESSAGES.optionChoose, section.name))
    } else if (count > section.maximumSelected) {
      errors.set(section.id, say(MESSAGES.optionChooseUpTo, section.maximumSelected, section.name))
    }
  }
  return errors
}

/** What pressing Add does: show what is wrong (focusing the first section), ask the age, or go. */
export type MealDealVerdict =
  | {
      kind: 'invalid'
      errors: Map<number, string>
      quantityError: string | null
      /** The first section with an error, else null when only the quantity is wrong. */
      focusSectionId: number | null
    }
  | { kind: 'confirm-age'; age: number }
  | { kind: 'ready'; quantity: number; unitPrice: number; total: number }

export function mealDealVerdict(
  dealPrice: number,
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>,
  quantityText: string,
  ageConfirmed: boolean,
  say: Say = fillMessage
): MealDealVerdict {
  const errors = sectionErrors(sections, choices, say)
  const quantity = parseQuantity(quantityText)
  const quantityError = quantity === null ? say(MESSAGES.quantityRequired) : null
  if (errors.size > 0 || quantity === null) {
    const first = sections.find((section) => errors.has(section.id))
    return { kind: 'invalid', errors, quantityError, focusSectionId: first?.id ?? null }
  }
  const age = mealDealAge(sections, choices)
  if (age !== null && !ageConfirmed) return { kind: 'confirm-age', age }
  const unitPrice = mealDealUnitPrice(dealPrice, sections, choices)
  return { kind: 'ready', quantity, unitPrice, total: unitPrice * quantity }
}

/** The added meal deal as the status line names it: '1 × Lunchtime meal deal (Pasta salad, Cola)'. */
export function mealDealSummary(
  dealName: string,
  sections: ReadonlyArray<MealDealSection>,
  choices: ReadonlyArray<MealDealChoice>,
  quantity: number
): string {
  const names = chosenItems(sections, choices).map((item) => item.name)
  const base = `${quantity} × ${dealName}`
  return names.length > 0 ? `${base} (${names.join(', ')})` : base
}

/** Keeps only what the picker shows of the page's deal details: the island's props stay small. */
export function pickerSections(details: DealDetails): Array<MealDealSection> {
  return details.sections.map((section) => ({
    id: section.id,
    name: section.name,
    minimumSelected: section.minimumSelected,
    maximumSelected: section.maximumSelected,
    items: section.items.map((item) => ({
      id: item.id,
      name: item.name,
      size: item.size,
      images: item.images,
      outOfStock: item.outOfStock,
      ageRestriction: item.ageRestriction,
      extraCost: item.extraCost,
    })),
  }))
}
