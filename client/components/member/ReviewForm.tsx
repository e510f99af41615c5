import { REVIEW_COMMENT_MAX_LENGTH, type MemberReview } from '../../../schemas/member-orders.ts'
import { REVIEW_FIELDS } from '../../../schemas/forms/review.ts'
import { reviewPath } from '../../lib/member-order-paths.ts'
import { SubmitButton, type FormErrors, type FormValues, ErrorSummary } from '../forms/Form.tsx'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useCount, useLocalised, useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

const STARS = [5, 4, 3, 2, 1] as const

/**
 * The review of a delivered order (spec §7 Review add): a star rating from 1 to 5 (radio buttons,
 * so it works without JavaScript and with a keyboard) and a comment. Once written it shows, with
 * the form to change it while the edit window lasts.
 */
export function ReviewForm({
  orderId,
  review,
  errors,
  values,
}: {
  orderId: string
  review: MemberReview | null
  errors: FormErrors
  values: FormValues
}) {
  const text = useText()
  const count = useCount()
  const localise = useLocalised()
  const shop = useShopLocale()
  const rating = values[REVIEW_FIELDS.starRating] ?? (review ? String(review.starRating) : '')
  const comment = values[REVIEW_FIELDS.comment] ?? review?.comment ?? ''
  if (review && !review.editable) return <ReviewShown review={review} />
  const ratingError = errors[REVIEW_FIELDS.starRating]
  const commentError = errors[REVIEW_FIELDS.comment]
  const errorId = ratingError ? 'review-rating-error' : undefined
  return (
    <form method="post" action={reviewPath(orderId)} noValidate>
      <ErrorSummary id="review-form-error" errors={errors} idPrefix="review" />
      {review ? (
        <p className="mb-3 text-sm text-ink/80">
          {text(
            MESSAGES.pageCanChangeReviewUntil,
            orderTimeLabel(review.editableUntil, shop.timeZone, shop)
          )}
        </p>
      ) : null}
      <fieldset
        aria-describedby={errorId}
        aria-invalid={errors[REVIEW_FIELDS.starRating] ? true : undefined}
      >
        <legend className="text-sm font-semibold">{text(MESSAGES.pageYourRating)}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {STARS.map((stars) => (
            <label
              key={stars}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-black/15 px-3 has-checked:border-primary has-checked:bg-tint"
            >
              <input
                // The error summary links to the first star.
                id={stars === STARS[0] ? 'review-starRating' : undefined}
                type="radio"
                name={REVIEW_FIELDS.starRating}
                value={stars}
                defaultChecked={rating === String(stars)}
                className="size-4 accent-(--color-primary)"
              />
              <span aria-hidden="true" className="text-amber-700">
                {'★'.repeat(stars)}
              </span>
              <span className="text-sm font-semibold">{count('stars', stars)}</span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
            {localise(ratingError)}
          </p>
        ) : null}
      </fieldset>
      <label htmlFor="review-comment" className="mt-4 block text-sm font-semibold">
        {text(MESSAGES.pageComment)}{' '}
        <span className="font-normal text-ink/70">{text(MESSAGES.pageOptionalParens)}</span>
      </label>
      <textarea
        id="review-comment"
        name={REVIEW_FIELDS.comment}
        rows={3}
        maxLength={REVIEW_COMMENT_MAX_LENGTH}
        defaultValue={comment}
        aria-invalid={errors[REVIEW_FIELDS.comment] ? true : undefined}
        aria-describedby={errors[REVIEW_FIELDS.comment] ? 'review-comment-error' : undefined}
        className="mt-1 w-full rounded-xl border-2 border-black/15 bg-white p-3 focus:border-primary"
      />
      {commentError ? (
        <p id="review-comment-error" className="mt-1 text-sm font-semibold text-red-700">
          {localise(commentError)}
        </p>
      ) : null}
      <SubmitButton>
        {text(review ? MESSAGES.pageUpdateReview : MESSAGES.pageSubmitReview)}
      </SubmitButton>
    </form>
  )
}

function ReviewShown({ review }: { review: MemberReview }) {
  const text = useText()
  return (
    <div>
      <p className="font-semibold">
        <span aria-hidden="true" className="text-amber-700">
          {'★'.repeat(review.starRating)}
        </span>{' '}
        {text(MESSAGES.pageOutOfFive, review.starRating)}
      </p>
      {review.comment ? <p className="mt-1 text-ink/80">{review.comment}</p> : null}
    </div>
  )
}
