import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { island } from '../../../client/components/Island.tsx'
import { RenderContext } from '../../../client/components/render-context.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'
import {
  countByForms,
  fillTemplate,
  islandTexts,
  PageTextsContext,
  useCount,
  useText,
} from '../../../client/lib/page-text.ts'
import { GB_LOCALE } from '../../../schemas/locale.ts'
import {
  countOf,
  countTemplate,
  translatedTemplate,
  translateEnglish,
} from '../../../schemas/message-catalogue.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { TextField } from '../../../client/components/forms/Form.tsx'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'
import { checkPostcode, DEFAULT_POSTCODE_RULE } from '../../../schemas/postcode.ts'

// Page text in the brand's language (issue 43, ADR 049): named by its English, said by the
// worker in the catalogue's language, carried to an island's hydration as templates.

const DUTCH = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }
const IRISH = { ...GB_LOCALE, locale: 'en-IE', currency: 'EUR', countryCode: 'IE' }

function AddButton({ store, islandId }: { store: string; islandId?: string }) {
  const text = useText()
  const said = [
    text(MESSAGES.pageAddToBasket),
    text(MESSAGES.pageStoresNear, store),
    text('Not a catalogue message'),
  ]
  return <p id={islandId}>{said.join(' / ')}</p>
}

const AddIsland = island('AddButton', AddButton, { texts: [MESSAGES.pageViewBasket] })

function ItemCount({ count }: { count: number; islandId?: string }) {
  return <p>{useCount()('items', count)}</p>
}

const CountIsland = island('ItemCount', ItemCount, { counts: ['products'] })

function renderIsland(shop: typeof GB_LOCALE): string {
  return renderToString(
    <RenderContext
      value={{
        nonce: 'n0nce',
        nextIslandId: createIslandIds(),
        now: 0,
        assets: { dev: false, loader: '/assets/entry.js', headerBasket: [] },
      }}
    >
      <PageTextsContext value={pageTextsOf(shop)}>
        <AddIsland store="3512 AB" />
      </PageTextsContext>
    </RenderContext>
  )
}

