import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { island } from '../../../client/components/Island.tsx'
import { RenderContext } from '../../../client/components/render-context.ts'
import { ItemOptions } from '../../../client/islands/ItemOptions.tsx'
import { QuickView } from '../../../client/islands/QuickView.tsx'
import { DIPS, SIZE, TOPPINGS, menuItem, option, value } from './fixtures.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'

const ItemOptionsIsland = island('ItemOptions', ItemOptions)
const QuickViewIsland = island('QuickView', QuickView)

function render(node: ReactNode): string {
  return renderToString(
    <RenderContext
      value={{
        nonce: 'n0nce',
        nextIslandId: createIslandIds(),
        now: Date.now(),
        assets: {
          dev: false,
          loader: '/assets/entry.js',
          headerBasket: ['/assets/header-basket.js'],
        },
      }}
    >
      {node}
    </RenderContext>
  )
}

/** The text a reader sees: tags dropped, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  return html.match(new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? ''
}

describe('ItemOptions island', () => {
  const html = render(<ItemOptionsIsland storeId={3} item={menuItem()} />)
  const base = 'itemoptions-0'

  it('renders one fieldset with a legend and hint per shown option, in the item’s order', () => {
    const legends = [...html.matchAll(/<legend[^>]*>([\s\S]*?)<\/legend>/g)].map((m) =>
      text(m[1] ?? '')
    )
    expect(legends).toEqual(['Size Required', 'Crust Required', 'Extra toppings', 'Dips'])
    expect(tag(html, `${base}-option-${SIZE.id}`)).toContain(
      `aria-describedby="${base}-option-${SIZE.id}-hint"`
    )
    expect(text(html)).toContain('Optional, choose up to 6')
    expect(text(html)).toContain('Optional, choose up to 3')
  })

  it('preselects the defaults as checked radios sharing one group per option', () => {
    const small = tag(html, `${base}-option-${SIZE.id}-value-${SIZE.small}`)
    expect(small).toContain('type="radio"')
    // One group per option, named as the add form without JavaScript posts it (choice-<option>).
    expect(small).toContain(`name="choice-${SIZE.id}"`)
    expect(small).toContain('checked')
    expect(tag(html, `${base}-option-${SIZE.id}-value-${SIZE.large}`)).not.toContain('checked')
  })

  it('shows extra costs for the chosen size, and out-of-stock values disabled', () => {
    expect(text(html)).toContain('14 inch +£4.00')
    expect(text(html)).toContain('Mozzarella +£1.00')
    expect(text(html)).toContain('Mushrooms +80p Out of stock')
    expect(tag(html, `${base}-option-${TOPPINGS.id}-value-${TOPPINGS.mushrooms}`)).toContain(
      'disabled=""'
    )
  })

  it('gives options with several instances a number field until the island runs', () => {
    // The island turns it into a − count + stepper; without JavaScript the form posts the count.
    const garlic = tag(html, `${base}-option-${DIPS.id}-value-${DIPS.garlic}`)
    expect(garlic).toMatch(/^<input/)
    expect(garlic).toContain('type="number"')
    expect(garlic).toContain(`name="choice-${DIPS.id}-${DIPS.garlic}"`)
    expect(html).toContain(`<label for="${base}-option-${DIPS.id}-value-${DIPS.garlic}"`)
  })

  it('posts to the add form with the store and item, so Add works without JavaScript', () => {
    const form = html.match(/<form[^>]*>/)?.[0] ?? ''
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/basket/add"')
    expect(html).toContain('<input type="hidden" name="storeId" value="3"/>')
    expect(html).toContain('<input type="hidden" name="itemId" value="501"/>')
  })

  it('shows the live price on the Add button and no errors before Add is pressed', () => {
    expect(text(html)).toContain('Add to basket · £8.99')
    expect(html).not.toContain('text-red-700')
    expect(html).toContain(`<label for="${base}-quantity"`)
    expect(tag(html, `${base}-quantity`)).toContain('value="1"')
  })

  it('offers None for an optional exclusive option and hides dependants until their value', () => {
    const item = menuItem({
      options: [
        option(1, [value(10, { name: 'No thanks' }), value(11, { name: 'Yes' })], {
          name: 'Make it a meal?',
          mutuallyExclusive: true,
          displayAsGrid: true,
        }),
        option(2, [value(20, { name: 'Fries' })], {
          name: 'Choose your side',
          dependentOn: 1,
          dependentOnValueId: 11,
        }),
      ],
    })
    const meal = render(<ItemOptionsIsland storeId={3} item={item} />)
    expect(tag(meal, `${base}-option-1-none`)).toContain('checked')
    expect(meal).toContain('grid grid-cols-2')
    expect(text(meal)).not.toContain('Choose your side')
  })

  it('asks the age with a tick box until the island runs, and refuses an out-of-stock item', () => {
    const restricted = render(
      <ItemOptionsIsland storeId={3} item={menuItem({ ageRestriction: 18 })} />
    )
    // The island asks after Add instead; the form without JavaScript posts the tick.
    expect(text(restricted)).toContain('You must be at least 18 to purchase this item')
    expect(restricted).toContain('name="ageConfirmed" value="1"')
    expect(text(html)).not.toContain('You must be at least')
    const gone = render(<ItemOptionsIsland storeId={3} item={menuItem({ outOfStock: true })} />)
    expect(gone).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Out of stock<\/button>/)
  })

  it('travels to the browser with its props', () => {
    const props = html.match(/data-island-props="ItemOptions"[^>]*>([^<]*)<\/script>/)?.[1] ?? '{}'
    expect(JSON.parse(props)).toMatchObject({ storeId: 3, islandId: base, item: { id: 501 } })
    expect(tag(html, `${base}-option-${TOPPINGS.id}`)).toMatch(/^<fieldset/)
  })
})

describe('QuickView island', () => {
  it('is a form going to the item page until its script runs', () => {
    const html = render(
      <QuickViewIsland storeId={3} storeSlug="corner-fresh-ancoats" item={menuItem()} />
    )
    const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? ''
    expect(form).toContain('action="/stores/corner-fresh-ancoats/category/pizza/margherita-pizza"')
    expect(form).toContain('method="get"')
    expect(form).toMatch(/<button type="submit"/)
    // No dialog promised before the island can open one.
    expect(form).not.toContain('aria-haspopup')
    expect(text(form)).toBe('Choose options Margherita pizza')
    expect(html).toContain('data-island="QuickView"')
  })
})
