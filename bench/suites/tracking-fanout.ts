// Live order tracking (ADR 019): one driver's positions fanned out to WATCHERS tracking pages of
// the same order over their WebSockets (the order's OrderTracker Durable Object, Hibernation API).
// The latency of a position is from the driver's POST leaving to the frame arriving at a page, so
// it includes the D1 write, the snapshot read and the Durable Object's broadcast: what a shopper
// waits for after the phone sends. Positions are sent a little over the stored interval
// (LOCATION_MIN_INTERVAL_SECONDS) apart, since a closer fix is answered without being stored.
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOCATION_MIN_INTERVAL_SECONDS } from '../../schemas/live.ts'
import { trackingLivePath } from '../../schemas/tracking.ts'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import { printTable } from '../lib/post-load.ts'
import { type ConsoleLogin, consoleSignIn } from './console-session.ts'

const WATCHERS = Number(process.env.BENCH_TRACKING_WATCHERS ?? 100)
const POSITIONS = Number(process.env.BENCH_TRACKING_POSITIONS ?? 15)
const PASSWORD = 'bench driver password'

export interface TrackingFixture {
  login: ConsoleLogin
  orderId: number
  orderNumber: string
  businessId: number
}

/** Before the servers start: an invited driver of the store and one delivery of theirs en route. */
export function prepareTrackingFanout(stateDir: string, storeId: number): TrackingFixture {
  const invitation = randomBytes(32).toString('base64url')
  const tokenHash = createHash('sha256').update(invitation).digest('hex')
  const email = `bench.driver.${Date.now()}@example.com`
  const orderNumber = `TRACK-${Date.now()}`
  const at = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
  queryLocalD1(
    stateDir,
    `insert into staff_accounts (business_id, email, name, status, is_operator, created_at,
       updated_at)
     select business_id, '${email}', 'Bench Driver', 'invited', 0, ${at}, ${at}
     from stores where id = ${storeId};
     insert into staff_store_roles (staff_id, store_id, role, created_at)
     select id, ${storeId}, 'driver', created_at from staff_accounts where email = '${email}';
     insert into staff_invitations (business_id, staff_id, token_hash, role, store_ids_json,
       expires_at, created_at)
     select business_id, id, '${tokenHash}', 'driver', '[${storeId}]',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'), ${at}
     from staff_accounts where email = '${email}';
     insert into orders (business_id, store_id, business_order_id, status, status_code,
       fulfilment_method, fulfilment_timing, first_name, last_name, email, subtotal,
       original_total, total, placed_at, driver_id, delivery_latitude, delivery_longitude)
     select s.business_id, s.id, '${orderNumber}', 'en_route', 80, 'delivery', 'asap', 'Ada',
       'Lovelace', 'ada@example.com', 1500, 1500, 1500, ${at}, d.id, s.latitude + 0.02,
       s.longitude + 0.02
     from stores s join staff_accounts d on d.email = '${email}' where s.id = ${storeId};`
  )
  const [row] = queryLocalD1(
    stateDir,
    `select id, business_id from orders where business_order_id = '${orderNumber}'`
  )
  return {
    login: { email, password: PASSWORD, invitation },
    orderId: Number(row?.id),
    orderNumber,
    businessId: Number(row?.business_id),
  }
}

/** SESSION_SECRET of the .dev.vars the build copied beside the bench's config. */
export function sessionSecret(root: string): string {
  const line = readFileSync(join(root, '.dev.vars'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('SESSION_SECRET='))
  const value = line?.slice('SESSION_SECRET='.length).trim().replace(/^"|"$/g, '')
  if (!value) throw new Error('no SESSION_SECRET in .dev.vars')
  return value
}

/**
 * A signed tracking link's token, made as worker/backend/tracking/token.ts makes it (HKDF-SHA-256
 * of SESSION_SECRET with its label, then HMAC-SHA-256 of `business.order.expiry`). The bench runs
 * in Node outside the worker's TypeScript project, so it signs with node:crypto; a token the
 * worker refused would fail the bench at its first socket.
 */
export function trackingToken(secret: string, businessId: number, orderId: number): string {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'order-tracking-link-v1', 32))
  const payload = `${businessId}.${orderId}.${Math.floor(Date.now() / 1000) + 86_400}`
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`
}

interface Watcher {
  ws: WebSocket
  /** Arrival time (performance.now()) of each position, by its latitude. */
  arrivals: Map<number, number>
}

function openWatcher(url: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const watcher: Watcher = { ws, arrivals: new Map() }
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; lat?: number }
      if (message.type === 'hello') resolve(watcher)
      if (message.type === 'position' && message.lat !== undefined) {
        watcher.arrivals.set(message.lat, performance.now())
      }
    })
    ws.addEventListener('error', () => reject(new Error(`socket to ${url} failed`)))
  })
}

function percentile(sorted: ReadonlyArray<number>, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runTrackingFanoutSuite(fixture: {
  origin: string
  root: string
  stateDir: string
  storeId: number
  tracking: TrackingFixture
}): Promise<void> {
  const { origin, tracking } = fixture
  const driver = await consoleSignIn(origin, fixture.stateDir, tracking.login)
  const token = trackingToken(sessionSecret(fixture.root), tracking.businessId, tracking.orderId)
  const url = `${origin.replace(/^http/, 'ws')}${trackingLivePath(tracking.orderNumber, token)}`
  const opened = performance.now()
  const watchers = await Promise.all(Array.from({ length: WATCHERS }, () => openWatcher(url)))
  const connectMs = performance.now() - opened

  const [store] = queryLocalD1(
    fixture.stateDir,
    `select latitude, longitude from stores where id = ${fixture.storeId}`
  )
  const samples: Array<number> = []
  const postMs: Array<number> = []
  let lost = 0
  for (let i = 1; i <= POSITIONS; i += 1) {
    const lat = Number(store?.latitude) + i * 0.001
    const sent = performance.now()
    await driver.post('/staff/deliveries/location', {
      storeId: fixture.storeId,
      orderId: tracking.orderId,
      lat,
      lng: Number(store?.longitude) + i * 0.001,
      accuracy: 10,
      at: new Date().toISOString(),
    })
    postMs.push(performance.now() - sent)
    const deadline = performance.now() + 5_000
    while (watchers.some((w) => !w.arrivals.has(lat)) && performance.now() < deadline) {
      await sleep(5)
    }
    for (const watcher of watchers) {
      const arrived = watcher.arrivals.get(lat)
      if (arrived === undefined) lost += 1
      else samples.push(arrived - sent)
    }
    await sleep(LOCATION_MIN_INTERVAL_SECONDS * 1000 + 100)
  }
  for (const watcher of watchers) watcher.ws.close(1000, 'bench done')

  const sorted = [...samples].sort((a, b) => a - b)
  const postSorted = [...postMs].sort((a, b) => a - b)
  printTable(
    `tracking fan-out: 1 driver → ${WATCHERS} watching sockets, ${POSITIONS} positions`,
    ['measure', 'p50 ms', 'p99 ms', 'max ms', 'samples'],
    [
      [
        'position → page (POST sent to frame received)',
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
        (sorted.at(-1) ?? NaN).toFixed(1),
        String(sorted.length),
      ],
      [
        "driver's POST answered",
        percentile(postSorted, 0.5).toFixed(1),
        percentile(postSorted, 0.99).toFixed(1),
        (postSorted.at(-1) ?? NaN).toFixed(1),
        String(postSorted.length),
      ],
    ]
  )
  console.log(`  ${WATCHERS} sockets opened in ${connectMs.toFixed(0)} ms; frames lost: ${lost}`)
}
