import { RoundTripsSchema, type RoundTrips } from '../../schemas/development.ts'
import { withAppVersionCookie } from '../lib/expect-status.ts'
import {
  latencyTable,
  NEAR_THE_DATA,
  NEAR_THE_SHOPPER,
  type LatencyRow,
  type Placement,
} from '../lib/latency-figures.ts'
import { locationCookie } from '../lib/location-cookie.ts'
import { benchTwoWorkerConfigs, startWranglerDev } from '../lib/server.ts'
import { fillBasket, type BasketFixture } from './basket.ts'
import {
  cashPaymentBody,
  guestSession,
  processOrderBody,
  type ReadyBasket,
  readyBaskets,
  slotPlaces,
  withSetCookies,
} from './checkout.ts'
import { expectCacheState } from './ssr.ts'
import { sessionSecret, trackingToken } from './tracking-fanout.ts'

/*
 * The latency bench (issue 39, ADR 046, 062): the storefront and the backend Worker in one
 * `wrangler dev`, BACKEND between them as deployed, with STOREFRONT_LATENCY adding a delay to each
 * storefront→backend call and each backend→D1 statement or batch. Run once with the backend near
 * the data (a long hop, short statements) and once beside the shopper (a short hop, every
 * statement the long way), it prints each flow's p50 and p95 as one shopper waits for them, one
 * request after another, and the round trips one request waited for in sequence: public pages
 * from the page cache (hit) and after an operator's kind of purge (miss: no kept page and no KV
 * answer, so every call goes to the backend and every read to D1), the results page, the basket
 * and time slots pages (personal), adding an item, listing the slots, and placing a cash order:
 * process order, make payment (each on a basket made ready beforehand, untimed) and the tracking
 * snapshot of the order placed (ADR 065). D1's round trips are counted again by where they go:
 * the primary, or a replica through the shopper's session.
 */

export interface LatencyFixture {
  root: string
  stateDir: string
  storeId: number
  storeSlug: string
  itemIds: Array<number>
}

/** What a flow's request needs of the shopper. */
interface Shopper {
  origin: string
  /** The 10-line basket's cookie, the location and this app version. */
  cookie: string
  storeId: number
  itemIds: Array<number>
  orders: Orders
}

/**
 * The orders the ordering flows pass on, in the order they run: baskets on the payment step
 * (made before the timed runs) to process order, its drafts to make payment, the placed orders to
 * the tracking snapshot.
 */
interface Orders {
  ready: Array<ReadyBasket>
  drafts: Array<{ cookie: string; draftOrderId: number; businessOrderId: string }>
  placed: Array<{ businessOrderId: string; orderId: number }>
  /** A signed tracking link's token for an order of the demo business, as its emails carry. */
  trackingToken: (orderId: number) => string
}

interface Flow {
  label: string
  /** A public page measured from the page cache, or after a purge. */
  cache?: 'hit' | 'miss'
  /** The request, as the flow's shopper sends it (its nth). */
  send: (shopper: Shopper, nth: number) => Promise<Response>
}

const getPage =
  (path: string, personal = false) =>
  (shopper: Shopper) =>
    fetch(new URL(path, shopper.origin), {
      headers: personal ? { cookie: shopper.cookie } : {},
      redirect: 'manual',
    })

const postApi = (path: string, body: (shopper: Shopper, nth: number) => unknown) => {
  return (shopper: Shopper, nth: number) =>
    fetch(new URL(path, shopper.origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: shopper.origin,
        cookie: shopper.cookie,
      },
      body: JSON.stringify(body(shopper, nth)),
    })
}

