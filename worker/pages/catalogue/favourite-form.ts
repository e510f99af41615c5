import type { Context } from 'hono'
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
  const form = await readForm(c)
  const back =
    safePath(form[FAVOURITE_FORM_FIELDS.returnTo], c.req.url) ??
    safePath(c.req.header('referer'), c.req.url) ??
    routePath('index')
  const itemId = form[FAVOURITE_FORM_FIELDS.itemId] ?? ''
  const add = form[FAVOURITE_FORM_FIELDS.favourite] !== '0'
  if (!/^[0-9]{1,12}$/.test(itemId)) return redirectTo(c, back, 303)
  try {
    await memberPost(
      c,
      add ? '/member/favourites/add' : '/member/favourites/remove',
      { menuItemId: Number(itemId) },
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
