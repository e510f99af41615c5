import { z } from 'zod'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { faultInjectorOf, injectedProviderError } from '../../lib/fault-injection.ts'
import { logError } from '../../lib/log.ts'
import type { OutgoingMessage } from './message.ts'
import { insertOutboxMessage } from './outbox-repo.ts'
import { catalogueLocale, localiseMessage } from '../../../schemas/message-catalogue.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import { businessLocale } from '../businesses-repo.ts'

export type { MessageTemplate, OutgoingMessage } from './message.ts'

/** Sends emails and texts (OTP, verification, reset links). */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>
}

/**
 * The local default: writes each message to the outbox table, where the development mailbox
 * reads it. Nothing leaves the machine.
 */
export class OutboxMessenger implements Messenger {
  constructor(private readonly db: D1Database) {}

  async send(message: OutgoingMessage): Promise<void> {
    await insertOutboxMessage(this.db, message)
  }
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>

/**
 * A real provider over HTTPS: POSTs `{ channel, to, template, data, businessId }` as JSON to
 * MESSAGING_API_URL with `Authorization: Bearer MESSAGING_API_KEY`; the provider renders the
 * template. Any answer other than 2xx (or no answer in 10 s) is an upstream_error.
 */
export class HttpMessenger implements Messenger {
  constructor(
    private readonly options: { url: string; apiKey: string; fetch: FetchLike; timeoutMs?: number }
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    let response: Response
    try {
      response = await this.options.fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.options.apiKey}`,
          ...(message.idempotencyKey ? { 'idempotency-key': message.idempotencyKey } : {}),
        },
        body: JSON.stringify({
          businessId: message.businessId,
          channel: message.channel,
          to: message.to,
          template: message.template,
          data: message.data,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw new AppError('upstream_error', MESSAGES.messageSendFailed, { cause: error })
    }
    if (!response.ok) {
      // The provider's body may echo the message (a reset link): log the status only.
      await response.body?.cancel()
      throw new AppError('upstream_error', MESSAGES.messageSendFailed, {
        cause: new Error(`messaging provider answered ${response.status}`),
      })
    }
    await response.body?.cancel()
  }
}

/** The bindings the messenger choice reads; MESSAGING_API_KEY is a secret, absent locally. */
export type MessengerEnv = Pick<Env, 'DB' | 'MESSAGING_PROVIDER'> & {
  MESSAGING_API_URL?: string
  MESSAGING_API_KEY?: string
}

export const MESSAGING_PROVIDERS = ['local', 'http'] as const

const ProviderSchema = z.enum(MESSAGING_PROVIDERS)

function unavailableMessenger(): Messenger {
  return {
    send: () => Promise.reject(new AppError('upstream_error', MESSAGES.messageSendFailed)),
  }
}

/**
 * The messenger configured by MESSAGING_PROVIDER: 'local' (the default) writes to the outbox;
 * 'http' posts to MESSAGING_API_URL with the MESSAGING_API_KEY secret. A misconfiguration is
 * logged and every send then fails with upstream_error (never silently dropped).
 *
 * @example await createMessenger(c.env).send({ businessId, channel: 'email', to, template, data })
 */
export function createMessenger(env: MessengerEnv, fetcher: FetchLike = fetch): Messenger {
  return withInjectedFaults(env, chooseMessenger(env, fetcher))
}

/**
 * The data fields a template shows as prose: a tracking message ('Your order has been sent to
 * the store.') and a status's name. Others are codes, names and amounts, and a name that
 * happened to read like a message must not be translated.
 */
const PROSE_FIELDS = ['message', 'statusLabel'] as const

/**
 * A shopper's email in the language of the business it is sent for (issue 43): for a business that
 * reads another language than English, the data names its locale (the provider renders that
 * language's template) and its prose is said from the catalogue. An English business's message
 * is as it always was.
 */
export async function inBusinessLocale(
  db: D1Database,
  message: OutgoingMessage
): Promise<OutgoingMessage> {
  return inShopLocale(await businessLocale(db, message.businessId), message)
}

/** `inBusinessLocale` for a caller that has already read the business's locale. */
export function inShopLocale(shop: ShopLocale, message: OutgoingMessage): OutgoingMessage {
  if (catalogueLocale(shop.locale) === 'en-GB') return message
  const data: OutgoingMessage['data'] = { ...message.data, locale: shop.locale }
  for (const field of PROSE_FIELDS) {
    const value = data[field]
    if (typeof value === 'string') data[field] = localiseMessage(shop, value)
  }
  return { ...message, data }
}

/**
 * Where the env carries STOREFRONT_FAULTS (development only, ADR 037's fault bench), fails the
 * plan's share of sends as a provider outage does; otherwise the messenger as it is.
 */
function withInjectedFaults(env: MessengerEnv, messenger: Messenger): Messenger {
  const faults = faultInjectorOf(env)
  if (!faults) return messenger
  return {
    send: (message) =>
      faults.fails('provider')
        ? Promise.reject(
            new AppError('upstream_error', MESSAGES.messageSendFailed, {
              cause: injectedProviderError(),
            })
          )
        : messenger.send(message),
  }
}

function chooseMessenger(env: MessengerEnv, fetcher: FetchLike): Messenger {
  const provider = ProviderSchema.safeParse(env.MESSAGING_PROVIDER?.trim() || 'local')
  if (!provider.success) {
    logError(
      new Error(
        `MESSAGING_PROVIDER "${env.MESSAGING_PROVIDER}" is not one of ${MESSAGING_PROVIDERS.join(', ')}`
      ),
      { config: 'MESSAGING_PROVIDER' }
    )
    return unavailableMessenger()
  }
  if (provider.data === 'local') return new OutboxMessenger(env.DB)
  const url = env.MESSAGING_API_URL?.trim()
  const apiKey = env.MESSAGING_API_KEY?.trim()
  if (!url?.startsWith('https://') || !apiKey) {
    logError(
      new Error(
        'MESSAGING_PROVIDER is "http" but MESSAGING_API_URL (https://…) or MESSAGING_API_KEY is not set'
      ),
      { config: 'MESSAGING_API_KEY' }
    )
    return unavailableMessenger()
  }
  return new HttpMessenger({ url, apiKey, fetch: (input, init) => fetcher(input, init) })
}
