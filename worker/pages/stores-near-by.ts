import type { Context } from 'hono'
import { routePath } from '../../client/lib/routes.ts'
import { checkUkPostcode } from '../../schemas/postcode.ts'
import type { AppEnv } from '../env.ts'
import { notBuiltYet } from './errors.tsx'

/**
 * /stores-near-by: the store search form posts here without JavaScript (`?postcode=`). A valid
 * postcode redirects to its normalised results path; an invalid one goes back to the home page's
 * search box with the spec's message. The results page itself comes with the store search issue.
 */
export async function storesNearBy(c: Context<AppEnv>): Promise<Response> {
  const typed = c.req.query('postcode')
  if (!c.req.param('postcode') && typed !== undefined) {
    const check = checkUkPostcode(typed)
    if (check.ok) return c.redirect(routePath('stores-near-by', { postcode: check.postcode }), 303)
    return c.redirect(
      `${routePath('index', undefined, { postcode: typed.slice(0, 8) })}#store-search`,
      303
    )
  }
  return notBuiltYet(c)
}
