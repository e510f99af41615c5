/**
 * Counted nouns (issue 43): '1 item', '3 items'. The English forms are the source; each
 * catalogue says them as an ICU plural (schemas/message-catalogue.ts, nl-NL.ts), and a page says
 * a count with `useCount()(noun, n)` (client/lib/page-text.ts). No ICU here: islands import it.
 */
export const COUNT_NOUNS = {
  items: { one: 'item', other: 'items' },
  minutes: { one: 'minute', other: 'minutes' },
  days: { one: 'day', other: 'days' },
  points: { one: 'point', other: 'points' },
  products: { one: 'product', other: 'products' },
  stores: { one: 'store', other: 'stores' },
  orders: { one: 'order', other: 'orders' },
  // Member area, orders, tracking, payment (part A)
  stars: { one: 'star', other: 'stars' },
  friends: { one: 'friend', other: 'friends' },
  addresses: { one: 'address', other: 'addresses' },
  suggestions: { one: 'suggestion', other: 'suggestions' },
  reviews: { one: 'review', other: 'reviews' },
} as const

export type CountNoun = keyof typeof COUNT_NOUNS

/** A count as English pages have always written it: '1 item', '3 items' (digits as they are). */
export function englishCount(noun: CountNoun, count: number): string {
  const forms = COUNT_NOUNS[noun]
  return `${count} ${count === 1 ? forms.one : forms.other}`
}
