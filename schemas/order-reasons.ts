/**
 * The preset reasons a store gives when it rejects or cancels an order (issue 44): the console's
 * forms offer them, with "Other" and the store's own words. The reason chosen is the order's
 * closing reason, which the shopper is shown on the order page and in the email.
 */

/** The form's value for "Other": the reason is then the free text. */
export const OTHER_REASON = 'other'

export const PRESET_REASONS = {
  reject: [
    'We are too busy to prepare your order in time.',
    'Some of your items are out of stock.',
    'The store is closing early today.',
    'We cannot deliver to your address right now.',
  ],
  cancel: [
    'Some of your items are out of stock.',
    'We cannot deliver in your chosen slot.',
    'The store had to close unexpectedly.',
    'You asked us to cancel the order.',
  ],
} as const satisfies Record<'reject' | 'cancel', ReadonlyArray<string>>

export type PresetReasonAction = keyof typeof PRESET_REASONS

export function hasPresetReasons(type: string): type is PresetReasonAction {
  return Object.hasOwn(PRESET_REASONS, type)
}

/**
 * The reason a reject or cancel form gives: a preset of that action's list, else (Other, or no
 * choice) the free text; a preset not on the list gives '' so the schema refuses it.
 */
export function reasonOfChoice(type: PresetReasonAction, choice: string, text: string): string {
  if (choice === '' || choice === OTHER_REASON) return text.trim()
  return (PRESET_REASONS[type] as ReadonlyArray<string>).includes(choice) ? choice : ''
}
