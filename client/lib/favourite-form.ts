/*
 * The heart of an item card and the item page is a plain form (it works without JavaScript): it
 * posts here, the worker adds or removes the favourite and comes back with a flash
 * (worker/pages/catalogue/favourite-form.ts). The field names are the contract between the two.
 */

/** Where a heart posts. */
export const FAVOURITE_FORM_PATH = '/favourites/change'

export const FAVOURITE_FORM_FIELDS = {
  itemId: 'itemId',
  /** '1' makes the item a favourite, '0' removes it: posting twice is the same as once. */
  favourite: 'favourite',
  /** The page to come back to; the Referer when absent. */
  returnTo: 'returnTo',
} as const
