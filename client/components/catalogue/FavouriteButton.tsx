import { FAVOURITE_FORM_FIELDS, FAVOURITE_FORM_PATH } from '../../lib/favourite-form.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface FavouriteButtonProps {
  itemId: number
  itemName: string
  /** Whether the item is already one of the member's favourites (unknown: false). */
  favourite: boolean
  /** The page to come back to. */
  returnTo?: string
  /** 'card': a round icon button over the picture; 'page': a labelled button. */
  variant: 'card' | 'page'
}

/**
 * The heart: a form post that adds the item to the shopper's favourites or removes it, so it works
 * without JavaScript; a guest is sent to sign in, told why.
 */
export function FavouriteButton({
  itemId,
  itemName,
  favourite,
  returnTo,
  variant,
}: FavouriteButtonProps) {
  const text = useText()
  const label = text(
    favourite ? MESSAGES.pageRemoveFromFavourites : MESSAGES.pageSaveNamedToFavourites,
    itemName
  )
  return (
    <form method="post" action={FAVOURITE_FORM_PATH}>
      <input type="hidden" name={FAVOURITE_FORM_FIELDS.itemId} value={itemId} />
      <input type="hidden" name={FAVOURITE_FORM_FIELDS.favourite} value={favourite ? '0' : '1'} />
      {returnTo ? (
        <input type="hidden" name={FAVOURITE_FORM_FIELDS.returnTo} value={returnTo} />
      ) : null}
      <button
        type="submit"
        aria-label={variant === 'card' ? label : undefined}
        aria-pressed={favourite}
        className={
          variant === 'card'
            ? 'inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-primary shadow-sm ring-1 ring-black/10 hover:bg-tint'
            : 'inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold text-ink ring-1 ring-black/15 hover:bg-tint'
        }
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          focusable="false"
          fill={favourite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        >
          <path d="M12 20.5s-7.5-4.6-9.3-9.3C1.6 8.2 3.5 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.6 0 5.5 3.7 4.4 6.7-1.8 4.7-9.3 9.3-9.3 9.3z" />
        </svg>
        {variant === 'page'
          ? text(favourite ? MESSAGES.pageInYourFavourites : MESSAGES.pageSaveToFavourites)
          : null}
      </button>
    </form>
  )
}
