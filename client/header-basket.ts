// The header basket: every page with a brand loads this one small module (no React). Pages are
// publicly cached, so the server renders a plain "Basket" link; this fills in the count and total
// from the summary cookie the worker keeps with every basket answer, and follows each change an
// island announces, so the header updates without a reload.
import {
  BASKET_CHANGED_EVENT,
  BASKET_CONFIRM_EVENT,
  basketLabel,
  confirmationText,
  readBasketSummaryCookie,
  toConfirmation,
} from './lib/basket-summary.ts'
import { formatMoney } from '../schemas/money.ts'
import { documentLocale } from './lib/document-locale.ts'

function showBasket(): void {
  const summary = readBasketSummaryCookie(document.cookie)
  const filled = summary !== null && summary.itemCount > 0
  for (const link of document.querySelectorAll<HTMLElement>('[data-basket-link]')) {
    const count = link.querySelector<HTMLElement>('[data-basket-count]')
    const text = link.querySelector<HTMLElement>('[data-basket-text]')
    // The count is drawn by CSS from data-count, so the visible total stays inside the link's
    // accessible name, which says the count in words (WCAG 2.5.3 label in name).
    if (filled) link.setAttribute('aria-label', basketLabel(summary, documentLocale()))
    else link.removeAttribute('aria-label')
    if (count) {
      count.hidden = !filled
      count.dataset.count = filled ? String(summary.itemCount) : ''
    }
    if (text) {
      // The server's word for the empty basket, in the brand's language, kept for when it empties.
      text.dataset.basketWord ??= text.textContent ?? ''
      text.textContent = filled
        ? formatMoney(summary.total, documentLocale())
        : text.dataset.basketWord
    }
  }
}

// Long enough to read twice; the live region has spoken it by then.
const CONFIRMATION_MS = 5000
let clearConfirmation: ReturnType<typeof setTimeout> | undefined

/**
 * Says what the shopper just did in the header's polite live region and pulses the basket. The
 * pulse is motion, so it is left out for prefers-reduced-motion; the words stay.
 */
function confirmChange(event: Event): void {
  const confirmation = toConfirmation(event instanceof CustomEvent ? event.detail : null)
  if (!confirmation) return
  const text = confirmationText(confirmation, documentLocale())
  // An island with its own status line has said it already: the header only shows it.
  const spoken = confirmation.saidByIsland ? [] : ['[data-basket-confirm]']
  const places = ['[data-basket-bubble]', ...spoken].join(', ')
  for (const region of document.querySelectorAll<HTMLElement>(places)) region.textContent = text
  clearTimeout(clearConfirmation)
  clearConfirmation = setTimeout(() => {
    const all = '[data-basket-bubble], [data-basket-confirm]'
    for (const region of document.querySelectorAll<HTMLElement>(all)) region.textContent = ''
  }, CONFIRMATION_MS)
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return
  for (const link of document.querySelectorAll<HTMLElement>('[data-basket-link]')) {
    link.animate(
      [{ transform: 'scale(1)' }, { transform: 'scale(1.12)' }, { transform: 'scale(1)' }],
      { duration: 450, easing: 'ease-out' }
    )
  }
}

showBasket()
window.addEventListener(BASKET_CHANGED_EVENT, showBasket)
window.addEventListener(BASKET_CONFIRM_EVENT, confirmChange)
// Back/forward cache restores and another tab's changes: read the cookie again.
window.addEventListener('pageshow', showBasket)
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') showBasket()
})
