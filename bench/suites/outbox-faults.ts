// The outbox under faults (issue 37, ADR 037): SHOPPERS concurrent guests each fill a basket and
// place an order, every other one by card through the local sandbox's hosted card page (as the
// checkout journey does) and the rest in cash, while STOREFRONT_FAULTS fails 10% of D1 writes and
// 20% of provider calls, and retry as a shopper does when told to try again (the same idempotency
// key). The store manager then rejects a share of the placed orders (a card order's payment is
// voided at the sandbox), delivers and refunds a share of the card orders (a gateway refund), and
// accepts the rest. With faults off, the cron (the outbox sweep and the refunds' reconciliation)
// and the queue consumer drain what was left; the database must then show no order lost or
// duplicated, one confirmation per placed order, every refund and void settled once at the
// sandbox's own ledger and no effect left pending or dead. Any broken invariant exits non-zero.
import { setTimeout as sleep } from 'node:timers/promises'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import { printTable } from '../lib/post-load.ts'
import {
  type CardRedirect,
  SANDBOX_SUCCESS_CARD,
  answerFormOf,
  cardFormFields,
  formPost,
  gatewayOrderIdOf,
} from '../lib/sandbox-card.ts'
import { startWranglerDev, type RunningServer } from '../lib/server.ts'
import {
  cardMoneyOf,
  chargedWithoutOrder,
  moneyBackBroken,
  moneyBackFigures,
} from './outbox-faults-money.ts'
import { consoleSignIn, type ConsoleLogin, type ConsoleSession } from './console-session.ts'

export interface OutboxFaultsFixture {
  configPath: string
  stateDir: string
  storeId: number
  itemIds: ReadonlyArray<number>
  login: ConsoleLogin
}

export interface OutboxFaultsOptions {
  shoppers: number
  /** STOREFRONT_FAULTS while the shoppers and the store act. */
  faults: string
  /** The share of placed cash orders the store rejects (the rest it accepts). */
  rejectShare: number
}

const PORT = 8795
// Ten lines, as the checkout suite's baskets: over any store's minimum spend.
const LINES = 10
// A shopper gives up on a step after this many tries (a real one would leave sooner).
const MAX_TRIES = 12
// The cron runs until the outbox is empty, at most this many times.
const MAX_SWEEPS = 30
// The sweep hands on an effect dispatched over 30 minutes ago and still pending (ADR 037): the
// drain runs with the app's clock this far ahead, as if the cron had come round after that.
const DRAIN_CLOCK_AHEAD_MS = 31 * 60_000
const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '07700 900123' }
const ADDRESS = { addressLine1: '12 Portland Street', town: 'Manchester', postcode: 'M1 1AE' }

/** What a request answered, and how many tries it took. */
interface Tried {
  status: number
  answer: unknown
  response: Response | null
}

class Counter {
  attempts = 0
  retries = 0
  gaveUp = 0
}

/**
 * Sends a request until it is answered with anything but "try again" (a 5xx, a dropped
 * connection, or "still in progress"), as a shopper presses the button again; the body,
 * idempotency key included, is the same each time.
 */
async function tryUntilAnswered(counter: Counter, send: () => Promise<Response>): Promise<Tried> {
  for (let attempt = 1; ; attempt++) {
    counter.attempts++
    let response: Response | null = null
    try {
      response = await send()
    } catch {
      // A dropped connection: the same as a 5xx to a shopper.
    }
    const text = response ? await response.text() : ''
    if (response && response.status < 500 && !stillInProgress(response.status, text)) {
      return { status: response.status, answer: parseAnswer(text), response }
    }
    if (attempt >= MAX_TRIES) {
      counter.gaveUp++
      return { status: response?.status ?? 0, answer: parseAnswer(text), response }
    }
    counter.retries++
    await sleep(50 * attempt)
  }
}

/** "Your earlier request is still being processed": a shopper waits and presses again. */
function stillInProgress(status: number, text: string): boolean {
  return status === 409 && text.includes('"idempotency_in_progress"')
}

function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function jsonPost(origin: string, path: string, body: unknown, cookie: string) {
  return () =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify(body),
    })
}

function cookiePairs(response: Response | null, names: ReadonlyArray<string>): Array<string> {
  return (response?.headers.getSetCookie() ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => names.some((name) => pair.startsWith(`${name}=`)))
}