describe('page text', () => {
  it('says a message named by its English in the brand’s language, other text as it is', () => {
    expect(translateEnglish(DUTCH, MESSAGES.pageStoresNear, '3512 AB')).toBe('Winkels bij 3512 AB')
    expect(translateEnglish(DUTCH, 'Not a catalogue message')).toBe('Not a catalogue message')
    expect(translateEnglish(GB_LOCALE, MESSAGES.pageStoresNear, 'M1 1AE')).toBe(
      'Stores near M1 1AE'
    )
  })

  it('makes a translation a template the browser fills, none for English', () => {
    const template = translatedTemplate(DUTCH, MESSAGES.pagePayTotal)
    expect(template).toBe('{0} betalen')
    expect(fillTemplate(template ?? '', ['€ 13,49'])).toBe('€ 13,49 betalen')
    expect(translatedTemplate(IRISH, MESSAGES.pagePayTotal)).toBeNull()
    expect(translatedTemplate(DUTCH, 'Not a catalogue message')).toBeNull()
  })

  it('writes an island’s translations after its props for a Dutch brand, and hydrates with them', () => {
    const html = renderIsland(DUTCH)
    expect(html).toContain('>In mandje / Winkels bij 3512 AB / Not a catalogue message<')
    const written =
      /<script type="application\/json" data-island-texts="" nonce="n0nce">(.*?)<\/script>/.exec(
        html
      )?.[1]
    const texts = JSON.parse(written ?? '{}') as Record<string, string>
    expect(texts).toEqual({
      [MESSAGES.pageAddToBasket]: 'In mandje',
      [MESSAGES.pageStoresNear]: 'Winkels bij {0}',
      // Declared by the island: shown only after a press.
      [MESSAGES.pageViewBasket]: 'Bekijk mandje',
    })
    // The browser says what the server said, from those templates alone.
    const browser = islandTexts(texts)
    expect(browser.say(MESSAGES.pageStoresNear, '3512 AB')).toBe('Winkels bij 3512 AB')
    expect(browser.say(MESSAGES.pageOneMore)).toBe('One more')
  })

  it('leaves an English brand’s island as it was: English, no translations written', () => {
    for (const shop of [GB_LOCALE, IRISH]) {
      const html = renderIsland(shop)
      expect(html).toContain('>Add to basket / Stores near 3512 AB / Not a catalogue message<')
      expect(html).not.toContain('data-island-texts')
    }
  })

  it('counts with the catalogue’s plurals on the server and the same forms in the browser', () => {
    for (const count of [0, 1, 2, 1200]) {
      const template = countTemplate(DUTCH, 'items')
      expect(countByForms(template ?? '', count)).toBe(countOf(DUTCH, 'items', count))
    }
    expect(countOf(DUTCH, 'items', 3)).toBe('3 artikelen')
    expect(countTemplate(GB_LOCALE, 'items')).toBeNull()
    // English pages write a count as they always did: no separators.
    expect(pageTextsOf(GB_LOCALE).count('items', 1200)).toBe('1200 items')
    expect(pageTextsOf(GB_LOCALE).count('items', 1)).toBe('1 item')

    const render = (shop: typeof GB_LOCALE) =>
      renderToString(
        <RenderContext
          value={{
            nonce: 'n0nce',
            nextIslandId: createIslandIds(),
            now: 0,
            assets: { dev: false, loader: '/assets/entry.js', headerBasket: [] },
          }}
        >
          <PageTextsContext value={pageTextsOf(shop)}>
            <CountIsland count={3} />
          </PageTextsContext>
        </RenderContext>
      )
    const html = render(DUTCH)
    expect(html).toContain('<p>3 artikelen</p>')
    const written = /data-island-texts="" nonce="n0nce">(.*?)<\/script>/.exec(html)?.[1]
    const browser = islandTexts(JSON.parse(written ?? '{}') as Record<string, string>)
    expect(browser.count('items', 1)).toBe('1 artikel')
    // Declared by the island: said only after it hydrates.
    expect(browser.count('products', 2)).toBe('2 producten')
    expect(browser.count('stores', 2)).toBe('2 stores')
    expect(render(GB_LOCALE)).toContain('<p>3 items</p>')
    expect(render(GB_LOCALE)).not.toContain('data-island-texts')
  })

  it('has the islands’ postcode box refuse in the brand’s language', () => {
    const dutch = pageTextsOf(DUTCH).say
    expect(checkPostcode('', DEFAULT_POSTCODE_RULE, dutch)).toEqual({
      ok: false,
      message: 'Vul een geldige postcode in',
    })
    expect(checkPostcode('ZZ', DEFAULT_POSTCODE_RULE, dutch)).toEqual({
      ok: false,
      message: 'ZZ is geen geldige postcode',
    })
    expect(checkPostcode('ZZ', DEFAULT_POSTCODE_RULE)).toEqual({
      ok: false,
      message: formatMessage('postcodeInvalid', 'ZZ'),
    })
  })

  it('says a refusal filled in English in the brand’s language on a server-rendered form', () => {
    const field = (shop: typeof GB_LOCALE) =>
      renderToString(
        <PageTextsContext value={pageTextsOf(shop)}>
          <TextField
            idPrefix="details"
            name="postcode"
            label={MESSAGES.pagePostcode}
            autoComplete="postal-code"
            maxLength={10}
            errors={{ postcode: formatMessage('postcodeInvalid', 'ZZ1') }}
          />
        </PageTextsContext>
      )
    expect(field(DUTCH)).toContain('ZZ1 is geen geldige postcode')
    expect(field(GB_LOCALE)).toContain('ZZ1 is not a valid postcode')
  })
})
