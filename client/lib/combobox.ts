import type { CountNoun } from '../../schemas/count-nouns.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { ENGLISH_TEXTS, type PageTexts } from './page-text.ts'

/** Keys that move the active option of a listbox popup (WAI-ARIA APG combobox pattern). */
export type ListboxKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'

/** Whether a key moves the active option (Home/End only once the popup shows options). */
export function isListboxKey(key: string): key is ListboxKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End'
}

/**
 * The option that becomes active after a key press; -1 means none (focus stays on the text). Down
 * from none goes to the first option and Up from none to the last; both wrap around at the ends.
 */
export function nextActiveIndex(current: number, count: number, key: ListboxKey): number {
  if (count <= 0) return -1
  switch (key) {
    case 'Home':
      return 0
    case 'End':
      return count - 1
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1
  }
}

/**
 * What a combobox finds: its counted noun ('3 addresses', schemas/count-nouns.ts) and the
 * message for none ('No addresses found.').
 */
export interface SuggestionNoun {
  count: CountNoun
  none: string
}

/**
 * What the polite live region says when suggestions arrive, in the island's language (its page
 * texts; English by default).
 */
export function suggestionsAnnouncement(
  count: number,
  noun: SuggestionNoun,
  texts: Pick<PageTexts, 'say' | 'count'> = ENGLISH_TEXTS
): string {
  if (count === 0) return texts.say(noun.none)
  return texts.say(MESSAGES.pageSuggestionsFound, texts.count(noun.count, count))
}

/**
 * Hands out a ticket per request and tells whether a ticket is still the newest, so an answer
 * that arrives after a later request was sent is ignored (typing fast must not show stale results).
 */
export function createLatestTicket(): {
  next: () => number
  isLatest: (ticket: number) => boolean
} {
  let latest = 0
  return {
    next: () => ++latest,
    isLatest: (ticket) => ticket === latest,
  }
}
