// Money display (pence → '£12.50'), shared by the pages, the islands and the backend's messages.
// On its own, so scripts that only show prices (the header basket) do not pull in a date library.
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })
const WHOLE_GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
})

/** Formats integer pence for display: 500 → '£5', 1250 → '£12.50'. */
export function formatMoney(pence: number): string {
  return pence % 100 === 0 ? WHOLE_GBP.format(pence / 100) : GBP.format(pence / 100)
}

/** An extra cost on top of a price (a meal deal premium, an option): '+50p', '+£1.20'. */
export function formatPremium(pence: number): string {
  return pence < 100 ? `+${pence}p` : `+${formatMoney(pence)}`
}
