// `npm run bench:insight`: a year of a busy store (~300 orders a day, five lines each, picked,
// delivered, some refunded, with their marketing events) generated into a SQLite database built
// from the migrations (the engine D1 runs locally). First the live queries of the operator's
// insight (worker/backend/operator/insight/repo.ts) are timed on the whole year, as the dashboard
// ran them before the daily rollup; then the cron's rollup of the year is timed, and the
// dashboard's answer (readInsight: the rollup's closed days, today's orders live) for 28 days and
// for the year. Goal (ADR 040): the dashboard's year under a second.
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { insightDays, insightStaffDays } from '../../worker/backend/operator/insight/repo.ts'
import { rollUpInsight } from '../../worker/backend/operator/insight/rollup.ts'
import { readInsight } from '../../worker/backend/operator/insight/service.ts'
import {
  localDayStartMs,
  offsetSpans,
  addDays,
} from '../../worker/backend/operator/insight/local-days.ts'
import type { InsightScope } from '../../schemas/operator-insight.ts'

const root = resolve(import.meta.dirname, '../..')
const ORDERS_A_DAY = Number(process.env.BENCH_INSIGHT_ORDERS_A_DAY ?? 300)
const DAYS = 365
const LAST_DAY = '2026-11-28'
const TIME_ZONE = 'Europe/London'
// Evening of the last generated day: its orders are today's, read live; the days before, rolled up.
const NOW = new Date(`${LAST_DAY}T18:00:00.000Z`)

const sqlite = new DatabaseSync(':memory:')
for (const file of readdirSync(resolve(root, 'migrations')).sort()) {
  if (file.endsWith('.sql')) sqlite.exec(readFileSync(resolve(root, 'migrations', file), 'utf8'))
}

/** Each statement's time, by the query it belongs to. */
const timings: Array<{ query: string; ms: number; rows: number }> = []
const QUERY_NAMES: ReadonlyArray<[RegExp, string]> = [
  [/first_order/, 'orders by day (sales, shoppers, accept, on time)'],
  [/order_line_picks p on p.order_id/, 'lines by day (fill, substitution)'],
  [/marketing_events/, 'checkout funnel by day'],
  [/order_history h/, 'refunds per member of staff'],
  [/customer_credit_ledger/, 'goodwill per member of staff'],
  [/from order_line_picks p/, 'picker lines per hour'],
  [/from insight_rollup_days/, 'rolled-up days'],
]

function timed<T>(sql: string, rows: (value: T) => number, run: () => T): T {
  const started = performance.now()
  const value = run()
  const query = QUERY_NAMES.find(([pattern]) => pattern.test(sql))?.[1] ?? sql.slice(0, 40)
  timings.push({ query, ms: performance.now() - started, rows: rows(value) })
  return value
}

type D1 = Parameters<typeof insightDays>[0]

/** Enough of D1's API for the insight repo, on node:sqlite. */
function d1(): D1 {
  const prepare = (sql: string) => {
    const statement = (params: Array<SQLInputValue>) => ({
      all: async () => ({
        results: timed(
          sql,
          (rows) => rows.length,
          () => sqlite.prepare(sql).all(...params)
        ),
      }),
      first: async () => sqlite.prepare(sql).get(...params) ?? null,
      run: async () => sqlite.prepare(sql).run(...params),
    })
    return { ...statement([]), bind: (...params: Array<SQLInputValue>) => statement(params) }
  }
  return {
    prepare,
    batch: async (statements: Array<{ all: () => Promise<unknown> }>) =>
      Promise.all(statements.map((statement) => statement.all())),
  } as unknown as D1
}

