import type { Banner, DealSummary } from '../../schemas/catalogue.ts'
import { dealTerms } from './deal-terms.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'
import { fillMessage } from '../../schemas/message-format.ts'

/** One screen of the in-store display: a banner or a deal, with its words from the data. */
export type TvSlide =
  | { kind: 'banner'; id: string; title: string; subtitle: string | null; imageUrl: string }
  | {
      kind: 'deal'
      id: string
      title: string
      /** What the deal gives ('3 for £5.00'): dealTerms of the deal's own prices. */
      terms: string
      description: string | null
      imageUrl: string | null
    }

/** More would make a long cycle and a crowded still grid (reduced motion). */
export const TV_MAX_SLIDES = 8
/** How many slides stand still, two by two, with prefers-reduced-motion. */
export const TV_STILL_SLIDES = 4
/** How long each slide stays on screen. */
export const TV_SECONDS_PER_SLIDE = 8
/** The page reloads this often to show new banners and deals (meta refresh). */
export const TV_REFRESH_SECONDS = 300

/**
 * The store's banners then its deals, alternating so a long list of either does not dominate;
 * a deal's terms in the shop's money and language (`say`, the page's text(); English by default).
 */
export function tvSlides(
  banners: ReadonlyArray<Banner>,
  deals: ReadonlyArray<DealSummary>,
  shop: ShopLocale = GB_LOCALE,
  say: (english: string, ...values: Array<string | number>) => string = fillMessage
): Array<TvSlide> {
  const bannerSlides: Array<TvSlide> = banners.map((banner) => ({
    kind: 'banner',
    id: `banner-${banner.bannerId}`,
    title: banner.title,
    subtitle: banner.subtitle,
    imageUrl: banner.image.url,
  }))
  const dealSlides: Array<TvSlide> = deals.map((deal) => ({
    kind: 'deal',
    id: `deal-${deal.id}`,
    title: deal.name,
    terms: dealTerms(deal, shop, say),
    description: deal.description,
    imageUrl: deal.imageUrl,
  }))
  const slides: Array<TvSlide> = []
  for (let index = 0; slides.length < TV_MAX_SLIDES; index += 1) {
    const banner = bannerSlides[index]
    const deal = dealSlides[index]
    if (!banner && !deal) break
    if (banner) slides.push(banner)
    if (deal && slides.length < TV_MAX_SLIDES) slides.push(deal)
  }
  return slides
}

/**
 * The CSS that rotates `count` stacked slides without JavaScript (TV browsers often run little of
 * it): one keyframe cycle of count × seconds, each slide visible for its share after a staggered
 * delay, fading in and out. With prefers-reduced-motion the first TV_STILL_SLIDES stand still, two by two.
 * Only numbers go into it, so it is safe in the page's nonce'd style element.
 */
export function tvRotationCss(count: number, secondsPerSlide: number = TV_SECONDS_PER_SLIDE) {
  if (count <= 1) return '.tv-slide{opacity:1}'
  const cycle = count * secondsPerSlide
  const share = 100 / count
  // A half-second fade, as a share of the cycle.
  const fade = (0.5 / cycle) * 100
  const pct = (value: number) => `${Number(value.toFixed(3))}%`
  const delays = Array.from(
    { length: count },
    (_, index) => `.tv-slide-${index}{animation-delay:${index * secondsPerSlide}s}`
  ).join('')
  return [
    `@keyframes tv-rotate{0%{opacity:0;visibility:visible}${pct(fade)}{opacity:1}`,
    `${pct(share - fade)}{opacity:1}${pct(share)}{opacity:0;visibility:hidden}`,
    `100%{opacity:0;visibility:hidden}}`,
    `.tv-slide{opacity:0;visibility:hidden;animation:tv-rotate ${cycle}s linear infinite both}`,
    delays,
    '@media (prefers-reduced-motion:reduce){',
    // The first four, two by two and without pictures, so their words stay readable from afar.
    `.tv-slides{display:grid;grid-template-columns:repeat(2,1fr);grid-auto-rows:1fr;gap:1.5vw;padding-bottom:1.5vw}`,
    `.tv-slide{position:static;opacity:1;visibility:visible;animation:none;grid-template-columns:1fr}`,
    `.tv-slide:nth-child(n+${TV_STILL_SLIDES + 1}){display:none}.tv-slide img{display:none}}`,
  ].join('')
}