type PayBy = 'card' | 'cash'

interface Shopper {
  email: string
  payBy: PayBy
  /** The order the shopper was told was placed (a succeeded payment), or null. */
  placedOrderId: number | null
  /** Why the shopper was not told it was placed. */
  failure: string | null
}

/** One guest: a basket, a slot, the checkout steps, an order; every step tried again on 5xx. */
async function shop(
  origin: string,
  fixture: OutboxFaultsFixture,
  index: number,
  runId: number,
  counter: Counter
): Promise<Shopper> {
  const email = `faults-${runId}-${index}@example.com`
  const payBy: PayBy = index % 2 === 1 ? 'card' : 'cash'
  const fail = (step: string, tried: Tried): Shopper => ({
    email,
    payBy,
    placedOrderId: null,
    failure: `${step}: ${tried.status} ${JSON.stringify(tried.answer).slice(0, 160)}`,
  })
  let cookie = ''
  for (const itemId of fixture.itemIds.slice(index % 20, (index % 20) + LINES)) {
    const body = { storeId: fixture.storeId, menuItem: { itemId, quantity: 1 } }
    const tried = await tryUntilAnswered(
      counter,
      jsonPost(origin, '/api/basket/items/add', body, cookie)
    )
    if (tried.status !== 200) return fail('add to basket', tried)
    cookie ||= cookiePairs(tried.response, ['sf_basket']).join('; ')
  }
  const guest = await tryUntilAnswered(
    counter,
    jsonPost(origin, '/api/oauth/token', { grant_type: 'guest' }, '')
  )
  if (guest.status !== 200) return fail('guest session', guest)
  // The guest session's cookies, as a page's ensureGuestSession sets them.
  const session = (guest.response?.headers.getSetCookie() ?? []).map((l) => l.split(';')[0] ?? '')
  cookie = [cookie, ...session].join('; ')

  const slots = await tryUntilAnswered(
    counter,
    jsonPost(origin, '/api/time-slots', { storeId: fixture.storeId }, cookie)
  )
  if (slots.status !== 200) return fail('time slots', slots)
  const open = (
    slots.answer as {
      days: Array<{
        slots: Array<{ timeSlotDate: string; timeSlotTime: string; available: boolean }>
      }>
    }
  ).days
    .flatMap((day) => day.slots)
    .filter((slot) => slot.available)
  const slot = open[index % Math.max(1, open.length)]
  if (!slot) return fail('time slots', { ...slots, answer: 'no open slot' })
  const reserve = await tryUntilAnswered(
    counter,
    jsonPost(
      origin,
      '/api/time-slots/reserve',
      {
        storeId: fixture.storeId,
        timeSlotDate: slot.timeSlotDate,
        timeSlotTime: slot.timeSlotTime,
      },
      cookie
    )
  )
  if (reserve.status !== 200) return fail('reserve slot', reserve)
  for (const [path, body] of [
    ['/api/checkout/contact-details', { ...CONTACT, email }],
    ['/api/checkout/delivery-address', { address: ADDRESS }],
    ['/api/checkout/terms', { termsAccepted: true }],
  ] as const) {
    const step = await tryUntilAnswered(counter, jsonPost(origin, path, body, cookie))
    if (step.status !== 200) return fail(path, step)
  }
  const draft = await tryUntilAnswered(
    counter,
    jsonPost(
      origin,
      '/api/checkout/process-order',
      {
        idempotencyKey: crypto.randomUUID(),
        storeId: fixture.storeId,
        fulfilmentMethod: 'delivery',
        fulfilmentDetails: {
          timing: 'future',
          timeSlotDate: slot.timeSlotDate,
          timeSlotTime: slot.timeSlotTime,
        },
        ...gatewayOf(payBy),
        names: { firstName: CONTACT.firstName, lastName: CONTACT.lastName },
        emailAddress: email,
        phoneNumber: CONTACT.phoneNumber,
      },
      cookie
    )
  )
  if (draft.status !== 200) return fail('process order', draft)
  const { draftOrderId } = draft.answer as { draftOrderId: number }
  const payment = {
    idempotencyKey: crypto.randomUUID(),
    draftOrderId,
    ...gatewayOf(payBy),
    ...(payBy === 'cash' ? { cashConfirmed: true } : {}),
    successUrl: `${origin}/checkout/success?orderId=${draftOrderId}`,
    failureUrl: `${origin}/checkout/payment?payment=failed`,
    cancelUrl: `${origin}/checkout/payment?payment=cancelled`,
  }
  const paid = await tryUntilAnswered(
    counter,
    jsonPost(origin, '/api/payments/make', payment, cookie)
  )
  const answer = paid.answer as { status?: string; redirect?: CardRedirect | null } | null
  if (paid.status === 200 && payBy === 'card' && answer?.status === 'redirect' && answer.redirect) {
    const failure = await payOnCardPage(origin, answer.redirect, counter)
    return { email, payBy, placedOrderId: failure === null ? draftOrderId : null, failure }
  }
  if (paid.status !== 200 || answer?.status !== 'succeeded') return fail('make payment', paid)
  return { email, payBy, placedOrderId: draftOrderId, failure: null }
}

