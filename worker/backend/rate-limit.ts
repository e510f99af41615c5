import type { MiddlewareHandler } from 'hono'
import { RATE_LIMIT_PERIOD_SECONDS } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { AppError } from '../lib/errors.ts'
import { logError } from '../lib/log.ts'
import type { BackendEnv } from './env.ts'

/** Calls that share one allowance per shopper. */
export type RateLimitGroup =
  | 'store-search'
  | 'store-details'
  | 'contact'
  | 'tracking'
  // A guest's changes by their signed link (amend, reject a substitute): counted apart from the
  // lookups, so a tracking page polling in another tab does not use up the changes' allowance.
  | 'tracking-changes'

/** Who is calling: the shopper's IP as Cloudflare reports it, forwarded by the proxy and pages. */
export function rateLimitKey(group: RateLimitGroup, headers: Headers): string {
  return `${group}:${headers.get('cf-connecting-ip')?.trim() || 'anonymous'}`
}

/**
 * Limits a route group per shopper with a Workers Rate Limiting binding. Over the limit the call
 * answers 429 rate_limited ('Too many requests…') with Retry-After, before its input is read;
 * the proxy and the storefront pass that body on (spec §7 "Handling of answers").
 *
 * @example stores.app.use('/stores/search', rateLimit('store-search', (env) => env.STORE_SEARCH_LIMITER))
 */
export function rateLimit(
  group: RateLimitGroup,
  limiterOf: (env: Env) => RateLimit
): MiddlewareHandler<BackendEnv> {
  return async (c, next) => {
    const key = rateLimitKey(group, c.req.raw.headers)
    const success = await limiterOf(c.env)
      .limit({ key })
      .then((outcome) => outcome.success)
      .catch((error: unknown) => {
        // A limiter outage must not take store search down with it.
        logError(error, { requestId: c.var.requestId, event: 'rate limiter failed' }, 'warn')
        return true
      })
    if (!success) {
      return errorEnvelopeResponse(
        new AppError('rate_limited', MESSAGES.tooManyRequests, {
          details: { retryAfterSeconds: RATE_LIMIT_PERIOD_SECONDS },
        }),
        c.var.requestId
      )
    }
    await next()
  }
}
