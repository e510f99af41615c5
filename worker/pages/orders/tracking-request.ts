import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import { TRACKING_TOKEN_PARAM, TrackingRequestSchema } from '../../../schemas/tracking.ts'
import type { AppEnv } from '../../env.ts'
import { readBasketToken } from '../../lib/cookies/basket.ts'
import { AppError } from '../../lib/errors.ts'

/**
 * What a tracking page asks the backend with: the order number of the path, the signed link's
 * token (the `?t=` query, or a form's field) and the basket session's token. A number that is
 * not one is the same 404 as an order the caller may not see.
 */
export function trackingRequest(
  c: Context<AppEnv>,
  link: string | undefined = c.req.query(TRACKING_TOKEN_PARAM)
) {
  const token = link?.trim() || null
  const basketToken = readBasketToken(c)
  const request = TrackingRequestSchema.safeParse({
    businessId: c.var.brand.businessId,
    brandId: c.var.brand.id,
    orderNumber: c.req.param('orderNumber'),
    ...(token ? { token } : {}),
    ...(basketToken ? { basketToken } : {}),
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.orderNotFound)
  return { token, request }
}
