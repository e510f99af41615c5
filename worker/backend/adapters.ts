import type { JWTVerifyGetKey } from 'jose'
import type { OrderStatusName } from '../../schemas/order-states.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { TrackingPosition, TrackingSnapshot } from '../../schemas/tracking.ts'
import { AppError } from '../lib/errors.ts'
import { logError } from '../lib/log.ts'

/**
 * The local payment sandboxes (ADR 002: ports and adapters). In sandbox mode with no provider
 * configured, the gateways talk to stand-ins for Realex's remote API, the frames provider's
 * payments API and the wallet sheets. The backend names what it needs here; the composition root
 * passes the implementations (worker/sandbox-gateway) to createBackend, so the backend never
 * imports them and runs without them wherever a real provider is configured.
 */
/** One sandbox transaction's money in pence, keyed by the shop's gateway order id. */
export interface SandboxLedgerEntry {
  provider: 'realex' | 'frames'
  gatewayOrderId: string
  /** What the card was asked to hold; captured is what was taken of it (ADR 039). */
  authorised: number
  captured: number
  refunded: number
  voided: number
}

export interface PaymentSandbox {
  /** Answers the sandbox frames payments API's calls in-process, with these bindings. */
  framesFetch(
    bindings: Pick<Env, 'DB' | 'REALEX_SHARED_SECRET'>
  ): (input: string, init: RequestInit) => Promise<Response>
  /** Answers the sandbox Realex remote API's calls (voids, rebates) in-process. */
  remoteFetch(
    env: Pick<Env, 'DB' | 'PAYMENTS_MODE' | 'REALEX_MERCHANT_ID' | 'REALEX_SHARED_SECRET'>
  ): typeof fetch
  /**
   * Records a sandbox authorisation the card page did not give (a sandbox wallet token charged
   * through Realex), so the sandbox remote API can void or rebate it like any other.
   */
  recordAuthorisation(
    db: D1Database,
    input: {
      merchantId: string
      account: string
      orderId: string
      pasref: string
      amount: number
      currency: string
      /** false: held for a later settle (ADR 039). */
      autoSettle: boolean
    }
  ): Promise<void>
  /**
   * Closes the sandbox gateways' settlement batch (the real ones settle nightly): every
   * authorisation so far can then only be refunded, no longer voided.
   */
  settleBatch(db: D1Database): Promise<void>
  /** The sandbox gateways' ledger: per transaction, pence captured, refunded and voided. */
  ledger(db: D1Database): Promise<Array<SandboxLedgerEntry>>
  /** Verifies a sandbox wallet sheet's token and spends it once: its outcome, or null. */
  spendWalletToken(
    db: D1Database,
    secret: string,
    wallet: 'applePay' | 'googlePay',
    tokenData: unknown
  ): Promise<'approve' | 'decline' | null>
}

/** The adapters payments run with (beside the bindings they read). */
export interface PaymentAdapters {
  /** Null where no local sandbox is wired (a backend deployed with real providers only). */
  paymentSandbox?: PaymentSandbox | null | undefined
}

/** The wired sandbox; a sandbox-mode call without one is a logged 500 (a wiring mistake). */
export function requirePaymentSandbox(adapters: PaymentAdapters): PaymentSandbox {
  if (adapters.paymentSandbox) return adapters.paymentSandbox
  logError(new Error('local payment sandbox active but none was passed to createBackend'), {
    config: 'paymentSandbox',
  })
  throw new AppError('internal_error', MESSAGES.systemError)
}

/**
 * The adapters the backend takes from whoever builds it (createBackend): local stand-ins that
 * live outside worker/backend. Adapters the backend owns itself (geocoder, messenger) are chosen
 * from the bindings instead.
 */
export type BackendAdapters = Required<
  PaymentAdapters &
    OrderBoardAdapters &
    OrderTrackerAdapters &
    IdentitySandboxAdapters &
    SocialKeysAdapters
>

/**
 * How the live social grants fetch a provider's published keys (ADR 026): null for the network
 * (each provider's key set then cached per isolate); a test gives a fake provider's fetch.
 */
export interface SocialKeysAdapters {
  socialKeysFetch?: typeof fetch | null | undefined
}

/**
 * The local sandbox identity provider's keys (ADR 026): in sandbox sign-in mode the social grants
 * verify ID tokens against these instead of the provider's published keys.
 */
export interface IdentitySandbox {
  verifyKeys(db: D1Database, now: Date): Promise<JWTVerifyGetKey>
}

export interface IdentitySandboxAdapters {
  /** Null where no sandbox is wired: sandbox-mode social sign-in is then a logged 500. */
  identitySandbox?: IdentitySandbox | null | undefined
}

