import { z } from 'zod'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { MarketingEventKind } from '../../../schemas/marketing.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import {
  cartBody,
  ITERABLE_ENDPOINTS,
  purchaseBody,
  trackBody,
  userUpdateBody,
} from './iterable-payload.ts'
import type { MarketingService, MarketingScope, MarketingUser } from './port.ts'
import { insertMarketingEvent } from './repo.ts'

type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/** One call as both adapters see it: the endpoint, who it is about and Iterable's body. */
interface Call extends MarketingScope {
  kind: MarketingEventKind
  eventName: string | null
  user: MarketingUser
  body: object
}

/** Builds the calls once, so the local log holds exactly what Iterable would receive. */
abstract class IterableShapedService implements MarketingService {
  protected abstract send(call: Call): Promise<void>

  updateUser(...[update]: Parameters<MarketingService['updateUser']>): Promise<void> {
    const { businessId, brandId, user } = update
    return this.send({
      kind: 'user_update',
      eventName: null,
      businessId,
      brandId,
      user,
      body: userUpdateBody(update),
    })
  }

  track(...[event]: Parameters<MarketingService['track']>): Promise<void> {
    const { businessId, brandId, user, eventName } = event
    return this.send({
      kind: 'event',
      eventName,
      businessId,
      brandId,
      user,
      body: trackBody(event),
    })
  }

  trackPurchase(...[purchase]: Parameters<MarketingService['trackPurchase']>): Promise<void> {
    const { businessId, brandId, user } = purchase
    return this.send({
      kind: 'purchase',
      eventName: null,
      businessId,
      brandId,
      user,
      body: purchaseBody(purchase),
    })
  }

  updateCart(...[cart]: Parameters<MarketingService['updateCart']>): Promise<void> {
    const { businessId, brandId, user } = cart
    return this.send({
      kind: 'cart_update',
      eventName: null,
      businessId,
      brandId,
      user,
      body: cartBody(cart),
    })
  }
}

/**
 * The local default: records every call in marketing_events, where the development log page
 * (/dev/marketing) reads it. Nothing leaves the machine.
 */
export class LocalMarketingService extends IterableShapedService {
  constructor(
    private readonly db: D1Database,
    private readonly clock: () => Date
  ) {
    super()
  }

  protected async send(call: Call): Promise<void> {
    await insertMarketingEvent(this.db, {
      businessId: call.businessId,
      brandId: call.brandId,
      kind: call.kind,
      eventName: call.eventName,
      userKey: call.user.userId,
      payloadJson: JSON.stringify(call.body),
      createdAt: this.clock().toISOString(),
    })
  }
}

export const ITERABLE_API_ORIGIN = 'https://api.iterable.com'

/**
 * Iterable over HTTPS: POSTs each body as JSON to its endpoint with the `Api-Key` header. Any
 * answer other than 2xx (or none in 5 s) is an upstream_error; the body is never logged (it
 * holds an email).
 */
export class IterableMarketingService extends IterableShapedService {
  constructor(private readonly options: { apiKey: string; fetch: FetchLike; timeoutMs?: number }) {
    super()
  }

  protected async send(call: Call): Promise<void> {
    let response: Response
    try {
      response = await this.options.fetch(
        `${ITERABLE_API_ORIGIN}${ITERABLE_ENDPOINTS[call.kind]}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Api-Key': this.options.apiKey },
          body: JSON.stringify(call.body),
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
        }
      )
    } catch (error) {
      throw new AppError('upstream_error', MESSAGES.systemError, { cause: error })
    }
    await response.body?.cancel()
    if (!response.ok) {
      throw new AppError('upstream_error', MESSAGES.systemError, {
        cause: new Error(`Iterable answered ${response.status} to ${call.kind}`),
      })
    }
  }
}

/** The bindings the choice reads; ITERABLE_API_KEY is a secret, absent locally. */
export type MarketingEnv = Pick<Env, 'DB' | 'MARKETING_PROVIDER'> & {
  ITERABLE_API_KEY?: string
}

export const MARKETING_PROVIDERS = ['local', 'iterable'] as const
const ProviderSchema = z.enum(MARKETING_PROVIDERS)

/** A misconfigured service: every call is refused with the configuration's message. */
function refusingService(message: string): MarketingService {
  const refuse = () => Promise.reject(new AppError('upstream_error', message))
  return { updateUser: refuse, track: refuse, trackPurchase: refuse, updateCart: refuse }
}

/**
 * The service configured by MARKETING_PROVIDER: 'local' (the default) records to D1; 'iterable'
 * calls Iterable with the ITERABLE_API_KEY secret. 'iterable' without a key logs 'Iterable API
 * key is missing.' (spec §8) and refuses every call with it: never silently dropped.
 *
 * @example await createMarketingService(c.env, () => now(c.env)).track({ ... })
 */
export function createMarketingService(
  env: MarketingEnv,
  clock: () => Date,
  fetcher: FetchLike = fetch
): MarketingService {
  const provider = ProviderSchema.safeParse(env.MARKETING_PROVIDER?.trim() || 'local')
  if (!provider.success) {
    const message = `MARKETING_PROVIDER "${env.MARKETING_PROVIDER}" is not one of ${MARKETING_PROVIDERS.join(', ')}`
    logError(new Error(message), { config: 'MARKETING_PROVIDER' })
    return refusingService(MESSAGES.systemError)
  }
  if (provider.data === 'local') return new LocalMarketingService(env.DB, clock)
  const apiKey = env.ITERABLE_API_KEY?.trim()
  if (!apiKey) {
    logError(new Error(MESSAGES.iterableKeyMissing), { config: 'ITERABLE_API_KEY' })
    return refusingService(MESSAGES.iterableKeyMissing)
  }
  return new IterableMarketingService({ apiKey, fetch: (input, init) => fetcher(input, init) })
}