function flowsOf(storeSlug: string): Array<Flow> {
  const publicPages = [
    ['home /', '/'],
    ['store /stores/…', `/stores/${storeSlug}`],
    ['category …/fruit-veg', `/stores/${storeSlug}/category/fruit-veg`],
    ['results /stores-near-by/M1 1AE', '/stores-near-by/M1%201AE'],
  ] as const
  return [
    ...publicPages.flatMap(([label, path]) =>
      (['hit', 'miss'] as const).map((cache) => ({
        label: `${label} (${cache})`,
        cache,
        send: getPage(path),
      }))
    ),
    { label: 'basket /basket (personal, 10 lines)', send: getPage('/basket', true) },
    {
      label: 'time slots …/time-slots (personal)',
      send: getPage(`/stores/${storeSlug}/time-slots`, true),
    },
    {
      label: 'add to basket (POST /api/basket/items/add)',
      send: postApi('/api/basket/items/add', (shopper, nth) => ({
        storeId: shopper.storeId,
        menuItem: { itemId: shopper.itemIds[nth % shopper.itemIds.length], quantity: 1 },
      })),
    },
    {
      label: 'slot list (POST /api/time-slots)',
      send: postApi('/api/time-slots', (shopper) => ({ storeId: shopper.storeId })),
    },
    { label: 'process order (POST /api/checkout/process-order)', send: processOrder },
    { label: 'make payment, cash (POST /api/payments/make)', send: makePayment },
    {
      label: 'tracking snapshot (POST /api/tracking/order)',
      send: (shopper) => {
        const order = shopper.orders.placed.at(-1)
        if (!order) throw new Error('tracking snapshot: no order placed')
        return postJson(shopper.origin, '/api/tracking/order', '', {
          orderNumber: order.businessOrderId,
          token: shopper.orders.trackingToken(order.orderId),
        })
      },
    },
  ]
}

function postJson(origin: string, path: string, cookie: string, body: unknown) {
  return fetch(new URL(path, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  })
}

/** Process order for the next ready basket; its draft goes on to make payment. */
async function processOrder(shopper: Shopper): Promise<Response> {
  const basket = shopper.orders.ready.pop()
  if (!basket) throw new Error('process order: no ready basket left')
  const response = await postJson(
    shopper.origin,
    '/api/checkout/process-order',
    basket.cookie,
    processOrderBody({ origin: shopper.origin, storeId: shopper.storeId, itemIds: [] }, basket)
  )
  if (response.status === 200) {
    const draft = (await response.clone().json()) as {
      draftOrderId: number
      businessOrderId: string
    }
    shopper.orders.drafts.push({ cookie: basket.cookie, ...draft })
  }
  return response
}

/** A cash make payment of the next draft; the order it places goes on to tracking. */
async function makePayment(shopper: Shopper): Promise<Response> {
  const draft = shopper.orders.drafts.shift()
  if (!draft) throw new Error('make payment: no draft order left')
  const response = await postJson(
    shopper.origin,
    '/api/payments/make',
    draft.cookie,
    cashPaymentBody(shopper.origin, draft.draftOrderId)
  )
  if (response.status === 200) {
    const { status } = (await response.clone().json()) as { status: string }
    if (status !== 'succeeded') throw new Error(`make payment: the cash order ended ${status}`)
    shopper.orders.placed.push({
      businessOrderId: draft.businessOrderId,
      orderId: draft.draftOrderId,
    })
  }
  return response
}

/** A development tool of the storefront (worker/pages/dev/latency.ts). */
async function devPost(origin: string, path: string): Promise<unknown> {
  const response = await fetch(new URL(path, origin), { method: 'POST' })
  if (response.status !== 200) throw new Error(`${path}: answered ${response.status}`)
  return response.json()
}

/** One request of the flow: its time, and the round trips it waited for. */
async function measured(
  flow: Flow,
  shopper: Shopper,
  nth: number
): Promise<{ ms: number; roundTrips: RoundTrips }> {
  // An operator's kind of change before each miss: the page and its KV answers are gone.
  if (flow.cache === 'miss') await devPost(shopper.origin, '/dev/page-cache/purge')
  await devPost(shopper.origin, '/dev/round-trips')
  const started = performance.now()
  const response = await flow.send(shopper, nth)
  await response.arrayBuffer()
  const ms = performance.now() - started
  if (response.status !== 200)
    throw new Error(`${flow.label}: answered ${response.status}, not 200`)
  const said = response.headers.get('x-cache')
  if (flow.cache && said !== flow.cache) {
    throw new Error(`${flow.label}: expected x-cache ${flow.cache}, the page said ${said}`)
  }
  const roundTrips = RoundTripsSchema.parse(await devPost(shopper.origin, '/dev/round-trips'))
  return { ms, roundTrips }
}

interface FlowFigures {
  times: Array<number>
  roundTrips: Array<RoundTrips>
}

