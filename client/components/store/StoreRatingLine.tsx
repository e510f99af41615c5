import type { StoreRating } from '../../../schemas/stores.ts'

/** '4.5 out of 5 (12 reviews)' for screen readers; stars and the figures for the eye. */
export function ratingLabel(rating: StoreRating): string {
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`
  return `Rated ${rating.average.toFixed(1)} out of 5 (${reviews})`
}

/**
 * A store's rating from its members' reviews (search results and the store page). Nothing until
 * the first review: an empty rating is no information.
 */
export function StoreRatingLine({
  rating,
  className = '',
}: {
  rating: StoreRating | null | undefined
  className?: string
}) {
  if (!rating) return null
  const full = Math.round(rating.average)
  return (
    <p className={`flex items-center gap-1.5 text-sm font-semibold text-ink/80 ${className}`}>
      <span aria-hidden="true" className="tracking-tight text-amber-700">
        {'★'.repeat(full)}
        <span className="text-ink/30">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="sr-only">{ratingLabel(rating)}</span>
      <span aria-hidden="true">
        {rating.average.toFixed(1)} ({rating.count})
      </span>
    </p>
  )
}