function generate(): void {
  const started = performance.now()
  const firstDay = addDays(LAST_DAY, 1 - DAYS)
  const total = ORDERS_A_DAY * DAYS
  sqlite.exec(`
    pragma foreign_keys = off;
    insert into businesses (id, name, legal_name) values (1, 'Bench Grocer', 'Bench Grocer Ltd');
    insert into brands (id, business_id, slug, name, logo_url, primary_color, secondary_color,
      accent_color) values (1, 1, 'bench', 'Bench', '/logo.svg', '#000', '#fff', '#f00');
    insert into stores (id, business_id, slug, name, address_line1, town, postcode, latitude,
      longitude) values (1, 1, 'bench', 'Bench Store', '1 High Street', 'London', 'SW1A 1AA', 51.5,
      -0.1);
    insert into staff_accounts (id, business_id, email, name, status, created_at, updated_at)
      values (1, 1, 'picker@example.com', 'Pia Picker', 'invited', '2025-01-01', '2025-01-01'),
             (2, 1, 'manager@example.com', 'Max Manager', 'invited', '2025-01-01', '2025-01-01');
    -- Orders spread over each day from 07:00 to 22:00 UTC; 20,000 shoppers, so most return.
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${total - 1})
    insert into orders (id, business_id, brand_id, store_id, business_order_id, status, status_code,
      fulfilment_method, fulfilment_timing, slot_date, slot_starts_at, slot_ends_at,
      slot_start_utc, first_name, last_name, email, subtotal, discount_total, original_total,
      total, placed_at, accepted_at)
    select i + 1, 1, 1, 1, 'B' || i,
      case when i % 50 = 0 then 'store_rejected' else 'delivered' end,
      case when i % 50 = 0 then null else 100 end,
      'delivery', 'future',
      date('${firstDay}', '+' || (i / ${ORDERS_A_DAY}) || ' days', '+1 days'), '10:00', '11:00',
      strftime('%Y-%m-%dT10:00:00.000Z', '${firstDay}', '+' || (i / ${ORDERS_A_DAY}) || ' days',
        '+1 days'),
      'Pat', 'Shopper', 'shopper' || (abs(random()) % 20000) || '@example.com',
      2000 + i % 3000, i % 7 * 50, 2000 + i % 3000 - i % 7 * 50, 2000 + i % 3000 - i % 7 * 50,
      strftime('%Y-%m-%dT%H:%M:%fZ', '${firstDay}', '+' || (i / ${ORDERS_A_DAY}) || ' days',
        '+' || (420 + (i % ${ORDERS_A_DAY}) * 900 / ${ORDERS_A_DAY}) || ' minutes'),
      strftime('%Y-%m-%dT%H:%M:%fZ', '${firstDay}', '+' || (i / ${ORDERS_A_DAY}) || ' days',
        '+' || (427 + (i % ${ORDERS_A_DAY}) * 900 / ${ORDERS_A_DAY}) || ' minutes')
    from n;
    update orders set accepted_at = null where status = 'store_rejected';
    insert into order_lines (id, order_id, name, quantity, unit_price, total_price, position)
    select (o.id - 1) * 5 + k.k + 1, o.id, 'Item ' || k.k, 1 + k.k % 3, 150, 150 * (1 + k.k % 3), k.k
    from orders o, (select 0 as k union all select 1 union all select 2 union all select 3
      union all select 4) k
    where o.status = 'delivered';
    insert into order_line_picks (order_line_id, order_id, mark, picked_quantity, substitute_name,
      charged_price, marked_by, marked_at)
    select l.id, l.order_id,
      case when l.id % 23 = 0 then 'substituted' when l.id % 17 = 0 then 'short' else 'picked' end,
      case when l.id % 23 = 0 then 0 when l.id % 17 = 0 then l.quantity - 1 else l.quantity end,
      case when l.id % 23 = 0 then 'Something like it' end,
      l.total_price, 1, strftime('%Y-%m-%dT%H:%M:%fZ', o.accepted_at, '+' || l.position || ' minutes')
    from order_lines l join orders o on o.id = l.order_id;
    insert into order_history (order_id, actor_staff_id, role, action, from_status, to_status, at)
    select id, 2, 'driver', 'deliver', 'en_route', 'delivered',
      strftime('%Y-%m-%dT%H:%M:%fZ', slot_start_utc, '+' || (id % 80) || ' minutes')
    from orders where status = 'delivered';
    insert into order_history (order_id, actor_staff_id, role, action, from_status, to_status,
      detail_json, at)
    select id, 2, 'store_manager', 'refund_lines', 'delivered', 'delivered',
      json_object('amount', 150), strftime('%Y-%m-%dT%H:%M:%fZ', slot_start_utc, '+3 hours')
    from orders where status = 'delivered' and id % 40 = 0;
    insert into marketing_events (business_id, brand_id, kind, event_name, user_key, payload_json,
      created_at)
    select 1, 1, kind, event_name, email, '{}', placed_at from orders,
      (select 'cart_update' as kind, null as event_name union all
       select 'event', 'checkoutStarted' union all select 'purchase', null);
    analyze;
  `)
  console.log(
    `insight: generated ${total} orders over ${DAYS} days in ${Math.round(performance.now() - started)} ms`
  )
}

