import { describe, expect, it } from 'vitest'
import {
  CATALOGUES,
  catalogueLocale,
  countOf,
  EN_GB_COUNTS,
  localiseMessage,
  translate,
} from '../../../schemas/message-catalogue.ts'
import { formatMessage, MESSAGES, type MessageKey } from '../../../schemas/messages.ts'
import { GB_LOCALE } from '../../../schemas/locale.ts'

// Issue 43 (ADR 049): every message in every catalogue, English exactly as the spec's, Dutch
// chosen by the brand's locale, counts and numbers through ICU.

const KEYS = Object.keys(MESSAGES) as Array<MessageKey>
const DUTCH = { locale: 'nl-NL' }
// As many values as any message has placeholders, each its own so their order shows.
const VALUES = ['A1', 'B2', 'C3', 'D4', 'E5']

describe('the message catalogues', () => {
  it.each(Object.keys(CATALOGUES))('%s has every message and every count', (locale) => {
    const catalogue = CATALOGUES[locale as keyof typeof CATALOGUES]
    expect(KEYS.filter((key) => catalogue.messages[key] === undefined)).toEqual([])
    expect(Object.keys(catalogue.counts).sort()).toEqual(Object.keys(EN_GB_COUNTS).sort())
  })

  it('en-GB says every message exactly as today, its values in order', () => {
    const differing = KEYS.filter(
      (key) => translate(GB_LOCALE, key, ...VALUES) !== formatMessage(key, ...VALUES)
    )
    expect(differing).toEqual([])
  })

  it('nl-NL keeps every value of each message (no placeholder lost or added)', () => {
    for (const key of KEYS) {
      const places = MESSAGES[key].split('%s').length - 1
      const dutch = translate(DUTCH, key, ...VALUES)
      for (const value of VALUES.slice(0, places)) expect(dutch, key).toContain(value)
      for (const value of VALUES.slice(places)) expect(dutch, key).not.toContain(value)
    }
  })

  it('speaks Dutch for nl-NL and any Dutch locale, English for the rest', () => {
    expect(translate(DUTCH, 'postcodeInvalid', '1234')).toBe('1234 is geen geldige postcode')
    expect(catalogueLocale('nl-BE')).toBe('nl-NL')
    expect(catalogueLocale('en-IE')).toBe('en-GB')
    expect(catalogueLocale('fr-FR')).toBe('en-GB')
  })

  it('names a fulfilment method in Dutch where a message carries it', () => {
    expect(translate(DUTCH, 'couponWrongMethod', 'delivery')).toBe(
      'Deze kortingscode geldt alleen voor bezorgbestellingen.'
    )
    expect(translate(DUTCH, 'couponWrongMethod', 'collection')).toBe(
      'Deze kortingscode geldt alleen voor afhaalbestellingen.'
    )
    expect(localiseMessage(DUTCH, formatMessage('fulfilmentMethodNotOffered', 'delivery'))).toBe(
      'Deze winkel biedt geen bezorging.'
    )
    expect(translate(DUTCH, 'fulfilmentMethodNotOffered', 'collection')).toBe(
      'Deze winkel biedt geen afhaalservice.'
    )
  })

  it('counts with ICU plurals and the language’s digits', () => {
    expect(countOf(GB_LOCALE, 'items', 1)).toBe('1 item')
    expect(countOf(GB_LOCALE, 'items', 3)).toBe('3 items')
    expect(countOf(GB_LOCALE, 'items', 1200)).toBe('1,200 items')
    expect(countOf(DUTCH, 'items', 1)).toBe('1 artikel')
    expect(countOf(DUTCH, 'items', 1200)).toBe('1.200 artikelen')
  })

  it('turns a filled English message into the brand’s language, and leaves other text', () => {
    const english = formatMessage('deliveryOutsideArea', 'Corner Fresh', '1012 AB')
    expect(localiseMessage(DUTCH, english)).toBe(
      'Corner Fresh bezorgt niet in 1012 AB. Kies een andere winkel.'
    )
    expect(localiseMessage(GB_LOCALE, english)).toBe(english)
    expect(localiseMessage(DUTCH, 'Some free text from a gateway')).toBe(
      'Some free text from a gateway'
    )
  })
})
