/**
 * Whether a saved card has expired. A card is good to the end of its expiry month (MM/YY on the
 * card), so it expires when that month is over where the shop trades: the month is read in UK
 * time, so at 23:30 UTC on 31 May (00:30 on 1 June in London) a May card has expired.
 */
export function isCardExpired(
  card: { expiryMonth: number; expiryYear: number },
  now: Date,
  timeZone = 'Europe/London'
): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now)
  const year = Number(parts.find(({ type }) => type === 'year')?.value)
  const month = Number(parts.find(({ type }) => type === 'month')?.value)
  return card.expiryYear < year || (card.expiryYear === year && card.expiryMonth < month)
}

/** The expiry as printed on the card: '04/27'. */
export function cardExpiryLabel(card: { expiryMonth: number; expiryYear: number }): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`
}
