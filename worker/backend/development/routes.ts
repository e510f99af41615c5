import {
  ClockPinRequestSchema,
  ClockStateSchema,
  OutboxListQuerySchema,
  OutboxListSchema,
  PAYMENTS_LEDGER_LIMIT,
  PaymentsLedgerQuerySchema,
  PaymentsLedgerSchema,
  RoundTripsSchema,
  TemporaryClosureRequestSchema,
  TemporaryClosureSchema,
} from '../../../schemas/development.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { clockState, pinClock } from '../../lib/clock.ts'
import { takeRoundTrips } from '../../lib/latency-simulation.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { developmentOnly } from '../../lib/development-only.ts'
import { paymentMoney } from '../payments/refunds-repo.ts'
import { listOutbox, setTemporaryClosure } from './repo.ts'
import {
  DevContactRequestsQuerySchema,
  DevContactRequestsSchema,
} from '../../../schemas/contact.ts'
import { listRecentContactRequests } from '../contact/repo.ts'
import { SNIFF_SAMPLE_BYTES, sniffAttachmentType } from '../contact/attachments.ts'
import { MarketingLogQuerySchema, MarketingLogSchema } from '../../../schemas/marketing.ts'
import { listMarketingEvents } from '../marketing/repo.ts'

/** Development tools: only where APP_ENV is a development environment; elsewhere 404. */
export const development = createDomain('Development')

// Before any input is parsed, so a production answer does not even reveal the route's inputs.
development.app.use('/dev/*', developmentOnly())

development.get(
  '/dev/outbox',
  {
    summary: 'The development mailbox: messages the local messenger wrote, newest first',
    description:
      'Lists the last 100 outbox messages of the business (channel, recipient, template, payload, ' +
      'created) so reset links and codes can be read locally. Answers not_found unless APP_ENV is ' +
      "'development' or 'test': it would hand out every reset link.",
    query: OutboxListQuerySchema,
    response: OutboxListSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => ({ messages: await listOutbox(c.env.DB, query.businessId) })
)

development.get(
  '/dev/marketing-events',
  {
    summary: 'The development marketing log: calls the local marketing service recorded',
    description:
      'Lists the last 100 calls (users/update, events/track, commerce/trackPurchase, ' +
      'commerce/updateCart) of the business, newest first, each with the body Iterable would ' +
      "have received. Answers not_found unless APP_ENV is 'development' or 'test'.",
    query: MarketingLogQuerySchema,
    response: MarketingLogSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => ({ events: await listMarketingEvents(c.env.DB, query.businessId) })
)

development.get(
  '/dev/payments',
  {
    summary:
      "The development payments ledger: the shop's record of each payment beside the sandbox's",
    description:
      "Lists the newest payments that took money (or one order's): taken, refunded and voided as " +
      'the shop recorded them, and what the local sandbox gateway holds for the same transaction, ' +
      'so a refund is seen to reach the gateway: captured − refunded − voided equals the order ' +
      "total. Answers not_found unless APP_ENV is 'development' or 'test'.",
    query: PaymentsLedgerQuerySchema,
    response: PaymentsLedgerSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const [payments, gateway] = await Promise.all([
      paymentMoney(c.env.DB, query.businessId, {
        newest: PAYMENTS_LEDGER_LIMIT,
        ...(query.orderNumber ? { orderNumber: query.orderNumber } : {}),
      }),
      c.var.adapters.paymentSandbox?.ledger(c.env.DB) ?? [],
    ])
    const atGateway = new Map(gateway.map((entry) => [entry.gatewayOrderId, entry]))
    return {
      payments: payments.map(({ orderId: _orderId, ...payment }) => {
        const entry = payment.gatewayOrderId ? atGateway.get(payment.gatewayOrderId) : undefined
        return {
          ...payment,
          atGateway: entry
            ? { captured: entry.captured, refunded: entry.refunded, voided: entry.voided }
            : null,
        }
      }),
    }
  }
)

development.post(
  '/dev/stores/temporary-closure',
  {
    summary: 'Close a store for the day, or open it again (what store staff will do)',
    description:
      "Sets the store's temporary closure: its availability is then 'closed' whatever its hours " +
      'say, so baskets and checkout refuse it (spec §4 Store closes). Development and test only, ' +
      `until the operator tools exist. An unknown slug answers not_found '${MESSAGES.storeNotFound}'.`,
    body: TemporaryClosureRequestSchema,
    response: TemporaryClosureSchema,
    errors: ['not_found', 'validation_error'],
  },
  async ({ body }, c) => {
    const found = await setTemporaryClosure(c.env.DB, body.businessId, body.storeSlug, body.closed)
    if (!found) throw new AppError('not_found', MESSAGES.storeNotFound)
    return { storeSlug: body.storeSlug, closed: body.closed }
  }
)

development.get(
  '/dev/clock',
  {
    summary: "The app's clock: the instant it reads now and whether it is pinned",
    description: 'Development and test only (worker/lib/clock.ts).',
    response: ClockStateSchema,
    errors: ['not_found'],
  },
  async (_input, c) => clockState(c.env)
)

development.post(
  '/dev/round-trips',
  {
    summary: 'The simulated round trips this Worker waited for since they were last taken',
    description:
      'Under STOREFRONT_LATENCY, the D1 statements and batches in all and one after another since ' +
      'the last call, then counting starts again: the latency bench counts each flow with it ' +
      "(worker/lib/latency-simulation.ts). Answers not_found unless APP_ENV is 'development' or 'test'.",
    response: RoundTripsSchema,
    errors: ['not_found'],
  },
  async () => takeRoundTrips()
)

development.put(
  '/dev/clock',
  {
    summary: "Pin the app's clock to an instant, or let it go back to the system clock",
    description:
      'The clock then moves on in real time from the pinned instant, for the worker, its backend ' +
      'and the sandbox gateways alike, so journeys and tests run on any date (a month end, ' +
      '29 February, a UK clock change). `now: null` goes back to the system clock. Answers ' +
      "not_found unless APP_ENV is 'development' or 'test'.",
    body: ClockPinRequestSchema,
    response: ClockStateSchema,
    errors: ['not_found', 'validation_error'],
  },
  async ({ body }, c) => {
    pinClock(c.env, body.now === null ? null : new Date(body.now))
    return clockState(c.env)
  }
)

development.get(
  '/dev/contact-requests',
  {
    summary: 'The development view of contact requests: each attachment as R2 holds it',
    description:
      "Lists the business's newest contact requests with each attachment's R2 key, stored name, " +
      'size and type, and what R2 holds under the key: its size and the type sniffed from its ' +
      "first bytes read back. Answers not_found unless APP_ENV is 'development' or 'test'.",
    query: DevContactRequestsQuerySchema,
    response: DevContactRequestsSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const requests = await listRecentContactRequests(c.env.DB, query.businessId)
    return {
      requests: await Promise.all(
        requests.map(async (request) => ({
          ...request,
          attachments: await Promise.all(
            request.attachments.map(async (attachment) => {
              const object = await c.env.ATTACHMENTS.get(attachment.r2Key, {
                range: { offset: 0, length: SNIFF_SAMPLE_BYTES },
              })
              if (!object) return { ...attachment, inR2: null }
              const head = new Uint8Array(await object.arrayBuffer())
              return {
                ...attachment,
                inR2: { sizeBytes: object.size, sniffedType: await sniffAttachmentType(head) },
              }
            })
          ),
        }))
      ),
    }
  }
)
