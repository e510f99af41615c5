import { currencySymbol, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

// A language's decimal sign, read once per locale from Intl: '.' in en-GB, ',' in nl-NL.
const decimals = new Map<string, string>()

function decimalSign(locale: string): string {
  let sign = decimals.get(locale)
  if (sign === undefined) {
    sign =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')
        ?.value ?? '.'
    decimals.set(locale, sign)
  }
  return sign
}

/**
 * An amount typed by a person in the shop's currency as minor units; null when not an amount.
 * The UK's: '2', '2.5', '£2.50'. A language that writes a decimal comma takes '2,50' and
 * '€ 2,50' (and '2.50', which no Dutch shopper means as two thousand five hundred: at most two
 * digits follow the sign).
 */
export function parseTipPounds(text: string, shop: ShopLocale = GB_LOCALE): number | null {
  const symbol = currencySymbol(shop)
  const typed = text.trim()
  const amount = (typed.startsWith(symbol) ? typed.slice(symbol.length) : typed).trim()
  const signs = decimalSign(shop.locale) === ',' ? '[.,]' : '\\.'
  const match = new RegExp(`^(\\d{1,4})(?:${signs}(\\d{1,2}))?$`).exec(amount)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Minor units as a person would type them back: '2.50' in the UK, '2,50' in Dutch. */
export function typedAmount(pence: number, shop: ShopLocale = GB_LOCALE): string {
  const pounds = (pence / 100).toFixed(2)
  return decimalSign(shop.locale) === ',' ? pounds.replace('.', ',') : pounds
}
