// Where a business's rows live (ADR 047): D1 databases, one binding per shard, against Durable
// Objects' SQLite, one object per business, on this app's hot write (an order's placement batch)
// and its hot read (an order with its lines), in one local workerd (Miniflare, in memory). It runs
// on its own: `npm run bench -- shards`.
//
// Locally every database is a SQLite file in the same process, so these figures compare the two
// APIs' overheads and the shape of their concurrency (one writer per database or per object); the
// real difference, the Worker→D1 round trip against a call to a colocated object, shows only
// deployed (bench/README "what wrangler dev hides").
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { figuresOf, printTable, type PostFigures } from '../lib/post-load.ts'

/** The placement's statements, as checkout/orders-repo.ts and the idempotency repo write them. */
const SCHEMA = [
  `create table if not exists items (id integer primary key, business_id integer not null,
     stock integer not null check (stock >= 0))`,
  `create table if not exists orders (id integer primary key, business_id integer not null,
     number text not null, total integer not null, status text not null, created_at text not null)`,
  `create table if not exists order_lines (id integer primary key, order_id integer not null,
     item_id integer not null, quantity integer not null, price integer not null, name text not null)`,
  `create index if not exists order_lines_order on order_lines (order_id)`,
  `create table if not exists order_history (id integer primary key, order_id integer not null,
     status text not null, at text not null)`,
  `create table if not exists payments (id integer primary key, order_id integer not null,
     amount integer not null, method text not null)`,
  `create table if not exists idempotency_keys (key text primary key, answer text not null)`,
]

const LINES = 10
const ITEMS = 200
// A placement's answer as the idempotency rows keep it (two of them, ADR 017): a few KB of JSON.
const ANSWER = JSON.stringify({
  lines: Array.from({ length: LINES }, (_, i) => ({ i, n: 'x'.repeat(120) })),
})

/** The worker under test: the same placement and read on a D1 binding and in an object. */
const SCRIPT = `
import { DurableObject } from 'cloudflare:workers'
const SCHEMA = ${JSON.stringify(SCHEMA)}
const LINES = ${LINES}
const ITEMS = ${ITEMS}
const ANSWER = ${JSON.stringify(ANSWER)}

// One order: a guarded stock take per line, the order, its lines, history, payment and two
// idempotency rows; all or nothing (a D1 batch; transactionSync in the object).
function placement(business, n) {
  const now = new Date(0).toISOString()
  const item = (line) => business * ITEMS + ((n * LINES + line) % ITEMS) + 1
  const statements = []
  for (let line = 0; line < LINES; line++) {
    statements.push(['update items set stock = stock - 1 where id = ?1 and stock >= 1', [item(line)]])
  }
  statements.push(['insert into orders (business_id, number, total, status, created_at) values (?1, ?2, ?3, ?4, ?5)',
    [business, 'B' + business + '-' + n, 1234, 'placed', now]])
  for (let line = 0; line < LINES; line++) {
    statements.push(['insert into order_lines (order_id, item_id, quantity, price, name) values ((select max(id) from orders), ?1, 1, 199, ?2)',
      [item(line), 'Item ' + line]])
  }
  statements.push(['insert into order_history (order_id, status, at) values ((select max(id) from orders), ?1, ?2)', ['placed', now]])
  statements.push(['insert into payments (order_id, amount, method) values ((select max(id) from orders), 1234, ?1)', ['cash']])
  statements.push(['insert into idempotency_keys (key, answer) values (?1, ?2)', ['p' + business + '-' + n, ANSWER]])
  statements.push(['insert into idempotency_keys (key, answer) values (?1, ?2)', ['m' + business + '-' + n, ANSWER]])
  return statements
}
const READ = 'select o.id, o.number, o.total, l.name, l.price from orders o join order_lines l on l.order_id = o.id where o.id = ?1'

async function setUpD1(db) {
  await db.batch(SCHEMA.map((sql) => db.prepare(sql)))
}
async function stockD1(db, business) {
  const rows = []
  for (let i = 1; i <= ITEMS; i++) rows.push(db.prepare('insert or ignore into items (id, business_id, stock) values (?1, ?2, 1000000)').bind(business * ITEMS + i, business))
  await db.batch(rows)
}

export class Shop extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env)
    for (const sql of SCHEMA) ctx.storage.sql.exec(sql)
  }
  stock(business) {
    for (let i = 1; i <= ITEMS; i++) this.ctx.storage.sql.exec('insert or ignore into items (id, business_id, stock) values (?, ?, 1000000)', business * ITEMS + i, business)
  }
  place(business, n) {
    this.ctx.storage.transactionSync(() => {
      for (const [sql, args] of placement(business, n)) this.ctx.storage.sql.exec(sql.replace(/\\?\\d/g, '?'), ...args)
    })
    return this.ctx.storage.sql.databaseSize
  }
  read(id) {
    return this.ctx.storage.sql.exec(READ.replace(/\\?\\d/g, '?'), id).toArray().length
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url)
    const business = Number(url.searchParams.get('business'))
    const n = Number(url.searchParams.get('n'))
    const shard = url.searchParams.get('shard')
    if (url.pathname === '/d1/setup') {
      await setUpD1(env[shard])
      await stockD1(env[shard], business)
      return new Response('ok')
    }
    if (url.pathname === '/d1/place') {
      const db = env[shard]
      const results = await db.batch(placement(business, n).map(([sql, args]) => db.prepare(sql).bind(...args)))
      return Response.json({ size: results[results.length - 1].meta.size_after })
    }
    if (url.pathname === '/d1/read') {
      const rows = await env[shard].prepare(READ).bind(n).all()
      return Response.json({ rows: rows.results.length })
    }
    const shop = env.SHOP.get(env.SHOP.idFromName(String(business)))
    if (url.pathname === '/do/setup') { await shop.stock(business); return new Response('ok') }
    if (url.pathname === '/do/place') return Response.json({ size: await shop.place(business, n) })
    if (url.pathname === '/do/read') return Response.json({ rows: await shop.read(n) })
    return new Response('no such path', { status: 404 })
  },
}
`

