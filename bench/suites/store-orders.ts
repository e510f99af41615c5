// The store console's orders through the proxy, on the demo data: the board of a store with 500
// open orders (c=1 and c=8), and the latency of the transitions a picker and a manager press most
// (accept, mark a line, finish picking), one order at a time as the console sends them. A store
// manager is seeded as invited, sets a password through the invitation call and signs in like the
// console (password, then the code the outbox holds).
import { createHash, randomBytes } from 'node:crypto'
import { type ConsoleLogin, consoleSignIn } from './console-session.ts'
import { queryLocalD1 } from '../../scripts/lib/wrangler.ts'
import {
  CALL_TABLE_HEADER,
  callRow,
  postLoad,
  printTable,
  type PostFigures,
} from '../lib/post-load.ts'

const OPEN_ORDERS = 500
const TIMED_TRANSITIONS = 40
const PASSWORD = 'bench staff password'
const CONNECTIONS = [1, 8]

/**
 * Before the servers start: an invited store manager of the store, written straight into the
 * local D1; consoleSignIn accepts the invitation and signs in.
 */
export function prepareStoreManager(stateDir: string, storeId: number): ConsoleLogin {
  const invitation = randomBytes(32).toString('base64url')
  const tokenHash = createHash('sha256').update(invitation).digest('hex')
  const email = `bench.manager.${Date.now()}@example.com`
  const at = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
  queryLocalD1(
    stateDir,
    `insert into staff_accounts (business_id, email, name, status, is_operator, created_at,
       updated_at)
     select business_id, '${email}', 'Bench Manager', 'invited', 0, ${at}, ${at}
     from stores where id = ${storeId};
     insert into staff_store_roles (staff_id, store_id, role, created_at)
     select id, ${storeId}, 'store_manager', created_at from staff_accounts where email = '${email}';
     insert into staff_invitations (business_id, staff_id, token_hash, role, store_ids_json,
       expires_at, created_at)
     select business_id, id, '${tokenHash}', 'store_manager', '[${storeId}]',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'), ${at}
     from staff_accounts where email = '${email}';`
  )
  return { email, password: PASSWORD, invitation }
}

/**
 * Before the servers start: an invited store manager of the store, and OPEN_ORDERS paid orders
 * Sent to Store (three lines each, placed a second apart), written straight into the local D1.
 */
export function prepareStoreOrders(stateDir: string, storeId: number): ConsoleLogin {
  const login = prepareStoreManager(stateDir, storeId)
  queryLocalD1(
    stateDir,
    `insert into orders (business_id, store_id, business_order_id, status, status_code,
       fulfilment_method, fulfilment_timing, first_name, last_name, email, subtotal,
       original_total, total, placed_at)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < ${OPEN_ORDERS})
     select s.business_id, s.id, 'BENCH-' || ${Date.now()} || '-' || n.i, 'sent_to_store', 20,
       'delivery', 'asap', 'Ada', 'Lovelace', 'ada@example.com', 1500, 1500, 1500,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n.i || ' seconds')
     from n join stores s on s.id = ${storeId};
     insert into order_lines (order_id, menu_item_id, name, quantity, unit_price, total_price,
       position)
     select o.id, m.id, m.name, 1, 500, 500, m.id from orders o
     join (select id, name from menu_items where is_active = 1 order by id limit 3) m
     where o.store_id = ${storeId} and o.business_order_id like 'BENCH-%'
       and not exists (select 1 from order_lines l where l.order_id = o.id);`
  )
  return login
}

interface OrderAnswer {
  orderId: number
  status: string
  departments: Array<{ lines: Array<{ lineId: number }> }>
}

function percentiles(samples: Array<number>): string {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN
  return `${at(0.5).toFixed(1)} / ${at(0.95).toFixed(1)}`
}

export async function runStoreOrdersSuite(
  fixture: { origin: string; stateDir: string; storeId: number; login: ConsoleLogin },
  options: { seconds: number; warmupSeconds: number }
): Promise<void> {
  const { origin, storeId } = fixture
  const session = await consoleSignIn(origin, fixture.stateDir, fixture.login)
  const boardCall = (seconds: number, connections: number) =>
    postLoad({
      url: `${origin}/store/api/staff/orders/board`,
      body: () => ({ storeId }),
      headers: () => ({ cookie: session.cookie, origin }),
      measure: (answer) => (answer as { orders: Array<unknown> }).orders.length,
      connections,
      seconds,
    })
  await boardCall(options.warmupSeconds, 1)
  const boards: Array<PostFigures> = []
  for (const connections of CONNECTIONS) {
    boards.push(await boardCall(options.seconds, connections))
  }
  printTable(`store orders: board of ${OPEN_ORDERS} open orders`, CALL_TABLE_HEADER, [
    callRow('/staff/orders/board', boards),
  ])
  console.log(`  orders per board: ${boards[0]?.meanMeasure.toFixed(0)}`)

  const board = (await session.post('/staff/orders/board', { storeId })) as {
    orders: Array<{ orderId: number; status: string }>
  }
  const waiting = board.orders.filter((o) => o.status === 'sent_to_store')
  const timings: Record<'accept' | 'mark_line' | 'finish_picking', Array<number>> = {
    accept: [],
    mark_line: [],
    finish_picking: [],
  }
  const act = async (
    kind: keyof typeof timings,
    orderId: number,
    expectedStatus: string,
    action: unknown
  ): Promise<OrderAnswer> => {
    const sent = performance.now()
    const answer = (await session.post('/staff/orders/action', {
      storeId,
      orderId,
      expectedStatus,
      action,
      idempotencyKey: crypto.randomUUID(),
    })) as OrderAnswer
    timings[kind].push(performance.now() - sent)
    return answer
  }
  const estimatedReadyAt = () => new Date(Date.now() + 30 * 60_000).toISOString()
  for (const order of waiting.slice(0, TIMED_TRANSITIONS)) {
    const accepted = await act('accept', order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: estimatedReadyAt(),
    })
    const lineId = accepted.departments[0]?.lines[0]?.lineId
    if (lineId === undefined) throw new Error(`order ${order.orderId} has no line`)
    await act('mark_line', order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId,
      mark: 'out_of_stock',
    })
    await act('finish_picking', order.orderId, 'store_accepted_picking', {
      type: 'finish_picking',
    })
  }
  printTable(
    `store orders: transition latency (c=1, ${TIMED_TRANSITIONS} orders)`,
    ['action', 'p50 / p95 ms', 'count'],
    Object.entries(timings).map(([action, samples]) => [
      action,
      percentiles(samples),
      String(samples.length),
    ])
  )
}
