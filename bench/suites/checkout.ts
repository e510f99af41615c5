// Checkout through the proxy, on the demo data: process order for a ready basket (a new
// idempotency key each time, so every call supersedes the basket's previous draft), a cash order
// end to end (process order, then make payment; each one closes its basket, so the baskets are
// prepared before the timed run), the idempotent replay of a make payment, and the payment page
// with its first-party JS. Every basket is a guest's 10-line delivery basket holding a future slot,
// with contact details, a delivery address and the terms done: what a shopper has on the payment
// step.
import { expectStatus, withAppVersionCookie } from '../lib/expect-status.ts'
import type { RunningServer } from '../lib/server.ts'
import {
  CALL_TABLE_HEADER,
  callRow,
  figuresOf,
  printTable,
  type PostFigures,
  postLoad,
} from '../lib/post-load.ts'
import { fillBasket, type BasketFixture } from './basket.ts'
import { runJsBytesSuite } from './js-bytes.ts'
import { runSsrSuite } from './ssr.ts'

/** What ready baskets are made with: the storefront, its store and items, where to deliver. */
export interface OrderingFixture extends BasketFixture {
  storefront: RunningServer
  /** Where the orders are delivered: central Manchester unless the store is elsewhere. */
  address?: { addressLine1: string; town: string; postcode: string }
}

export interface CheckoutFixture extends OrderingFixture {
  /** The hello-world Worker the payment page is paired with, as in the SSR suite. */
  hello: RunningServer
  storeSlug: string
}

export interface HeldSlot {
  type: string
  timeSlotDate: string
  timeSlotTime: string | null
}

/** A basket on the payment step: its cookies (basket and guest session) and its slot. */
export interface ReadyBasket {
  cookie: string
  slot: HeldSlot
  email: string
}

interface SlotList {
  days: Array<{
    slots: Array<{
      timeSlotDate: string
      timeSlotTime: string
      remaining: number
      available: boolean
    }>
  }>
}

const CONNECTIONS = [1, 8]
const MAX_PER_SLOT = 50
// The routes of client/lib/routes.ts (checkout-payment, checkout-success), which this Node project
// does not compile.
const PAYMENT_PAGE = '/checkout/payment'
const SUCCESS_PAGE = '/checkout/success'
const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '07700 900123' }
const ADDRESS = { addressLine1: '12 Portland Street', town: 'Manchester', postcode: 'M1 1AE' }

async function post(
  origin: string,
  path: string,
  body: unknown,
  cookie: string
): Promise<{ response: Response; answer: unknown }> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
  return { response, answer: JSON.parse(text) }
}

/** The session cookies of a guest, as a page's ensureGuestSession would set them. */
export async function guestSession(origin: string): Promise<string> {
  const { response } = await post(origin, '/api/oauth/token', { grant_type: 'guest' }, '')
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ')
}

/**
 * Places in the store's open slots, one entry per place (at most MAX_PER_SLOT a slot), taken in
 * turn from every slot so that baskets made together hold different slots, as shoppers' do.
 */
export async function slotPlaces(fixture: OrderingFixture): Promise<Array<HeldSlot>> {
  const { answer } = await post(
    fixture.storefront.origin,
    '/api/time-slots',
    { storeId: fixture.storeId },
    ''
  )
  const slots = (answer as SlotList).days
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available)
  const places: Array<HeldSlot> = []
  for (let round = 0; round < MAX_PER_SLOT; round++) {
    for (const slot of slots) {
      if (round >= slot.remaining) continue
      places.push({
        type: 'future',
        timeSlotDate: slot.timeSlotDate,
        timeSlotTime: slot.timeSlotTime,
      })
    }
  }
  return places
}

/** The Cookie header after an answer: what it set replaces what was sent, as a browser does. */
export function withSetCookies(cookie: string, response: Response): string {
  const pairs = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair] as const)
  )
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? ''
    pairs.set(pair.split('=')[0] ?? '', pair)
  }
  return [...pairs.values()].join('; ')
}

/**
 * A guest's basket on the payment step (10 lines, a held slot, contact, address, terms), with the
 * cookies its answers set (the D1 bookmark of its last write among them).
 */
async function readyBasket(
  fixture: OrderingFixture,
  session: string,
  slot: HeldSlot,
  index: number
): Promise<ReadyBasket> {
  const origin = fixture.storefront.origin
  const basket = await fillBasket(fixture, 10)
  let cookie = `${basket.cookie}; ${session}`
  const { answer, response } = await post(
    origin,
    '/api/time-slots/reserve',
    { storeId: fixture.storeId, timeSlotDate: slot.timeSlotDate, timeSlotTime: slot.timeSlotTime },
    cookie
  )
  cookie = withSetCookies(cookie, response)
  const held = (answer as { reservation: HeldSlot }).reservation
  const email = `bench-${Date.now()}-${index}@example.com`
  const steps: Array<[string, unknown]> = [
    ['/api/checkout/contact-details', { ...CONTACT, email }],
    ['/api/checkout/delivery-address', { address: fixture.address ?? ADDRESS }],
    ['/api/checkout/terms', { termsAccepted: true }],
  ]
  for (const [path, body] of steps) {
    cookie = withSetCookies(cookie, (await post(origin, path, body, cookie)).response)
  }
  return {
    cookie,
    email,
    slot: { type: held.type, timeSlotDate: held.timeSlotDate, timeSlotTime: held.timeSlotTime },
  }
}