interface Layout {
  name: string
  /** The path prefix (d1 or do) and, for D1, the shard binding of a business. */
  kind: 'd1' | 'do'
  shardOf: (business: number) => string
}

const LAYOUTS: ReadonlyArray<Layout> = [
  { name: 'D1, one shard', kind: 'd1', shardOf: () => 'SHARD_A' },
  { name: 'D1, two shards', kind: 'd1', shardOf: (b) => (b % 2 ? 'SHARD_B' : 'SHARD_A') },
  { name: 'DO SQLite, one per business', kind: 'do', shardOf: () => '' },
]

const BUSINESSES = 4

/** What the load reads of an answer (Miniflare's Response, not the DOM's). */
interface Answer {
  status: number
  arrayBuffer: () => Promise<ArrayBuffer>
}

/** Runs `call` from `connections` loops for `seconds`; the nth call of the run gets n. */
async function load(
  seconds: number,
  connections: number,
  call: (n: number) => Promise<Answer>
): Promise<PostFigures> {
  const latencies: Array<number> = []
  let non2xx = 0
  let next = 0
  const started = performance.now()
  const until = started + seconds * 1000
  const loop = async () => {
    while (performance.now() < until) {
      const sent = performance.now()
      const response = await call(next++)
      await response.arrayBuffer()
      latencies.push(performance.now() - sent)
      if (response.status !== 200) non2xx++
    }
  }
  await Promise.all(Array.from({ length: connections }, loop))
  return figuresOf(latencies, (performance.now() - started) / 1000, non2xx)
}

const cell = (f: PostFigures) =>
  `${f.requestsPerSecond.toFixed(0)}, ${f.p50.toFixed(1)}/${f.p95.toFixed(1)}`

/** Prints orders/s and reads/s (p50/p95 ms) per layout at 1 and 8 connections, and bytes/order. */
export async function runShardsSuite(seconds: number): Promise<void> {
  const rows: Array<Array<string>> = []
  for (const layout of LAYOUTS) {
    // A fresh runtime per layout, so no layout writes into another's files.
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        name: 'shards',
        modules: true,
        script: SCRIPT,
        compatibilityDate: '2026-10-01',
        d1Databases: ['SHARD_A', 'SHARD_B'],
        durableObjects: { SHOP: { className: 'Shop', useSQLite: true } },
      })
    )
    const base = 'http://shards.bench'
    const call = (path: string, business: number, n: number) =>
      mf.dispatchFetch(
        `${base}/${layout.kind}/${path}?business=${business}&n=${n}&shard=${layout.shardOf(business)}`
      )
    for (let business = 1; business <= BUSINESSES; business++) await call('setup', business, 0)
    const business = (n: number) => (n % BUSINESSES) + 1
    let placed = 0
    const place = (connections: number) =>
      load(seconds, connections, (n) => {
        placed++
        return call('place', business(n), placed)
      })
    const size = async () => {
      const answer = await call('place', 1, ++placed)
      return ((await answer.json()) as { size: number }).size
    }
    const before = await size()
    const one = await place(1)
    const eight = await place(8)
    const after = await size()
    // Business 1's database (its shard, or its own object) took its share of the orders.
    const sharing =
      layout.kind === 'do'
        ? 1
        : Array.from({ length: BUSINESSES }, (_, b) => layout.shardOf(b + 1)).filter(
            (shard) => shard === layout.shardOf(1)
          ).length
    const writesInSizedDb = (placed * sharing) / BUSINESSES
    const read = (connections: number) =>
      load(seconds, connections, (n) => call('read', business(n), (n % 100) + 1))
    const readOne = await read(1)
    const readEight = await read(8)
    rows.push([
      layout.name,
      cell(one),
      cell(eight),
      cell(readOne),
      cell(readEight),
      String(Math.round((after - before) / Math.max(1, writesInSizedDb - 2))),
    ])
    await mf.dispose()
  }
  printTable(
    `Shards (ADR 047): an order's placement (${LINES} lines) and its read, ${BUSINESSES} businesses, ${seconds} s each, req/s and p50/p95 ms`,
    ['layout', 'place c=1', 'place c=8', 'read c=1', 'read c=8', 'bytes/order'],
    rows
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runShardsSuite(Number(process.env.BENCH_SECONDS ?? 5))
}
