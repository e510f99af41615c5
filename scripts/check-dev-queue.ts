// Proof that `npm run dev` consumes the effects queue (ADR 037, 046): under the dev server's two
// Workers (vite.config.ts: the storefront, and the backend Worker as an auxiliary Worker with the
// queue's consumers from wrangler.backend.toml), an effect the storefront's request enqueues is
// delivered by the backend Worker's consumer. It runs what `npm run dev` runs (setup-local, then
// `vite dev`, warm-up included) on fresh state and a free port, adds an item to a new basket (whose
// cart event is an effect, handed to the queue after the commit) and waits until every effect the
// add wrote is delivered. The storefront has no consumer (scripts/deploy/background-work.ts), and
// the cron only hands rows to the queue again, so a delivered row was the backend's consumer's.
// Exits non-zero, naming what it saw, when the effect is not delivered in time. Part of `npm test`.
// Usage: node scripts/check-dev-queue.ts
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { PROJECT_ROOT, queryLocalD1 } from './lib/wrangler.ts'

const STATE_DIR = '.wrangler/dev-queue-state'
const PORTS = { first: 5600, last: 5649 }
// The backend Worker's first call loads its modules through Vite (ADR 046: 36 s measured).
const READY_TIMEOUT_MS = 240_000
const DELIVERY_TIMEOUT_MS = 60_000

const env: NodeJS.ProcessEnv = {
  ...process.env,
  STOREFRONT_STATE_DIR: STATE_DIR,
  WRANGLER_SEND_METRICS: 'false',
}
const state = resolve(PROJECT_ROOT, STATE_DIR)
const bin = (name: string) => resolve(PROJECT_ROOT, 'node_modules/.bin', name)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)))
  })
}

async function freePort(): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port++) if (await portIsFree(port)) return port
  throw new Error(`no free port in ${PORTS.first}–${PORTS.last}`)
}

function setUp(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['scripts/setup-local.ts'], {
      cwd: PROJECT_ROOT,
      env,
      stdio: 'inherit',
    })
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`setup-local: ${code}`))))
  })
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve()
  return new Promise((done) => {
    // vite dev and its workerd share the process group it was started in.
    const kill = setTimeout(() => server.pid && process.kill(-server.pid, 'SIGKILL'), 5000)
    server.once('exit', () => {
      clearTimeout(kill)
      done()
    })
    process.kill(-server.pid!, 'SIGTERM')
  })
}

/** Waits until the dev server answers a page (the warm-up holds it until the backend answers). */
async function ready(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite dev exited with ${server.exitCode}`)
    try {
      const response = await fetch(`${origin}/api/dev/clock`, {
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await sleep(1000)
  }
  throw new Error(`vite dev did not answer within ${READY_TIMEOUT_MS / 1000} s`)
}

function number(rows: Array<Record<string, unknown>>, column: string): number {
  return Number(rows[0]?.[column] ?? 0)
}

async function check(origin: string): Promise<string | null> {
  const ids = queryLocalD1(
    state,
    `select (select id from stores where slug = 'manchester-piccadilly') as store,
       (select id from menu_items where business_id = 1 order by id limit 1) as item,
       (select coalesce(max(id), 0) from effects) as last`
  )
  const before = number(ids, 'last')
  const added = await fetch(`${origin}/api/basket/items/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      storeId: number(ids, 'store'),
      menuItem: { itemId: number(ids, 'item'), quantity: 1 },
    }),
  })
  if (added.status !== 200) return `the add answered ${added.status}: ${await added.text()}`
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS
  let seen = 'no effect written'
  while (Date.now() < deadline) {
    const rows = queryLocalD1(
      state,
      `select kind, status, attempts, dispatched_at from effects where id > ${before} order by id`
    )
    seen = JSON.stringify(rows)
    if (rows.length > 0 && rows.every((row) => row.status === 'delivered')) {
      console.log(`dev queue: delivered by the backend Worker's consumer: ${seen}`)
      return null
    }
    await sleep(1000)
  }
  return `not delivered within ${DELIVERY_TIMEOUT_MS / 1000} s: ${seen}`
}

rmSync(state, { recursive: true, force: true })
await setUp()
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const server = spawn(
  bin('vite'),
  ['dev', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
  {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  }
)
let problem: string | null
try {
  await ready(origin, server)
  problem = await check(origin)
} catch (error) {
  problem = error instanceof Error ? error.message : String(error)
} finally {
  await stop(server)
}
if (problem) {
  console.error(`dev queue: ${problem}`)
  process.exit(1)
}