/** `count` ready baskets, made 8 at a time, each holding one of `places`. */
export async function readyBaskets(
  fixture: OrderingFixture,
  session: string,
  places: Array<HeldSlot>,
  count: number
): Promise<Array<ReadyBasket>> {
  if (places.length < count) throw new Error(`only ${places.length} slot places for ${count}`)
  const baskets: Array<ReadyBasket> = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      const slot = places.pop()
      if (!slot) throw new Error('out of slot places')
      baskets.push(await readyBasket(fixture, session, slot, index))
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return baskets
}

export function processOrderBody(fixture: BasketFixture, basket: ReadyBasket) {
  return {
    idempotencyKey: crypto.randomUUID(),
    storeId: fixture.storeId,
    fulfilmentMethod: 'delivery',
    fulfilmentDetails: {
      timing: basket.slot.type,
      timeSlotDate: basket.slot.timeSlotDate,
      timeSlotTime: basket.slot.timeSlotTime,
    },
    paymentGateway: 'cash',
    paymentMethod: 'paymentCash',
    names: { firstName: CONTACT.firstName, lastName: CONTACT.lastName },
    emailAddress: basket.email,
    phoneNumber: CONTACT.phoneNumber,
  }
}

export function cashPaymentBody(origin: string, draftOrderId: number) {
  return {
    idempotencyKey: crypto.randomUUID(),
    draftOrderId,
    paymentMethod: 'paymentCash',
    paymentGateway: 'cash',
    cashConfirmed: true,
    successUrl: `${origin}${SUCCESS_PAGE}?orderId=${draftOrderId}`,
    failureUrl: `${origin}${PAYMENT_PAGE}?payment=failed`,
    cancelUrl: `${origin}${PAYMENT_PAGE}?payment=cancelled`,
  }
}

export interface CashRun {
  /** Process order + make payment, one placed order per iteration. */
  order: PostFigures
  /** The make payment call of the same iterations. */
  payment: PostFigures
  consumed: number
  /** Loops stopped before the deadline because every prepared basket was used. */
  ranOut: boolean
}

/**
 * Cash orders in `connections` closed loops for `seconds`: each iteration takes the next unused
 * basket, makes its draft order and pays it. postLoad keeps one cookie per connection, and here
 * every request names another basket (its cookie), so this loop is the suite's own.
 */
export async function cashOrders(
  fixture: CheckoutFixture,
  baskets: Array<ReadyBasket>,
  connections: number,
  seconds: number
): Promise<CashRun & { lastPaid: { cookie: string; body: unknown } | null }> {
  const origin = fixture.storefront.origin
  const orderLatencies: Array<number> = []
  const paymentLatencies: Array<number> = []
  let non2xx = 0
  let consumed = 0
  let ranOut = false
  let lastPaid: { cookie: string; body: unknown } | null = null
  const send = (path: string, body: unknown, cookie: string) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(body),
    })
  const started = performance.now()
  const deadline = started + seconds * 1000
  const loop = async () => {
    while (performance.now() < deadline) {
      const basket = baskets.pop()
      if (!basket) {
        ranOut = true
        return
      }
      consumed++
      const sent = performance.now()
      const draft = await send(
        '/api/checkout/process-order',
        processOrderBody(fixture, basket),
        basket.cookie
      )
      const draftText = await draft.text()
      if (draft.status !== 200) {
        non2xx++
        orderLatencies.push(performance.now() - sent)
        continue
      }
      const { draftOrderId } = JSON.parse(draftText) as { draftOrderId: number }
      const body = cashPaymentBody(origin, draftOrderId)
      const paySent = performance.now()
      const paid = await send('/api/payments/make', body, basket.cookie)
      const paidText = await paid.text()
      const now = performance.now()
      paymentLatencies.push(now - paySent)
      orderLatencies.push(now - sent)
      const status = paid.status === 200 ? (JSON.parse(paidText) as { status: string }).status : ''
      if (status !== 'succeeded') non2xx++
      else lastPaid = { cookie: basket.cookie, body }
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  // A cash order that did not end 'succeeded' is not what the row measures.
  expectStatus(
    `cash orders (${connections} connections)`,
    { 200: orderLatencies.length - non2xx, 'not succeeded': non2xx },
    200
  )
  const elapsed = (performance.now() - started) / 1000
  return {
    order: figuresOf(orderLatencies, elapsed, non2xx),
    payment: figuresOf(paymentLatencies, elapsed, 0),
    consumed,
    ranOut,
    lastPaid,
  }
}

/**
 * Runs `measure` with the basket and session cookies on every request to the storefront:
 * firstPartyScripts fetches the page itself, without cookies, and the payment page of a shopper
 * with no basket is a redirect.
 */
async function withCookie<T>(origin: string, cookie: string, measure: () => Promise<T>) {
  const plainFetch = globalThis.fetch
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith(origin)) return plainFetch(input, init)
    const headers = new Headers(init?.headers)
    headers.set('cookie', cookie)
    return plainFetch(input, { ...init, headers })
  }
  try {
    return await measure()
  } finally {
    globalThis.fetch = plainFetch
  }
}

