import type { Banner, DealSummary } from '../../../schemas/catalogue.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { bannerHref, dealHref } from './catalogue-links.ts'
import { ItemBadge } from './Price.tsx'

/** Banners: each leads through the banner route, which counts the click and redirects. */
export function BannerStrip({
  storeSlug,
  banners,
}: {
  storeSlug: string
  banners: ReadonlyArray<Banner>
}) {
  if (banners.length === 0) return null
  return (
    <ul aria-label="Offers" className="grid gap-4 md:grid-cols-2">
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
          <li key={banner.bannerId}>
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

/** What a deal gives: '3 for £5', 'Meal deal £3.50', '25% off', '£1 off'. */
export function dealTerms(deal: DealSummary): string {
  switch (deal.kind) {
    case 'multibuy':
      return deal.quantityRequired !== null && deal.price !== null
        ? `${deal.quantityRequired} for ${formatMoney(deal.price)}`
        : 'Multibuy'
    case 'meal_deal':
      return deal.price !== null ? `Meal deal ${formatMoney(deal.price)}` : 'Meal deal'
    case 'percent_off':
      return deal.discountPercent !== null ? `${deal.discountPercent}% off` : 'Discount'
    case 'amount_off':
      return deal.discountAmount !== null ? `${formatMoney(deal.discountAmount)} off` : 'Discount'
  }
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
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {deals.map((deal) => (
        <li key={deal.id}>
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
            <span className="text-sm font-semibold text-primary">{dealTerms(deal)}</span>
            {deal.description ? (
              <span className="text-sm text-ink/75">{deal.description}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
