import type { Banner, DealSummary } from '../../../schemas/catalogue.ts'
import { bannerHref, dealHref } from '../../lib/catalogue-links.ts'
import { ItemBadge } from './Price.tsx'
import { dealTerms } from '../../lib/deal-terms.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/*
 * On a phone, banners and deals are a row that scrolls sideways, snapping card by card, with the
 * next card peeking at the edge so the shopper sees there is more; wider, they are a grid again.
 * Pure CSS (no JavaScript); each card is a link, so Tab walks the row and the browser scrolls each
 * into view. The row reaches the screen's edges (negative margins undo the page's padding).
 */
const ROW =
  '-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 py-1.5 sm:-mx-6 sm:scroll-px-6 sm:px-6'
const BANNER_GRID = 'md:mx-0 md:grid md:grid-cols-2 md:gap-4 md:overflow-visible md:px-0 md:py-0'
const DEAL_GRID =
  'sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:py-0 lg:grid-cols-3'

/** Banners: each leads through the banner route, which counts the click and redirects. */
export function BannerStrip({
  storeSlug,
  banners,
}: {
  storeSlug: string
  banners: ReadonlyArray<Banner>
}) {
  const text = useText()
  if (banners.length === 0) return null
  return (
    <ul
      aria-label={text(MESSAGES.pageOffers)}
      // A banner without a link has nothing to focus: the row itself takes focus so the keyboard
      // can scroll it (arrow keys).
      tabIndex={banners.some((banner) => banner.link.type === 'none') ? 0 : undefined}
      className={`${ROW} ${BANNER_GRID}`}
    >
      {banners.map((banner, index) => {
        const picture = (
          <>
            <img
              src={banner.image.url}
              width={banner.image.width}
              height={banner.image.height}
              // Banner artwork carries its own words; the alt text says them.
              alt={banner.subtitle ? `${banner.title}: ${banner.subtitle}` : banner.title}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="aspect-[3/1] w-full rounded-2xl object-cover"
            />
          </>
        )
        return (
          <li key={banner.bannerId} className="w-[88%] shrink-0 snap-start md:w-auto">
            {banner.link.type === 'none' ? (
              <div>{picture}</div>
            ) : (
              <a href={bannerHref(storeSlug, banner.slug)} className="block hover:opacity-90">
                {picture}
              </a>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** Deals as cards linking to their pages. */
export function DealList({
  storeSlug,
  deals,
  label,
}: {
  storeSlug: string
  deals: ReadonlyArray<DealSummary>
  label: string
}) {
  const shop = useShopLocale()
  const text = useText()
  return (
    <ul aria-label={label} className={`${ROW} ${DEAL_GRID}`}>
      {deals.map((deal) => (
        <li key={deal.id} className="w-[72%] max-w-72 shrink-0 snap-start sm:w-auto sm:max-w-none">
          <a
            href={dealHref(storeSlug, deal.slug)}
            className="flex h-full flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/10 hover:ring-primary"
          >
            {deal.badge ? (
              <span>
                <ItemBadge badge={deal.badge} />
              </span>
            ) : null}
            <span className="font-bold">{deal.name}</span>
            <span className="text-sm font-semibold text-primary">
              {dealTerms(deal, shop, text)}
            </span>
            {deal.description ? (
              <span className="text-sm text-ink/75">{deal.description}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