/** Each flow's figures, `requests` one after another, after a few unmeasured ones. */
async function figuresUnder(
  placement: Placement,
  fixture: LatencyFixture,
  requests: number
): Promise<Map<string, FlowFigures>> {
  const configs = benchTwoWorkerConfigs(fixture.root, { STOREFRONT_LATENCY: placement.latency })
  const server = await startWranglerDev({
    name: `two workers, ${placement.label}`,
    configPath: configs.storefront,
    moreConfigPaths: [configs.backend],
    port: 8795,
    persistTo: fixture.stateDir,
  })
  try {
    const basketFixture: BasketFixture = {
      origin: server.origin,
      storeId: fixture.storeId,
      itemIds: fixture.itemIds,
    }
    const basket = await fillBasket(basketFixture, 10)
    // A returning shopper's browser holds the D1 bookmark of their last write (ADR 046): one more
    // add, untimed, for the cookies it sets.
    const lastAdd = await postJson(server.origin, '/api/basket/items/add', basket.cookie, {
      storeId: fixture.storeId,
      menuItem: { itemId: fixture.itemIds[0], quantity: 1 },
    })
    if (lastAdd.status !== 200) throw new Error(`add to basket: answered ${lastAdd.status}`)
    const returning = withSetCookies(basket.cookie, lastAdd)
    // One basket on the payment step for each process order the run makes (3 warm-ups).
    const ordering = { ...basketFixture, storefront: server }
    const ready = await readyBaskets(
      ordering,
      await guestSession(server.origin),
      await slotPlaces(ordering),
      requests + 3
    )
    const secret = sessionSecret(fixture.root)
    const shopper: Shopper = {
      origin: server.origin,
      cookie: withAppVersionCookie(`${returning}; ${await locationCookie(server.origin)}`),
      storeId: fixture.storeId,
      itemIds: fixture.itemIds.slice(0, 10),
      orders: {
        ready: ready.map((one) => ({ ...one, cookie: withAppVersionCookie(one.cookie) })),
        drafts: [],
        placed: [],
        // The demo business is 1: its orders' tracking links are signed for it.
        trackingToken: (orderId) => trackingToken(secret, 1, orderId),
      },
    }
    const figures = new Map<string, FlowFigures>()
    for (const flow of flowsOf(fixture.storeSlug)) {
      if (flow.cache === 'hit') {
        await expectCacheState(new URL((await flow.send(shopper, 0)).url).href, 'hit')
      }
      for (let warm = 0; warm < 3; warm++) await measured(flow, shopper, warm)
      const measuredFlow: FlowFigures = { times: [], roundTrips: [] }
      for (let index = 0; index < requests; index++) {
        const { ms, roundTrips } = await measured(flow, shopper, index)
        measuredFlow.times.push(ms)
        measuredFlow.roundTrips.push(roundTrips)
      }
      figures.set(flow.label, measuredFlow)
    }
    return figures
  } finally {
    await server.stop()
  }
}

/** The median of some counts (the lower middle of an even number). */
function medianCount(counts: ReadonlyArray<number>): number {
  const sorted = [...counts].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}

export async function runLatencySuite(
  fixture: LatencyFixture,
  options: { requests: number }
): Promise<void> {
  const placements = [NEAR_THE_DATA, NEAR_THE_SHOPPER]
  const byPlacement = new Map<string, Map<string, FlowFigures>>()
  for (const placement of placements) {
    console.log(`latency: ${placement.label} (STOREFRONT_LATENCY=${placement.latency})`)
    byPlacement.set(placement.label, await figuresUnder(placement, fixture, options.requests))
  }
  const rows: Array<LatencyRow> = flowsOf(fixture.storeSlug).map(({ label }) => {
    const counted = placements.flatMap(
      (placement) => byPlacement.get(placement.label)?.get(label)?.roundTrips ?? []
    )
    return {
      page: label,
      times: Object.fromEntries(
        placements.map((placement) => [
          placement.label,
          byPlacement.get(placement.label)?.get(label)?.times ?? [],
        ])
      ),
      roundTrips: {
        backendHops: medianCount(counted.map((count) => count.backendHops)),
        d1Sequential: medianCount(counted.map((count) => count.d1Sequential)),
        d1Primary: medianCount(counted.map((count) => count.d1Primary)),
        d1Replica: medianCount(counted.map((count) => count.d1Replica)),
      },
    }
  })
  console.log(
    `\nLatency: a backend near the data against one beside the shopper (${options.requests} requests a row, one at a time; round trips one request waited for in sequence, the median)`
  )
  console.log(latencyTable(rows, placements))
}
