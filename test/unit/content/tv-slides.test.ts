import { describe, expect, it } from 'vitest'
import { tvRotationCss, tvSlides, TV_MAX_SLIDES } from '../../../client/lib/tv-slides.ts'
import type { Banner, DealSummary } from '../../../schemas/catalogue.ts'

const banner = (id: number): Banner =>
  ({
    bannerId: id,
    slug: `b${id}`,
    title: `Banner ${id}`,
    subtitle: null,
    image: { url: `/b${id}.svg`, width: 10, height: 5 },
  }) as Banner

const deal = (id: number): DealSummary => ({
  id,
  slug: `d${id}`,
  name: `Deal ${id}`,
  description: null,
  kind: 'multibuy',
  quantityRequired: 3,
  price: 500,
  discountPercent: null,
  discountAmount: null,
  badge: null,
  imageUrl: null,
  endsAt: null,
})

describe('tvSlides', () => {
  it('alternates banners and deals and words deals from their own prices', () => {
    const slides = tvSlides([banner(1), banner(2)], [deal(7)])
    expect(slides.map((slide) => slide.id)).toEqual(['banner-1', 'deal-7', 'banner-2'])
    expect(slides[1]).toMatchObject({ kind: 'deal', terms: '3 for £5.00' })
  })

  it(`shows at most ${TV_MAX_SLIDES}`, () => {
    const many = Array.from({ length: 10 }, (_, index) => index + 1)
    expect(tvSlides(many.map(banner), many.map(deal))).toHaveLength(TV_MAX_SLIDES)
  })
})

describe('tvRotationCss', () => {
  it('gives each slide its share of one cycle and its own delay', () => {
    const css = tvRotationCss(4, 8)
    expect(css).toContain('animation:tv-rotate 32s linear infinite both')
    expect(css).toContain('25%{opacity:0;visibility:hidden}')
    for (const [index, delay] of [0, 8, 16, 24].entries()) {
      expect(css).toContain(`.tv-slide-${index}{animation-delay:${delay}s}`)
    }
  })

  it('stands still with reduced motion, and a single slide never animates', () => {
    const still = tvRotationCss(6).split('@media (prefers-reduced-motion:reduce){')[1] ?? ''
    expect(still).toContain('animation:none')
    expect(still).toContain('.tv-slide:nth-child(n+5){display:none}')
    expect(tvRotationCss(1)).not.toContain('@keyframes')
  })
})
