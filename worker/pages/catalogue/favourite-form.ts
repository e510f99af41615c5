import type { Context } from 'hono'
import { z } from 'zod'
import { FAVOURITE_FORM_FIELDS } from '../../../client/lib/favourite-form.ts'
import { routePath } from '../../../client/lib/routes.ts'
import { FavouriteChangeSchema } from '../../../schemas/favourites.ts'
import type { AppEnv } from '../../env.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { isShoppersRefusal } from '../../lib/errors.ts'
import { redirectTo, safePath } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { memberPost, sessionEnded } from '../shared/member-call.ts'
import { isSignedIn } from '../shared/session.ts'

const FIELDS = FAVOURITE_FORM_FIELDS

/*
 * The heart's form, read by this schema; its field names are client/lib/favourite-form.ts's,
 * which the heart (FavouriteButton) also renders from. The names stay plain constants there, not
 * a schema: the island loader (client/entry.tsx) reads them and must not carry zod.
 */
const FavouriteFormSchema = z.object({
  /** An item id, else none: the shopper goes back with nothing changed. */
  [FIELDS.itemId]: z
    .string()
    .regex(/^[0-9]{1,12}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  /** Only '0' removes: a post without the field adds, as posting twice is the same as once. */
  [FIELDS.favourite]: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value !== '0'),
  [FIELDS.returnTo]: z.string().optional().catch(undefined),
})

/**
 * A heart's post (client/lib/favourite-form.ts): a member's favourite is added or removed and the
 * shopper goes back to the page with a flash saying so; a guest is sent to sign in, told why.
 * A refused item (not the business's) goes back with nothing changed.
 */
export async function favouriteForm(c: Context<AppEnv>): Promise<Response> {
  if (!isSignedIn(c)) {
    setFlash(c, 'favouritesSignIn')
    return redirectTo(c, routePath('login'), 303)
  }
  const post = FavouriteFormSchema.parse(await readForm(c))
  const back =
    safePath(post.returnTo, c.req.url) ??
    safePath(c.req.header('referer'), c.req.url) ??
    routePath('index')
  const { itemId, favourite: add } = post
  if (itemId === undefined) return redirectTo(c, back, 303)
  try {
    await memberPost(
      c,
      add ? '/member/favourites/add' : '/member/favourites/remove',
      { menuItemId: itemId },
      FavouriteChangeSchema
    )
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    if (!isShoppersRefusal(error)) throw error
    return redirectTo(c, back, 303)
  }
  setFlash(c, add ? 'favouriteAdded' : 'favouriteRemoved')
  return redirectTo(c, back, 303)
}
