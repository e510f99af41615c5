// Page text in the brand's language (issue 43, ADR 049). Components name a message by its English
// source, `text(MESSAGES.addToBasket)`, so the client build still inlines the English (ADR 032)
// and no island carries the catalogue: the worker's render says it in the brand's language, and
// an island hydrating in the browser gets the translations its server render used, written after
// its props (client/components/Island.tsx). Without a provider (a UK page, a unit test) a message
// is its English, filled as formatMessage fills it.
import { createContext, useContext } from 'react'
import { type CountNoun, englishCount } from '../../schemas/count-nouns.ts'
import { fillMessage } from '../../schemas/message-format.ts'

/** The render's page text: an English message in the render's language, its `%s` filled. */
export interface PageTexts {
  say: (english: string, ...values: Array<string | number>) => string
  /**
   * The message's translation as a template for the browser (`{0}` for each value), or null
   * when the render speaks English or has no translation of it.
   */
  template: (english: string) => string | null
  /**
   * A message its maker already filled in English (a form's refusal, a flash) in the render's
   * language; text that is no catalogue message stays as it is.
   */
  localise: (english: string) => string
  /** A count with its noun in the render's language: '3 items', '3 artikelen'. */
  count: (noun: CountNoun, count: number) => string
  /**
   * The noun's plural forms for the browser (JSON, see countTemplate in
   * schemas/message-catalogue.ts), or null when the render speaks English.
   */
  countTemplate: (noun: CountNoun) => string | null
}

const asItIs = (english: string) => english

/** English: each message as written in schemas/messages.ts. */
export const ENGLISH_TEXTS: PageTexts = {
  say: fillMessage,
  template: () => null,
  localise: asItIs,
  count: englishCount,
  countTemplate: () => null,
}

// A counted noun's forms travel with an island's translations under this key.
const countKey = (noun: CountNoun) => `#${noun}`

export const PageTextsContext = createContext<PageTexts>(ENGLISH_TEXTS)

/** The render's text function: `const text = useText(); text(MESSAGES.basketTitle)`. */
export function useText(): PageTexts['say'] {
  return useContext(PageTextsContext).say
}

/** The render's counts: `const count = useCount(); count('items', 3)` → '3 items', '3 artikelen'. */
export function useCount(): PageTexts['count'] {
  return useContext(PageTextsContext).count
}

/**
 * The render's way to say a refusal filled in English in its language: the form fields and
 * alerts of pages rendered on the server. Inside an island it leaves the message as it is (the
 * browser could not say it the same way when it hydrates): the page hands an island its
 * messages said already.
 */
export function useLocalised(): PageTexts['localise'] {
  return useContext(PageTextsContext).localise
}

/** A translation's template filled in the browser: `{0}`, `{1}`… by the values in their order. */
export function fillTemplate(template: string, values: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = values[Number(index)]
    return value === undefined ? match : String(value)
  })
}

/**
 * A count by its noun's forms as the server wrote them: the form for the number's plural
 * category (an exact `=n` first), the number as the locale writes it, as ICU would say it.
 */
export function countByForms(template: string, count: number): string | null {
  try {
    const { locale, forms } = JSON.parse(template) as {
      locale: string
      forms: Record<string, string>
    }
    const form =
      forms[`=${count}`] ?? forms[new Intl.PluralRules(locale).select(count)] ?? forms.other
    return form === undefined
      ? null
      : fillTemplate(form, [new Intl.NumberFormat(locale).format(count)])
  } catch {
    return null
  }
}

/** The page text an island hydrates with: the translations its server render wrote, else English. */
export function islandTexts(translations: Readonly<Record<string, string>>): PageTexts {
  return {
    say: (english, ...values) => {
      const template = translations[english]
      return template === undefined
        ? fillMessage(english, ...values)
        : fillTemplate(template, values)
    },
    template: (english) => translations[english] ?? null,
    localise: asItIs,
    count: (noun, count) => {
      const template = translations[countKey(noun)]
      return (
        (template === undefined ? null : countByForms(template, count)) ?? englishCount(noun, count)
      )
    },
    countTemplate: (noun) => translations[countKey(noun)] ?? null,
  }
}

/**
 * Page text that keeps each translation it hands out, for the island it renders in to write into
 * the page (the browser cannot translate on its own).
 */
export function recordingTexts(
  texts: PageTexts,
  extra: ReadonlyArray<string> = [],
  extraCounts: ReadonlyArray<CountNoun> = []
): {
  texts: PageTexts
  used: Record<string, string>
} {
  const used: Record<string, string> = {}
  const keep = (english: string) => {
    const template = texts.template(english)
    if (template !== null) used[english] = template
  }
  const keepCount = (noun: CountNoun) => {
    const template = texts.countTemplate(noun)
    if (template !== null) used[countKey(noun)] = template
  }
  for (const english of extra) keep(english)
  for (const noun of extraCounts) keepCount(noun)
  return {
    used,
    texts: {
      say: (english, ...values) => {
        keep(english)
        return texts.say(english, ...values)
      },
      template: texts.template,
      localise: asItIs,
      count: (noun, count) => {
        keepCount(noun)
        return texts.count(noun, count)
      },
      countTemplate: texts.countTemplate,
    },
  }
}
