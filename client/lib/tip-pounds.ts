/** Pounds typed by a person ('2', '2.5', '£2.50') as pence; null when not an amount. */
export function parseTipPounds(text: string): number | null {
  const match = /^£?\s*(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