export async function runCheckoutSuite(
  fixture: CheckoutFixture,
  options: { seconds: number; warmupSeconds: number }
): Promise<void> {
  const origin = fixture.storefront.origin
  const session = await guestSession(origin)
  const places = await slotPlaces(fixture)
  // One basket per connection for process order and the page; they are never paid.
  const standing = await readyBaskets(fixture, session, places, Math.max(...CONNECTIONS))
  const cookieOfLoop = (loop: number) => ({ cookie: standing[loop]?.cookie ?? '' })

  const rows: Array<Array<string>> = []
  const processFigures: Array<PostFigures> = []
  for (const count of CONNECTIONS) {
    const run = (seconds: number) =>
      postLoad({
        url: `${origin}/api/checkout/process-order`,
        body: (loop) => {
          const basket = standing[loop]
          if (!basket) throw new Error(`no basket for connection ${loop}`)
          return processOrderBody(fixture, basket)
        },
        headers: cookieOfLoop,
        measure: () => 1,
        connections: count,
        seconds,
      })
    if (options.warmupSeconds > 0) await run(options.warmupSeconds)
    processFigures.push(await run(options.seconds))
  }
  rows.push(callRow('process order', processFigures))

  // A placed order is a draft plus a payment: three quarters of what process order alone would
  // use in the run and its warm-up is more than the run uses (it stops early, and says so, if not),
  // without spending minutes on baskets nobody pays for.
  const cashRuns: Array<CashRun> = []
  const prepared: Array<number> = []
  const warmedUp: Array<number> = []
  let lastPaid: { cookie: string; body: unknown } | null = null
  for (const [index, count] of CONNECTIONS.entries()) {
    const rate = processFigures[index]?.requestsPerSecond ?? 0
    const needed = Math.ceil(rate * (options.seconds + options.warmupSeconds) * 0.75) + count
    const started = performance.now()
    const baskets = await readyBaskets(fixture, session, places, needed)
    console.log(
      `bench: ${needed} ready baskets for cash orders at c=${count} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`
    )
    prepared.push(needed)
    const warmup =
      options.warmupSeconds > 0
        ? await cashOrders(fixture, baskets, count, options.warmupSeconds)
        : null
    warmedUp.push(warmup?.consumed ?? 0)
    const measured = await cashOrders(fixture, baskets, count, options.seconds)
    cashRuns.push(measured)
    lastPaid = measured.lastPaid ?? lastPaid
  }
  rows.push(
    callRow(
      'cash order, e2e',
      cashRuns.map((run) => run.order)
    )
  )
  rows.push(
    callRow(
      '  of which payment',
      cashRuns.map((run) => run.payment)
    )
  )

  if (!lastPaid) throw new Error('no cash order was placed')
  const replay = lastPaid
  const replayFigures: Array<PostFigures> = []
  for (const count of CONNECTIONS) {
    const run = (seconds: number) =>
      postLoad({
        url: `${origin}/api/payments/make`,
        body: () => replay.body,
        headers: () => ({ cookie: replay.cookie }),
        measure: () => 1,
        connections: count,
        seconds,
      })
    if (options.warmupSeconds > 0) await run(options.warmupSeconds)
    replayFigures.push(await run(options.seconds))
  }
  rows.push(callRow('payment replay', replayFigures))

  printTable(
    `Checkout through /api, demo data (${fixture.storeSlug}, delivery, 10 lines, future slot), ${options.seconds} s per cell`,
    CALL_TABLE_HEADER,
    rows
  )
  console.log(
    'cash order, e2e = process order + make payment (paymentCash, cashConfirmed), one closed ' +
      'basket each; req/s are orders/s.'
  )
  for (const [index, run] of cashRuns.entries()) {
    const count = CONNECTIONS[index]
    console.log(
      `cash orders at c=${count}: ${prepared[index]} ready baskets, ${warmedUp[index]} consumed ` +
        `in the warm-up and ${run.consumed} in the timed run` +
        (run.ranOut ? ' (ran out before the end)' : '')
    )
  }

  const page = standing[0]
  if (!page) throw new Error('no ready basket for the payment page')
  await runSsrSuite(
    [
      {
        label: `payment ${PAYMENT_PAGE}`,
        server: fixture.storefront,
        path: PAYMENT_PAGE,
        // A real shopper's browser runs this app version: without it the page starts over.
        headers: { cookie: withAppVersionCookie(page.cookie) },
      },
    ],
    [{ label: 'hello world', server: fixture.hello, path: '/' }],
    options
  )
  await withCookie(origin, page.cookie, () => runJsBytesSuite(origin, [PAYMENT_PAGE]))
}