/** The wired identity sandbox; sandbox mode without one is a wiring mistake. */
export function requireIdentitySandbox(adapters: IdentitySandboxAdapters): IdentitySandbox {
  if (adapters.identitySandbox) return adapters.identitySandbox
  logError(
    new Error('sandbox sign-in active but no identity sandbox was passed to createBackend'),
    {
      config: 'identitySandbox',
    }
  )
  throw new AppError('internal_error', MESSAGES.systemError)
}

/**
 * A change on a store's order board (ADR 017): a paid order arrived (`placed`) or an order moved
 * or changed inside its status (`updated`). The board reloads what it shows from the staff API,
 * so the event names the order and never carries shopper data.
 */
export interface OrderBoardEvent {
  businessId: number
  storeId: number
  orderId: number
  status: OrderStatusName
  change: 'placed' | 'updated'
  /** ISO 8601 instant of the change, from the app clock. */
  at: string
}

/**
 * Tells the store's open order boards about a change, live (a Durable Object per store holding
 * the boards' WebSockets in the storefront Worker). Called after the change is committed; it must
 * not throw: a board that misses an event is still right on its next load.
 */
export interface OrderBoardNotifier {
  publish(bindings: Env, event: OrderBoardEvent): Promise<void>
  /**
   * Closes every board socket a member of staff has open at these stores of the business, when
   * their access ends (deactivation, sign-out). Must not throw either: the guard already refuses
   * their next call, and a reconnect is authorised afresh.
   */
  disconnectStaff?(
    bindings: Env,
    staff: { businessId: number; storeIds: ReadonlyArray<number>; staffId: number }
  ): Promise<void>
}

export interface OrderBoardAdapters {
  /** Null where no live board is wired: boards then show changes on their next load only. */
  orderBoard?: OrderBoardNotifier | null | undefined
}

/**
 * What an order's live tracker is told (ADR 019): the driver moved (while en route), or the order
 * changed state (a fresh snapshot). The tracker numbers it and sends it to the order's watchers.
 */
export type OrderTrackerEvent =
  ({ type: 'position' } & TrackingPosition) | { type: 'status'; snapshot: TrackingSnapshot }

/**
 * Sends an order's change to the pages watching it (a Durable Object per order in the storefront
 * Worker). Called after the change is committed; it must not throw: a page that misses an event
 * catches up from its next snapshot (reconnect or poll).
 */
export interface OrderTrackerNotifier {
  publish(
    bindings: Env,
    /** The order by its number (unique in the business): what the tracking page names. */
    order: { businessId: number; orderNumber: string },
    event: OrderTrackerEvent
  ): Promise<void>
}

export interface OrderTrackerAdapters {
  /** Null where no live tracking is wired: tracking pages then update by polling only. */
  orderTracker?: OrderTrackerNotifier | null | undefined
}

/**
 * An order changed (ADR 038): it was placed, or moved or changed inside its status. The domain
 * that made the change publishes it (orders/events.ts); who follows it (the store boards, the
 * order's tracking) subscribes in createBackend, so the order's domains never import them.
 */
export type OrderChange = Omit<OrderBoardEvent, 'at'>

/** Follows an order's changes after their commit; must not throw (each is also guarded). */
export type OrderChangeSubscriber = (
  env: Env & BackendAdapters,
  change: OrderChange,
  now: Date
) => Promise<void>

export interface OrderEventsAdapters {
  orderSubscribers: ReadonlyArray<OrderChangeSubscriber>
}

/** Someone registering as a member, as the domains registration asks see them. */
export interface JoiningMember {
  businessId: number
  email: string
  phone: string | null
  deviceId: string | null
}

/** Work a route lets finish after its answer (a route's background run). */
export interface BackgroundRun {
  env: Env
  now: Date
  /** Lets the work finish after the answer; never rejects. */
  defer: (work: Promise<unknown>, event: string) => Promise<void>
}

/**
 * What registration asks of the domains above auth (ADR 038): the referral code's check and the
 * marketing service's word of a new member. Wired in createBackend (registration-hooks.ts), so
 * auth, which every domain authenticates through, imports none of them.
 */
export interface RegistrationHooks {
  /** Checks a code before the member exists; the statements go in the member's own batch. */
  referralAtRegistration: (
    db: D1Database,
    friend: JoiningMember,
    code: string,
    now: Date
  ) => Promise<{ statements: Array<D1PreparedStatement>; outcome: 'accepted' | 'refused' }>
  /** A new member: the marketing service's user update (ADR 025: only if they opted in). */
  memberJoined: (
    run: BackgroundRun,
    member: { businessId: number; customerId: number }
  ) => Promise<void>
}

export interface RegistrationAdapters {
  registration: RegistrationHooks
}

/** The adapters with the backend's own followers wired (order-subscribers.ts, registration-hooks.ts). */
export type WiredAdapters = BackendAdapters & OrderEventsAdapters & RegistrationAdapters
