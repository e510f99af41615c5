import type { Context } from 'hono'
import { EmailSchema } from '../../../schemas/common.ts'
import { StayInTouchResponseSchema } from '../../../schemas/content.ts'
import { StayInTouchFormSchema } from '../../../schemas/forms/stay-in-touch.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { readForm } from '../shared/forms.ts'
import { setFlash } from '../../lib/cookies/flash.ts'
import { previousPageOrHome } from '../shared/guards.ts'
import { redirectTo } from '../../lib/redirect.ts'

/**
 * The footer sign-up without JavaScript: an HTML form post. Signs the address up through the
 * backend and goes back to the page it came from with the outcome as a flash message.
 */
export async function stayInTouchForm(c: Context<AppEnv>): Promise<Response> {
  const back = previousPageOrHome(c)
  const posted = StayInTouchFormSchema.parse(await readForm(c))
  const email = EmailSchema.safeParse(posted.email)
  if (!email.success) {
    setFlash(c, 'emailInvalid')
    return redirectTo(c, back, 303)
  }
  const brand = c.var.brand
  try {
    await c.var.backend.post('/content/stay-in-touch', {
      body: { businessId: brand.businessId, brandId: brand.id, email: email.data },
      schema: StayInTouchResponseSchema,
    })
    setFlash(c, 'stayInTouchSuccess')
  } catch (error) {
    // Too many requests is the 429 page (Retry-After), not a message on the way back.
    if (!(error instanceof AppError) || error.code === 'rate_limited') throw error
    setFlash(c, error.code === 'validation_error' ? 'emailInvalid' : 'systemError')
  }
  return redirectTo(c, back, 303)
}
