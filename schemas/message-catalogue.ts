// The message catalogues (issue 43, ADR 049): every message of schemas/messages.ts in each
// language a brand can speak, as ICU MessageFormat, formatted by intl-messageformat (FormatJS).
// The worker's module: the ICU runtime carries its parser (about 12 KB gzip), so no island
// imports this; islands keep the en-GB strings the client build inlines (ADR 032).
import { IntlMessageFormat } from 'intl-messageformat'
import { COUNT_NOUNS, type CountNoun } from './count-nouns.ts'
import { NL_NL_COUNTS, NL_NL_MESSAGES } from './catalogues/nl-NL.ts'
import type { ShopLocale } from './locale.ts'
import { fillMessage, type Say } from './message-format.ts'
import { MESSAGES, type MessageKey } from './messages.ts'
import { escapeRegExp } from './regex-escape.ts'

/** One language's messages: ICU text with positional arguments, `{0}` for the spec's first `%s`. */
export type Catalogue = Readonly<Record<MessageKey, string>>

/**
 * Another language's: partial in its type so a branch that adds an English message still
 * compiles; the catalogue test fails until the translation is there, and until then it shows in
 * English.
 */
export type Translation = Readonly<Partial<Record<MessageKey, string>>>

/**
 * Counted nouns, ICU plurals in each language: `{count, plural, one {# item} other {# items}}`.
 * A count is an ICU number, so it is written in the language's digits and separators.
 */
export type CountKey = CountNoun
export type Counts = Readonly<Record<CountKey, string>>

/** English's, from the nouns' English forms (schemas/count-nouns.ts). */
export const EN_GB_COUNTS: Counts = Object.fromEntries(
  Object.entries(COUNT_NOUNS).map(([noun, { one, other }]) => [
    noun,
    `{count, plural, one {# ${one}} other {# ${other}}}`,
  ])
) as Record<CountKey, string>

/**
 * The spec's `%s` template as ICU: `%s` becomes `{0}`, `{1}`… in order, and the characters ICU
 * reads as syntax are quoted so the text comes out exactly as written.
 */
