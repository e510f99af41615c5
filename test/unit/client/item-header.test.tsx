import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ItemPicture, ItemPriceLines } from '../../../client/components/item/ItemHeader.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'

/*
 * The item page and the quick view show an item's head through one component (issue 38): the
 * same sentences in both places, only the type size differs.
 */

const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

const apples = {
  price: 54,
  wasPrice: null,
  weighing: { soldBy: 'by_piece_estimated' as const, pricePerKg: 300, unitGrams: 180 },
  unitPrice: null,
}
const milk = {
  price: 145,
  wasPrice: 165,
  weighing: null,
  unitPrice: { minor: 64, per: 'litre' as const },
}

describe('the item head, on the item page and in the quick view', () => {
  it('says a weighed item is an estimate, its weighing and that the final price follows picking', () => {
    const page = text(renderToString(<ItemPriceLines item={apples} place="page" />))
    const quick = text(renderToString(<ItemPriceLines item={apples} place="quick-view" />))
    expect(page).toContain(MESSAGES.weighedFinalPrice)
    expect(page).toContain('approx. 180 g each')
    expect(quick).toBe(page)
  })

  it('gives an item sold each its unit price, and the page its offer after it', () => {
    const page = renderToString(
      <ItemPriceLines item={milk} place="page">
        <p>3 for £4</p>
      </ItemPriceLines>
    )
    expect(text(page)).toMatch(/64p\/litre 3 for £4$/)
    expect(text(renderToString(<ItemPriceLines item={milk} place="quick-view" />))).toContain(
      '64p/litre'
    )
  })

  it('greys the picture of an item out of stock, the badge over it', () => {
    const item = {
      name: 'Bananas',
      images: {
        originals: '/media/b/original.jpg',
        mdpi_1x: '/media/b/mdpi_1x.jpg',
        xhdpi_2x: '/media/b/xhdpi_2x.jpg',
        xxhdpi_3x: '/media/b/xxhdpi_3x.jpg',
        width: 160,
        height: 160,
      },
      badge: { text: 'New', color: '#000000', backgroundColor: '#ffffff' },
    }
    const greyed = renderToString(<ItemPicture item={item} place="page" greyed />)
    expect(greyed).toContain('grayscale')
    expect(text(greyed)).toBe('New')
    expect(renderToString(<ItemPicture item={item} place="quick-view" />)).not.toContain(
      'grayscale'
    )
  })
})
