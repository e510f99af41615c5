import { z } from 'zod'
import { MESSAGES } from '../messages.ts'

/**
 * The answers offered to "Where did you hear about us?" (spec §3 Customer contact), on the
 * registration form and the member's details form. `value` is what is posted and stored
 * (customers.where_heard): the English words members' rows have always held, so it never changes
 * with the language or a reworded label; `label` is the page message the option shows, in the
 * page's language (issue 43).
 */
export const WHERE_HEARD_OPTIONS = [
  { value: 'Search engine', label: MESSAGES.pageHeardSearchEngine },
  { value: 'Social media', label: MESSAGES.pageHeardSocialMedia },
  { value: 'Friend or family', label: MESSAGES.pageHeardFriendOrFamily },
  { value: 'Leaflet or flyer', label: MESSAGES.pageHeardLeaflet },
  { value: 'Saw the store', label: MESSAGES.pageHeardSawTheStore },
  { value: 'Other', label: MESSAGES.pageOther },
] as const

/** A select's option: the value posted, the page message it shows, or `asTyped` words as typed. */
export interface ChoiceOption {
  value: string
  label: string
  asTyped?: true
}

/**
 * The stored answer of a posted one: an option's value however it is spaced or cased; anything
 * else (a member's own earlier answer, which the details form keeps offering) as typed.
 */
export function storedWhereHeard(posted: string): string {
  const key = posted.trim().toLowerCase()
  return WHERE_HEARD_OPTIONS.find((option) => option.value.toLowerCase() === key)?.value ?? posted
}

/** The forms' whereHeard field: as typed (blank when missing), an option's value made exact. */
export const WhereHeardField = z.string().catch('').transform(storedWhereHeard)

/**
 * The options a form offers for a stored answer: the list, and an answer that is none of them
 * (typed before the list existed) as an option of its own, so saving the form keeps it.
 */
export function whereHeardOptionsFor(stored: string | undefined): ReadonlyArray<ChoiceOption> {
  if (!stored || WHERE_HEARD_OPTIONS.some((option) => option.value === stored)) {
    return WHERE_HEARD_OPTIONS
  }
  return [...WHERE_HEARD_OPTIONS, { value: stored, label: stored, asTyped: true }]
}
