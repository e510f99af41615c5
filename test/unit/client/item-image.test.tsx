import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ItemImage } from '../../../client/components/catalogue/ItemImage.tsx'
import type { ImageSet } from '../../../schemas/catalogue.ts'

const jpeg: ImageSet = {
  originals: '/media/b1/item/u/original.jpg',
  mdpi_1x: '/media/b1/item/u/mdpi_1x.jpg',
  xhdpi_2x: '/media/b1/item/u/xhdpi_2x.jpg',
  xxhdpi_3x: '/media/b1/item/u/xxhdpi_3x.jpg',
  width: 160,
  height: 107,
}

describe('ItemImage', () => {
  it('is a plain img at three densities, its size set, without WebP copies', () => {
    const html = renderToString(<ItemImage images={jpeg} alt="Bananas" />)
    expect(html).not.toContain('<picture')
    expect(html).toContain('src="/media/b1/item/u/mdpi_1x.jpg"')
    expect(html).toContain(
      'srcSet="/media/b1/item/u/mdpi_1x.jpg 1x, /media/b1/item/u/xhdpi_2x.jpg 2x, /media/b1/item/u/xxhdpi_3x.jpg 3x"'
    )
    expect(html).toContain('width="160" height="107"')
  })

  it('offers the WebP copies first in a <picture>, the img staying the fallback with its size', () => {
    const images: ImageSet = {
      ...jpeg,
      webp: {
        mdpi_1x: '/media/b1/item/u/mdpi_1x.webp',
        xhdpi_2x: '/media/b1/item/u/xhdpi_2x.webp',
        xxhdpi_3x: '/media/b1/item/u/xxhdpi_3x.webp',
      },
    }
    const html = renderToString(<ItemImage images={images} alt="Bananas" eager />)
    expect(html).toMatch(
      /^<picture class="contents"><source type="image\/webp" srcSet="\/media\/b1\/item\/u\/mdpi_1x.webp 1x, \/media\/b1\/item\/u\/xhdpi_2x.webp 2x, \/media\/b1\/item\/u\/xxhdpi_3x.webp 3x"\/><img [^>]*src="\/media\/b1\/item\/u\/mdpi_1x.jpg"[^>]*><\/picture>$/
    )
    expect(html).toContain('width="160" height="107"')
    expect(html).toContain('alt="Bananas"')
    expect(html).toContain('loading="eager"')
  })

  it('leaves out the srcset when every density is the same file (a vector packshot)', () => {
    const url = '/images/packshot/v2/can.svg?c=c62828-fff8e7-7f1d1d&s=415g&n=Baked%20beans'
    const images = { ...jpeg, originals: url, mdpi_1x: url, xhdpi_2x: url, xxhdpi_3x: url }
    const html = renderToString(<ItemImage images={images} alt="Baked beans" />)
    expect(html).not.toContain('srcSet')
    expect(html).toContain('width="160" height="107"')
    expect(html.split('/images/packshot/').length - 1).toBe(1)
  })
})