export function icuOf(template: string): string {
  let index = 0
  return template
    .split('%s')
    .map((text) => text.replace(/'/g, "''").replace(/[{}]/g, (brace) => `'${brace}'`))
    .reduce((icu, text) => `${icu}{${index++}}${text}`)
}

/** en-GB is the source: the spec's messages word for word (schemas/messages.ts). */
export const EN_GB_MESSAGES: Catalogue = Object.fromEntries(
  Object.entries(MESSAGES).map(([key, template]) => [key, icuOf(template)])
) as Record<MessageKey, string>

/** The catalogues by the locale they are written in. */
export const CATALOGUES = {
  'en-GB': { messages: EN_GB_MESSAGES, counts: EN_GB_COUNTS },
  'nl-NL': { messages: NL_NL_MESSAGES, counts: NL_NL_COUNTS },
} as const satisfies Record<string, { messages: Translation; counts: Counts }>

export type CatalogueLocale = keyof typeof CATALOGUES

/** The catalogue a brand's locale reads: its own, else its language's, else English. */
export function catalogueLocale(locale: string): CatalogueLocale {
  if (locale in CATALOGUES) return locale as CatalogueLocale
  const language = locale.split('-')[0]?.toLowerCase()
  const same = Object.keys(CATALOGUES).find((tag) => tag.split('-')[0] === language)
  return (same as CatalogueLocale | undefined) ?? 'en-GB'
}

// A message is parsed once per language and kept: the parse is the costly part.
const compiled = new Map<string, IntlMessageFormat>()

function compile(locale: CatalogueLocale, id: string, text: string): IntlMessageFormat {
  const cacheKey = `${locale}|${id}`
  let found = compiled.get(cacheKey)
  if (!found) {
    found = new IntlMessageFormat(text, locale)
    compiled.set(cacheKey, found)
  }
  return found
}

function formatted(message: IntlMessageFormat, values: Record<string, string | number>): string {
  const result = message.format(values)
  return Array.isArray(result) ? result.join('') : String(result)
}

/**
 * A message in the brand's language, its `%s` values in order:
 * `translate(shop, 'postcodeInvalid', 'ZZ1')` → 'ZZ1 is not a valid postcode' (en-GB).
 */
export function translate(
  shop: Pick<ShopLocale, 'locale'>,
  key: MessageKey,
  ...values: Array<string | number>
): string {
  const wanted = catalogueLocale(shop.locale)
  const text = CATALOGUES[wanted].messages[key]
  const [locale, icu] =
    text === undefined ? (['en-GB', EN_GB_MESSAGES[key]] as const) : [wanted, text]
  const named = Object.fromEntries(values.map((value, index) => [String(index), String(value)]))
  return formatted(compile(locale, key, icu), named)
}

/** A count with its noun in the brand's language: '1 item', '3 items', '3 artikelen'. */
export function countOf(shop: Pick<ShopLocale, 'locale'>, noun: CountKey, count: number): string {
  const locale = catalogueLocale(shop.locale)
  return formatted(compile(locale, `#${noun}`, CATALOGUES[locale].counts[noun]), { count })
}

/**
 * A counted noun's forms for the browser, which has Intl's plural rules but not the ICU runtime:
 * JSON `{"locale":"nl-NL","forms":{"one":"{0} artikel","other":"{0} artikelen"}}`, `{0}` for the
 * number as the locale writes it (client/lib/page-text.ts fills it). Null for English, whose
 * pages write counts as they always did, or a plural too rich for forms (a nested argument).
 */
export function countTemplate(shop: Pick<ShopLocale, 'locale'>, noun: CountKey): string | null {
  const locale = catalogueLocale(shop.locale)
  if (locale === 'en-GB') return null
  const [plural, ...rest] = compile(locale, `#${noun}`, CATALOGUES[locale].counts[noun]).getAst()
  if (!plural || rest.length > 0 || !('options' in plural) || plural.type !== TYPE.plural) {
    return null
  }
  const forms: Record<string, string> = {}
  for (const [category, option] of Object.entries(plural.options)) {
    let form = ''
    for (const part of option.value) {
      if (part.type === TYPE.pound) form += '{0}'
      else if (part.type === TYPE.literal) form += part.value
      else return null
    }
    forms[category] = form
  }
  return JSON.stringify({ locale, forms })
}

// The AST's element types this reads (@formatjs/icu-messageformat-parser's TYPE enum).
const TYPE = { literal: 0, plural: 6, pound: 7 } as const

// The English text of every message as a pattern, its `%s` parts captured: the way back from a
// message already filled (an AppError's, a flash's) to its key and values. Longest first, so a
// message that another one starts with is not taken for it.
let patterns: Array<{ key: MessageKey; pattern: RegExp }> | null = null

function messagePatterns(): Array<{ key: MessageKey; pattern: RegExp }> {
  patterns ??= (Object.entries(MESSAGES) as Array<[MessageKey, string]>)
    // A head's title or description ('Order %s', '%s at %s') is said by its key, never filled in
    // English first; as a pattern it would take a refusal's free text for itself.
    .filter(([key]) => !key.startsWith('meta'))
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([key, template]) => {
      const parts = template.split('%s').map(escapeRegExp)
      return { key, pattern: new RegExp(`^${parts.join('(.+?)')}$`, 's') }
    })
  return patterns
}

/**
 * An English message as the brand's language says it: the edge (the error page, the API's error
 * envelope, a flash) gets a message its maker filled in English and passes it through here. Text
 * that is no catalogue message (a backend's free text, a composed sentence) stays as it is.
 */
export function localiseMessage(shop: Pick<ShopLocale, 'locale'>, english: string): string {
  if (catalogueLocale(shop.locale) === 'en-GB') return english
  for (const { key, pattern } of messagePatterns()) {
    const match = pattern.exec(english)
    if (match) return translate(shop, key, ...match.slice(1))
  }
  return english
}

// Page text names a message by its English (client/lib/page-text.ts), so the client build can
// inline it; the way back to its key. Two keys with the same English share the first's words.
let keysByEnglish: Map<string, MessageKey> | null = null

function keyOfEnglish(english: string): MessageKey | undefined {
  if (!keysByEnglish) {
    keysByEnglish = new Map()
    for (const [key, template] of Object.entries(MESSAGES) as Array<[MessageKey, string]>) {
      if (!keysByEnglish.has(template)) keysByEnglish.set(template, key)
    }
  }
  return keysByEnglish.get(english)
}

/**
 * A message named by its English template, in the brand's language and filled:
 * `translateEnglish(nl, MESSAGES.addToBasket)` → 'In mandje'. Text that is no catalogue message
 * is filled as it is.
 */
export function translateEnglish(
  shop: Pick<ShopLocale, 'locale'>,
  english: string,
  ...values: Array<string | number>
): string {
  const key = keyOfEnglish(english)
  return key === undefined ? fillMessage(english, ...values) : translate(shop, key, ...values)
}

/**
 * The business's words for what the backend builds for a shopper (an order's status, its
 * timeline and history, its money rows, named discounts, a weighed line): each label is made by
 * its English message and said through `say`, as emails are (ADR 061). An English business's
 * answer is filled exactly as before, without the ICU runtime.
 */
export function sayIn(shop: Pick<ShopLocale, 'locale'>): Say {
  if (catalogueLocale(shop.locale) === 'en-GB') return fillMessage
  return (english, ...values) => translateEnglish(shop, english, ...values)
}

// Stand-ins for the values while a translation is made a template: private-use characters no
// message holds.
const slot = (index: number) => `\uE000${index}\uE001`
const SLOT = /\uE000(\d+)\uE001/g

/**
 * A message's translation as a template the browser fills (`{0}` for its first value), or null
 * when the brand reads English, the message has no translation yet, or its ICU needs the values
 * themselves (a plural): an island then shows the English it carries.
 */
export function translatedTemplate(
  shop: Pick<ShopLocale, 'locale'>,
  english: string
): string | null {
  const locale = catalogueLocale(shop.locale)
  if (locale === 'en-GB') return null
  const key = keyOfEnglish(english)
  if (key === undefined || CATALOGUES[locale].messages[key] === undefined) return null
  const count = english.split('%s').length - 1
  try {
    const text = translate(shop, key, ...Array.from({ length: count }, (_, index) => slot(index)))
    return text.replace(SLOT, (_, index: string) => `{${index}}`)
  } catch {
    return null
  }
}
