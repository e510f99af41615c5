// Orders per second through the built Worker's real routes with the demo's two businesses on
// their two shards (ADR 047): Corner Fresh Group on DB (localhost) and Harbour Pantry on SHARD_2
// (harbour.localhost). The checkout suite's cash order (process order + make payment, a 10-line
// delivery basket holding a slot) at `c` connections for one business alone, then for both side by
// side (`c` each), and the bytes an order adds to its shard, read from the database before and
// after (pages in use × page size). Locally both shards are SQLite files of one workerd process on
// a shared machine: the side-by-side row shows what one process does with two writers, not what
// two D1 databases do (each its own writer), which only a deployed run can show.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { printTable, type PostFigures } from '../lib/post-load.ts'
import {
  cashOrders,
  type CheckoutFixture,
  guestSession,
  type HeldSlot,
  type ReadyBasket,
  readyBaskets,
  slotPlaces,
} from './checkout.ts'

export interface ShardShop {
  /** The business's name, for the table. */
  label: string
  /** The shard its rows are on (a D1 binding). */
  shard: string
  businessId: number
  fixture: CheckoutFixture
}

const CONNECTIONS = 8

/**
 * The local SQLite file of the shard holding a business (wrangler names each by a hash; D1's own
 * SQL refuses the page pragmas and dbstat, so the file is read beside the running Worker, which
 * SQLite's locking allows).
 */
function shardFile(stateDir: string, businessId: number): string {
  const dir = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  for (const name of readdirSync(dir).filter((file) => /^[0-9a-f]{64}\.sqlite$/.test(file))) {
    const db = new DatabaseSync(join(dir, name), { readOnly: true })
    try {
      const holds = db
        .prepare(
          `select 1 as found from sqlite_master where name = 'brands' and exists
           (select 1 from brands where business_id = ?)`
        )
        .get(businessId)
      if (holds) return join(dir, name)
    } finally {
      db.close()
    }
  }
  throw new Error(`no local shard holds business ${businessId}`)
}

/**
 * A shard's bytes in pages of each table, its indexes and full-text shadow tables counted with it
 * (dbstat): what counts toward its 10 GB.
 */
function bytesByTable(file: string): Map<string, number> {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const rows = db
      .prepare(
        `select coalesce(m.tbl_name, d.name) as name, sum(d.pgsize) as bytes from dbstat d
         left join sqlite_master m on m.name = d.name group by 1`
      )
      .all() as Array<{ name: string; bytes: number }>
    return new Map(rows.map((row) => [row.name, Number(row.bytes)]))
  } finally {
    db.close()
  }
}

const total = (tables: ReadonlyMap<string, number>) =>
  [...tables.values()].reduce((sum, bytes) => sum + bytes, 0)

/** What each table grew by an order, largest first (those that grew a page or more). */
function growthByTable(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  orders: number
): string {
  return [...after]
    .map(([name, bytes]) => [name, bytes - (before.get(name) ?? 0)] as const)
    .filter(([, grown]) => grown > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, grown]) => `${name} ${Math.round(grown / orders)}`)
    .join(', ')
}

interface Shopping {
  session: string
  places: Array<HeldSlot>
}

async function prepare(shop: ShardShop, count: number, shopping: Shopping) {
  const started = performance.now()
  const baskets = await readyBaskets(shop.fixture, shopping.session, shopping.places, count)
  console.log(
    `bench: ${count} ready baskets of ${shop.label} in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`
  )
  return baskets
}

/** Every shop's cash orders at once, each in its own loops; answers each shop's run. */
async function side(
  shops: ReadonlyArray<{ shop: ShardShop; baskets: Array<ReadyBasket> }>,
  seconds: number
) {
  return Promise.all(
    shops.map(({ shop, baskets }) => cashOrders(shop.fixture, baskets, CONNECTIONS, seconds))
  )
}

const HEADER = ['cash orders', 'orders/s', 'p50/p95 ms', 'not succeeded']

const row = (label: string, figures: PostFigures): Array<string> => [
  label,
  figures.requestsPerSecond.toFixed(1),
  `${figures.p50.toFixed(0)}/${figures.p95.toFixed(0)}`,
  String(figures.non2xx),
]

const succeeded = (figures: PostFigures) => figures.count - figures.non2xx

export async function runShardsWorkerSuite(
  shops: readonly [ShardShop, ShardShop],
  options: { stateDir: string; seconds: number; baskets: number }
): Promise<void> {
  const shopping = await Promise.all(
    shops.map(async (shop) => ({
      session: await guestSession(shop.fixture.storefront.origin),
      places: await slotPlaces(shop.fixture),
    }))
  )
  const files = shops.map((shop) => shardFile(options.stateDir, shop.businessId))
  const before = files.map(bytesByTable)
  const placed = shops.map(() => 0)
  const rows: Array<Array<string>> = []
  const alone: Array<number> = []

  // Each business alone, on its own shard.
  for (const [index, shop] of shops.entries()) {
    const baskets = await prepare(shop, options.baskets, shopping[index]!)
    const [run] = await side([{ shop, baskets }], options.seconds)
    if (!run) throw new Error('no run')
    placed[index]! += succeeded(run.order)
    alone.push(run.order.requestsPerSecond)
    rows.push(row(`${shop.label} alone (${shop.shard})`, run.order))
  }

  // Both at once, each on its own shard.
  const baskets = await Promise.all(
    shops.map((shop, index) => prepare(shop, options.baskets, shopping[index]!))
  )
  const runs = await side(
    shops.map((shop, index) => ({ shop, baskets: baskets[index] ?? [] })),
    options.seconds
  )
  let together = 0
  for (const [index, run] of runs.entries()) {
    placed[index]! += succeeded(run.order)
    together += run.order.requestsPerSecond
    rows.push(row(`${shops[index]!.label} beside the other (${shops[index]!.shard})`, run.order))
  }
  rows.push(['both shards together', together.toFixed(1), '', ''])
  printTable(
    `Cash orders through the built Worker, ${CONNECTIONS} connections a business, ${options.seconds} s a cell`,
    HEADER,
    rows
  )
  const mean = alone.reduce((sum, rate) => sum + rate, 0) / alone.length
  console.log(
    `side by side: ${together.toFixed(1)} orders/s against ${mean.toFixed(1)} for one business ` +
      `alone (the mean of the two): ×${(together / mean).toFixed(2)}` +
      runs.map((run) => (run.ranOut ? ' (a cell ran out of baskets before its end)' : '')).join('')
  )
  for (const [index, shop] of shops.entries()) {
    const was = before[index] ?? new Map<string, number>()
    const now = bytesByTable(files[index] ?? '')
    const grown = total(now) - total(was)
    const orders = placed[index] ?? 0
    if (orders === 0) continue
    console.log(
      `${shop.label} (${shop.shard}): ${orders} orders placed, ${grown} bytes more in use: ` +
        `${Math.round(grown / orders)} bytes an order (its basket, slot hold, order, lines, ` +
        'history, payment, idempotency answers, effects, emails and marketing events); by table, ' +
        `bytes an order: ${growthByTable(was, now, orders)}`
    )
  }
}