function printTimings(): void {
  const width = Math.max(...timings.map((timing) => timing.query.length))
  for (const timing of timings) {
    const flag = timing.ms >= 1000 ? '  OVER A SECOND' : ''
    console.log(
      `  ${timing.query.padEnd(width)}  ${timing.ms.toFixed(0).padStart(6)} ms  ${String(timing.rows).padStart(4)} rows${flag}`
    )
  }
}

/** The live queries on a period, as the dashboard read every day before the rollup. */
async function measureLive(label: string, from: string, scope: InsightScope) {
  const db = d1()
  const fromMs = localDayStartMs(from, TIME_ZONE)
  const toMs = localDayStartMs(addDays(LAST_DAY, 1), TIME_ZONE)
  const window = {
    businessId: 1,
    scope,
    scopeId: scope === 'business' ? null : 1,
    fromIso: new Date(fromMs).toISOString(),
    toIso: new Date(toMs).toISOString(),
    spans: offsetSpans(fromMs, toMs, TIME_ZONE),
  }
  timings.length = 0
  await insightDays(db, window, scope !== 'store')
  await insightStaffDays(db, window)
  console.log(`\ninsight live (no rollup): ${label} (${scope})`)
  printTimings()
}

async function rollUp() {
  const started = performance.now()
  const run = await rollUpInsight(d1(), NOW, { horizonDays: DAYS + 1, rangesPerRun: 1000 })
  console.log(
    `\ninsight rollup (the cron's backfill of the year, three scopes): ${run.daysWritten} days in ${Math.round(performance.now() - started)} ms`
  )
}

/** The dashboard's answer (readInsight): rolled-up days, today live. */
async function measure(label: string, from: string, scope: InsightScope) {
  timings.length = 0
  const started = performance.now()
  const answer = await readInsight(
    d1(),
    1,
    {
      businessId: 1,
      scope,
      scopeId: scope === 'business' ? undefined : 1,
      from,
      to: LAST_DAY,
      grain: 'day',
    },
    NOW
  )
  const ms = performance.now() - started
  const sales = answer.periods.reduce((sum, period) => sum + period.sums.salesPence, 0)
  console.log(
    `\ninsight dashboard: ${label} (${scope}) ${ms.toFixed(0)} ms in all${ms >= 1000 ? '  OVER A SECOND' : ''}; ${answer.periods.length} days, sales ${sales} p`
  )
  printTimings()
}

generate()
await measureLive('a whole year', addDays(LAST_DAY, 1 - DAYS), 'store')
await rollUp()
await measure('the last 28 days', addDays(LAST_DAY, -27), 'store')
await measure('the last 28 days', addDays(LAST_DAY, -27), 'business')
await measure('a whole year', addDays(LAST_DAY, 1 - DAYS), 'store')
await measure('a whole year', addDays(LAST_DAY, 1 - DAYS), 'brand')
await measure('a whole year', addDays(LAST_DAY, 1 - DAYS), 'business')