function gatewayOf(payBy: PayBy) {
  return payBy === 'card'
    ? ({ paymentGateway: 'realex', paymentMethod: 'paymentCard' } as const)
    : ({ paymentGateway: 'cash', paymentMethod: 'paymentCash' } as const)
}

/**
 * The browser's part of a card payment: posts the signed request to the sandbox's card page, pays
 * with the test card, and posts the page's signed answer back to the shop. Null when the shop
 * then sent the shopper to the confirmation; else why not.
 */
async function payOnCardPage(
  origin: string,
  redirect: CardRedirect,
  counter: Counter
): Promise<string | null> {
  const opened = await tryUntilAnswered(
    counter,
    formPost(new URL(redirect.url, origin).href, redirect.fields)
  )
  // 409: an earlier try opened the page (its answer was lost); the card form is the same.
  if (opened.status !== 200 && opened.status !== 409) return `card page: ${opened.status}`
  const card = await tryUntilAnswered(
    counter,
    formPost(
      `${origin}/sandbox-gateway/hpp/card`,
      cardFormFields(gatewayOrderIdOf(redirect), SANDBOX_SUCCESS_CARD)
    )
  )
  const form = card.status === 200 ? answerFormOf(String(card.answer)) : null
  if (!form) return `card form: ${card.status} ${String(card.answer).slice(0, 120)}`
  const back = await tryUntilAnswered(
    counter,
    formPost(new URL(form.action, origin).href, { hppResponse: form.hppResponse })
  )
  const location = back.response?.headers.get('location') ?? ''
  return back.status === 303 && location.includes('/checkout/success')
    ? null
    : `card answer: ${back.status} to ${location}`
}

/** What the store does with a placed order. */
type StorePlan = 'reject' | 'accept' | 'refund'

const CARD_PLANS: ReadonlyArray<StorePlan> = ['refund', 'reject', 'accept']

