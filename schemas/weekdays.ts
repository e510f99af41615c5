/**
 * The days of the week, 0 = Monday … 6 = Sunday as store_opening_hours numbers them, in English
 * whatever the business's locale: the console, the store pages and schema.org's day names
 * (https://schema.org/Monday) all use these words. Written by Intl from a known Monday rather than
 * typed out in every module that needs them.
 */
const A_MONDAY = Date.UTC(2024, 0, 1)
const DAY_MS = 24 * 60 * 60 * 1000

function weekdayNames(weekday: 'long' | 'short'): ReadonlyArray<string> {
  const format = new Intl.DateTimeFormat('en-GB', { weekday, timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, day) => format.format(A_MONDAY + day * DAY_MS))
}

/** 'Monday' … 'Sunday'. */
export const WEEKDAY_NAMES = weekdayNames('long')

/** 'Mon' … 'Sun'. */
export const WEEKDAY_SHORT_NAMES = weekdayNames('short')

/**
 * The days' names as a shopper of another language reads them ('maandag' … 'zondag' in nl-NL,
 * 'ma' … 'zo' short), 0 = Monday; the English names above for English.
 */
export function weekdayNamesIn(
  locale: string,
  weekday: 'long' | 'short' = 'long'
): ReadonlyArray<string> {
  if (locale.split('-')[0]?.toLowerCase() === 'en') {
    return weekday === 'long' ? WEEKDAY_NAMES : WEEKDAY_SHORT_NAMES
  }
  const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' })
  return Array.from({ length: 7 }, (_, day) => format.format(A_MONDAY + day * DAY_MS))
}
