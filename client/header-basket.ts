// The header basket: every page with a brand loads this one small module (no React). Pages are
// publicly cached, so the server renders a plain "Basket" link; this fills in the count and total
// from the summary cookie the worker keeps with every basket answer, and follows each change an
// island announces, so the header updates without a reload.
import { BASKET_CHANGED_EVENT, basketLabel, readBasketSummaryCookie } from './lib/basket-summary.ts'
import { formatMoney } from '../schemas/money.ts'

function showBasket(): void {
  const summary = readBasketSummaryCookie(document.cookie)
  const filled = summary !== null && summary.itemCount > 0
  for (const link of document.querySelectorAll<HTMLElement>('[data-basket-link]')) {
    const count = link.querySelector<HTMLElement>('[data-basket-count]')
    const text = link.querySelector<HTMLElement>('[data-basket-text]')
    // The count is drawn by CSS from data-count, so the visible total stays inside the link's
    // accessible name, which says the count in words (WCAG 2.5.3 label in name).
    if (filled) link.setAttribute('aria-label', basketLabel(summary))
    else link.removeAttribute('aria-label')
    if (count) {
      count.hidden = !filled
      count.dataset.count = filled ? String(summary.itemCount) : ''
    }
    if (text) text.textContent = filled ? formatMoney(summary.total) : 'Basket'
  }
}

showBasket()
window.addEventListener(BASKET_CHANGED_EVENT, showBasket)
// Back/forward cache restores and another tab's changes: read the cookie again.
window.addEventListener('pageshow', showBasket)
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') showBasket()
})