/** One action of the manager, tried again on 5xx with the same idempotency key. */
async function storeAction(
  origin: string,
  session: ConsoleSession,
  target: { storeId: number; orderId: number; expectedStatus: string },
  action: Record<string, unknown>,
  counter: Counter
): Promise<Tried> {
  const body = { ...target, idempotencyKey: crypto.randomUUID(), action }
  return tryUntilAnswered(counter, () =>
    fetch(`${origin}/store/api/staff/orders/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: session.cookie },
      body: JSON.stringify(body),
    })
  )
}

interface PickLines {
  departments: Array<{
    lines: Array<{ lineId: number; version: number; weighed: { label: string } | null }>
  }>
}

/**
 * The grams a picker weighs for a weighed line (ADR 039), as the console's picker types them:
 * what was asked for ('750 g', '3 × approx. 180 g'). Undefined for an item sold each.
 */
function gramsPicked(weighed: { label: string } | null): number | undefined {
  if (!weighed) return undefined
  const weight = /([\d.]+)\s*(kg|g)\b/.exec(weighed.label)
  if (!weight) return 500
  const grams = Math.round(Number(weight[1]) * (weight[2] === 'kg' ? 1000 : 1))
  const pieces = /^(\d+)\s*×/.exec(weighed.label)
  return pieces ? Number(pieces[1]) * grams : grams
}

/**
 * The manager's plan for one order: reject it, accept it, or accept, pick every line, deliver it
 * and refund it in full (a card order's money back as a gateway refund, not a void). Answers the
 * last action's answer: a step refused stops the plan there.
 */
async function storePlan(
  origin: string,
  session: ConsoleSession,
  storeId: number,
  orderId: number,
  plan: StorePlan,
  counter: Counter
): Promise<Tried> {
  const act = (expectedStatus: string, action: Record<string, unknown>) =>
    storeAction(origin, session, { storeId, orderId, expectedStatus }, action, counter)
  if (plan === 'reject') {
    return act('sent_to_store', {
      type: 'reject',
      reason: 'The store cannot take this order today.',
    })
  }
  const accepted = await act('sent_to_store', {
    type: 'accept',
    estimatedReadyAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  })
  if (plan === 'accept' || accepted.status !== 200) return accepted
  const lines = (accepted.answer as PickLines).departments.flatMap((d) => d.lines)
  for (const line of lines) {
    const pickedGrams = gramsPicked(line.weighed)
    const marked = await act('store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: line.version,
      mark: 'picked',
      ...(pickedGrams === undefined ? {} : { pickedGrams }),
    })
    if (marked.status !== 200) return marked
  }
  const steps: Array<[string, Record<string, unknown>]> = [
    ['store_accepted_picking', { type: 'finish_picking' }],
    ['picked', { type: 'deliver' }],
    ['delivered', { type: 'refund_order', reason: 'The shopper returned the whole order.' }],
  ]
  let last = accepted
  for (const [expectedStatus, action] of steps) {
    last = await act(expectedStatus, action)
    if (last.status !== 200) return last
  }
  return last
}

interface EffectRow {
  effect_key: string
  status: string
  attempts: number
}

/** The effects of these orders (their keys start `order:<id>:`). */
function effectsOf(stateDir: string, orderIds: ReadonlySet<number>): Array<EffectRow> {
  return queryLocalD1(
    stateDir,
    `select effect_key, status, attempts from effects where effect_key like 'order:%'`
  )
    .map((row) => ({
      effect_key: String(row.effect_key),
      status: String(row.status),
      attempts: Number(row.attempts),
    }))
    .filter((row) => orderIds.has(Number(row.effect_key.split(':')[1])))
}

function countLines(output: string, fault: string): number {
  return output.split('\n').filter((line) => line.includes(`"fault":"${fault}"`)).length
}

async function startServer(
  fixture: OutboxFaultsFixture,
  name: string,
  vars: Record<string, string>
): Promise<RunningServer> {
  return startWranglerDev({
    name,
    configPath: fixture.configPath,
    port: PORT,
    persistTo: fixture.stateDir,
    vars,
    testScheduled: true,
  })
}

/** Runs the suite; answers the broken invariants (empty when all hold). */
export async function runOutboxFaultsSuite(
  fixture: OutboxFaultsFixture,
  options: OutboxFaultsOptions
): Promise<Array<string>> {
  const started = performance.now()
  const runId = Date.now()
  // Signed in before the faults: the bench measures the shoppers' orders, not the console's
  // sign-in (its session lives in D1 and outlasts the restart).
  let server = await startServer(fixture, 'outbox-faults sign-in', {})
  let session: ConsoleSession
  try {
    session = await consoleSignIn(server.origin, fixture.stateDir, fixture.login)
  } finally {
    await server.stop()
  }

  console.log(`bench: outbox-faults: manager signed in; ${options.shoppers} shoppers with faults`)
  const shopping = new Counter()
  const acting = new Counter()
  let shoppers: Array<Shopper>
  let rejected: Array<number>
  let refunded: Array<number>
  let actionFailures: Array<string>
  let faultOutput: string
  server = await startServer(fixture, 'outbox-faults with faults', {
    STOREFRONT_FAULTS: options.faults,
  })
  const origin = server.origin
  try {
    shoppers = await Promise.all(
      Array.from({ length: options.shoppers }, (_, index) =>
        shop(origin, fixture, index, runId, shopping)
      )
    )
    const placed = shoppers.flatMap((s) =>
      s.placedOrderId === null ? [] : [{ orderId: s.placedOrderId, payBy: s.payBy }]
    )
    const rejectEvery = Math.max(1, Math.round(1 / options.rejectShare))
    let cardIndex = 0
    const answers = await Promise.all(
      placed.map(async ({ orderId, payBy }, index) => {
        const card = payBy === 'card' ? cardIndex++ : -1
        // A third of the card orders refunded, a third rejected (voided), a third accepted.
        const plan: StorePlan =
          payBy === 'card'
            ? (CARD_PLANS[card % CARD_PLANS.length] ?? 'accept')
            : index % rejectEvery === 0
              ? 'reject'
              : 'accept'
        const tried = await storePlan(origin, session, fixture.storeId, orderId, plan, acting)
        return { orderId, plan, tried }
      })
    )
    rejected = answers
      .filter((a) => a.plan === 'reject' && a.tried.status === 200)
      .map((a) => a.orderId)
    refunded = answers
      .filter((a) => a.plan === 'refund' && a.tried.status === 200)
      .map((a) => a.orderId)
    actionFailures = answers
      .filter((a) => a.tried.status !== 200)
      .map(
        (a) => `order ${a.orderId} (${a.plan}): ${a.tried.status} ${JSON.stringify(a.tried.answer)}`
      )
  } finally {
    faultOutput = server.output()
    await server.stop()
  }
  const faultedSeconds = (performance.now() - started) / 1000

  // Faults off, the clock past the sweep's 30 minutes: the cron hands on what was left, the queue
  // consumer delivers it.
  const placedIds = new Set(
    shoppers.flatMap((s) => (s.placedOrderId === null ? [] : [s.placedOrderId]))
  )
  const drainStarted = performance.now()
  server = await startServer(fixture, 'outbox-faults drain', {
    CLOCK_NOW: new Date(Date.now() + DRAIN_CLOCK_AHEAD_MS).toISOString(),
  })
  let sweeps = 0
  let cronFailures = 0
  console.log(`bench: outbox-faults: ${placedIds.size} orders placed; draining with faults off`)
  try {
    for (; sweeps < MAX_SWEEPS; sweeps++) {
      const waiting = effectsOf(fixture.stateDir, placedIds).filter((e) => e.status === 'pending')
      // The cron's reconciliation settles a refund or void the gateway did not confirm.
      const unsettled = cardMoneyOf(fixture.stateDir, [...placedIds]).filter((r) => r.unsettled)
      if (waiting.length === 0 && unsettled.length === 0) break
      try {
        const cron = await fetch(
          `${server.origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('* * * * *')}`
        )
        await cron.body?.cancel()
      } catch {
        // A cron run whose job failed (it rethrows, as the platform expects) may drop the
        // connection; the next sweep goes on from the database.
        cronFailures++
      }
      await sleep(3_000)
    }
  } finally {
    await server.stop()
  }
  const drainSeconds = (performance.now() - drainStarted) / 1000

  // The checks, from the database.
  const emails = shoppers.map((s) => `'${s.email}'`).join(', ')
  const orders = queryLocalD1(
    fixture.stateDir,
    `select id, email, status, placed_at from orders where email in (${emails})`
  )
  const placedRows = orders.filter((row) => row.placed_at !== null)
  const confirmations = queryLocalD1(
    fixture.stateDir,
    `select recipient, count(*) as n from outbox where template = 'order_confirmation'
     and recipient in (${emails}) group by recipient`
  )
  const confirmationsOf = new Map(
    confirmations.map((row) => [String(row.recipient), Number(row.n)])
  )
  const refunds = queryLocalD1(
    fixture.stateDir,
    `select p.order_id, r.kind, r.status from payment_refunds r
     join payments p on p.id = r.payment_id join orders o on o.id = p.order_id
     where o.email in (${emails})`
  )
  const effects = effectsOf(fixture.stateDir, placedIds)
  const cardMoney = cardMoneyOf(fixture.stateDir, [...placedIds])
  const money = moneyBackFigures(cardMoney)

  const broken: Array<string> = []
  const placedShoppers = shoppers.filter((s) => s.placedOrderId !== null)
  for (const shopper of placedShoppers) {
    const rows = placedRows.filter((row) => row.email === shopper.email)
    if (rows.length === 0) broken.push(`lost: ${shopper.email}'s order ${shopper.placedOrderId}`)
    if (rows.length > 1) broken.push(`duplicated: ${shopper.email} has ${rows.length} orders`)
    const sent = confirmationsOf.get(shopper.email) ?? 0
    if (sent !== 1) broken.push(`${shopper.email}: ${sent} confirmations for one order`)
  }
  for (const shopper of shoppers.filter((s) => s.placedOrderId === null)) {
    const rows = placedRows.filter((row) => row.email === shopper.email)
    if (rows.length > 1) broken.push(`duplicated: ${shopper.email} has ${rows.length} orders`)
  }
  for (const orderId of rejected) {
    const row = orders.find((o) => Number(o.id) === orderId)
    if (row?.status !== 'store_rejected') {
      broken.push(`order ${orderId} was rejected but is ${String(row?.status)}`)
    }
  }
  // Settled: the gateway (or, for cash, the record) gave the money back, or said no.
  const unsettled = refunds.filter((row) => row.status !== 'done' && row.status !== 'refused')
  for (const row of unsettled) {
    broken.push(`${String(row.kind)} of order ${String(row.order_id)} is ${String(row.status)}`)
  }

  broken.push(...moneyBackBroken(cardMoney, { refunded, rejected }))
  const charged = chargedWithoutOrder(fixture.stateDir, emails)
  broken.push(...charged)

  const pending = effects.filter((e) => e.status === 'pending')
  const dead = effects.filter((e) => e.status === 'dead')
  for (const e of [...pending, ...dead]) broken.push(`effect ${e.effect_key} is ${e.status}`)

  // A run that placed nothing shows nothing about the outbox.
  if (placedShoppers.length === 0) broken.push('no shopper was told an order was placed')

  const count = (n: number) => n.toLocaleString('en-GB')
  printTable(
    `outbox under faults (${options.faults}), ${options.shoppers} concurrent shoppers`,
    ['figure', 'count'],
    [
      ['shoppers', count(options.shoppers)],
      ['requests sent', count(shopping.attempts + acting.attempts)],
      ['  tried again (5xx)', count(shopping.retries + acting.retries)],
      ['  given up', count(shopping.gaveUp + acting.gaveUp)],
      ['injected D1 failures', count(countLines(faultOutput, 'd1-writes'))],
      ['injected provider failures', count(countLines(faultOutput, 'provider'))],
      ['told placed', count(placedShoppers.length)],
      ['  of which by card', count(placedShoppers.filter((s) => s.payBy === 'card').length)],
      ['orders placed (database)', count(placedRows.length)],
      ['confirmations', count([...confirmationsOf.values()].reduce((a, b) => a + b, 0))],
      ['rejected by the store', count(rejected.length)],
      ['delivered, then refunded (card)', count(refunded.length)],
      ['store actions not made', count(actionFailures.length)],
      [
        'refunds, voids / settled',
        `${count(refunds.length)} / ${count(refunds.length - unsettled.length)}`,
      ],
      [
        'card refunds + voids requested / refused / settled at the sandbox',
        `${count(money.requested)} / ${count(money.refused)} / ${count(money.refundsSettled + money.voidsSettled)}`,
      ],
      [
        '  refunds / voids settled there',
        `${count(money.refundsSettled)} / ${count(money.voidsSettled)}`,
      ],
      ['card authorised, no order placed', count(charged.length)],
      ['effects', count(effects.length)],
      ['  delivered', count(effects.filter((e) => e.status === 'delivered').length)],
      ['  retried (attempts > 1)', count(effects.filter((e) => e.attempts > 1).length)],
      ['  pending / dead', `${count(pending.length)} / ${count(dead.length)}`],
      ['cron sweeps to drain', `${count(sweeps)} (${count(cronFailures)} failed)`],
      ['time with faults, s', faultedSeconds.toFixed(1)],
      ['time to drain, s', drainSeconds.toFixed(1)],
    ]
  )
  // Not an invariant of the outbox (nothing was lost or done twice), but shown: an action the
  // store could not make, and why.
  for (const failure of actionFailures.slice(0, 5))
    console.log(`  store action not made: ${failure}`)
  // Why the others were not told it was placed, by step and answer.
  const reasons = new Map<string, number>()
  for (const shopper of shoppers) {
    if (shopper.failure === null) continue
    const reason = shopper.failure.replace(/"requestId":"[^"]*"/, '').slice(0, 140)
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  for (const [reason, n] of reasons) console.log(`  not placed ×${n}: ${reason}`)
  return broken
}
