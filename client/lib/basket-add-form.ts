/*
 * The add-to-basket forms without JavaScript (issue 35 item 11): the item page, the cards and the
 * meal deal page post here, the worker adds through the same backend calls the islands make and
 * redirects back with a flash (worker/pages/basket/basket-add-forms.ts). The field names below are the
 * contract between the islands' markup and the worker's parser.
 */

/** Where an item's add form posts (the item page, a card's Add). */
export const ADD_ITEM_FORM_PATH = '/basket/add'
/** Where a meal deal's add form posts. */
export const ADD_MEAL_DEAL_FORM_PATH = '/basket/add-meal-deal'

export const ADD_FORM_FIELDS = {
  storeId: 'storeId',
  itemId: 'itemId',
  dealId: 'dealId',
  quantity: 'quantity',
  /** '1' when the shopper ticked the age confirmation (a form without JavaScript). */
  ageConfirmed: 'ageConfirmed',
  /** The page to come back to; the Referer when absent. */
  returnTo: 'returnTo',
} as const

/**
 * A chosen value's field: a radio group posts `choice-<group>` = the value's id; a checkbox or a
 * stepper posts `choice-<group>-<value>` = how many (a ticked checkbox: 1).
 */
export function choiceGroupField(groupId: number): string {
  return `choice-${groupId}`
}

export function choiceValueField(groupId: number, valueId: number): string {
  return `choice-${groupId}-${valueId}`
}

const ID = '[1-9][0-9]{0,15}'
const GROUP_FIELD = new RegExp(`^choice-(${ID})$`)
const VALUE_FIELD = new RegExp(`^choice-(${ID})-(${ID})$`)
const COUNT = /^(0|[1-9][0-9]{0,3})$/

/** One posted choice: the group (an option, a meal deal section), the value and how many. */
export interface PostedChoice {
  groupId: number
  valueId: number
  quantity: number
}

/**
 * The choices a posted form carries, or null when a choice field is malformed (a form the pages
 * never render: nothing is added). Unchosen values (0) are left out.
 */
export function postedChoices(form: Record<string, string>): Array<PostedChoice> | null {
  const choices: Array<PostedChoice> = []
  for (const [field, value] of Object.entries(form)) {
    if (!field.startsWith('choice-')) continue
    const group = GROUP_FIELD.exec(field)
    if (group) {
      // An optional radio group's 'None'.
      if (value === '') continue
      if (!new RegExp(`^${ID}$`).test(value)) return null
      choices.push({ groupId: Number(group[1]), valueId: Number(value), quantity: 1 })
      continue
    }
    const single = VALUE_FIELD.exec(field)
    if (!single || !COUNT.test(value)) return null
    const quantity = Number(value)
    if (quantity > 0) {
      choices.push({ groupId: Number(single[1]), valueId: Number(single[2]), quantity })
    }
  }
  return choices
}
