// `sh scripts/node22.sh node bench/catalogue-import.ts`: times the catalogue import (ADR 029) of a
// 20,000-item CSV through the operator console's pages, as an operator's browser posts it: the
// dry run (upload → report) and the apply (one D1 batch), against local D1 under `wrangler dev`
// (the production build). Prints rows/s for each and the peak memory of the workerd processes it
// started. It is not a test: nothing here passes or fails. BENCH_IMPORT_ROWS changes the size.
import { createHash, randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { queryLocalD1 } from '../scripts/lib/wrangler.ts'
import { catalogueItemsCsv } from '../test/support/catalogue-csv.ts'
import { benchWranglerConfig, startWranglerDev } from './lib/server.ts'
import { consoleSignIn } from './suites/console-session.ts'

const root = resolve(import.meta.dirname, '..')
const stateDir = resolve(root, '.wrangler/bench-state-catalogue-import')
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000)
const PORT = 8797
const PASSWORD = 'bench-operator-password-1'

function run(command: string, args: Array<string>, env: Record<string, string> = {}): void {
  execFileSync(command, args, {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

/** An invited operator of the demo business; signing in accepts the invitation. */
function prepareOperator(): { email: string; password: string; invitation: string } {
  const invitation = randomBytes(32).toString('base64url')
  const tokenHash = createHash('sha256').update(invitation).digest('hex')
  const email = `bench.operator.${Date.now()}@example.com`
  const at = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
  queryLocalD1(
    stateDir,
    `insert into staff_accounts (business_id, email, name, status, is_operator, created_at,
       updated_at) values (1, '${email}', 'Bench Operator', 'invited', 1, ${at}, ${at});
     insert into staff_invitations (business_id, staff_id, token_hash, role, store_ids_json,
       expires_at, created_at)
     select 1, id, '${tokenHash}', 'operator', '[]',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'), ${at}
     from staff_accounts where email = '${email}';`
  )
  return { email, password: PASSWORD, invitation }
}

/** Clock ticks since boot when each workerd process started, to tell ours from others'. */
function workerdProcesses(): Map<number, number> {
  const found = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (!stat.includes('(workerd)')) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      found.set(Number(entry), Number(fields[19]))
    } catch {
      // The process ended while we looked.
    }
  }
  return found
}

/** The highest peak resident memory (VmHWM) of the given processes, in MB. */
function peakMemoryMb(pids: Iterable<number>): number {
  let peak = 0
  for (const pid of pids) {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      peak = Math.max(peak, Number(match?.[1] ?? 0) / 1024)
    } catch {
      // Gone.
    }
  }
  return peak
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now()
  const value = await work()
  return { value, seconds: (performance.now() - start) / 1000 }
}

async function main(): Promise<void> {
  rmSync(stateDir, { recursive: true, force: true })
  console.log('bench: seeding demo data')
  run('node', ['scripts/setup-local.ts'], { STOREFRONT_STATE_DIR: stateDir })
  console.log('bench: building for production')
  run('npx', ['vite', 'build'], { NODE_ENV: 'production' })
  const login = prepareOperator()
  const before = workerdProcesses()
  const server = await startWranglerDev({
    name: 'storefront',
    configPath: benchWranglerConfig(root),
    port: PORT,
    persistTo: stateDir,
  })
  const ours = [...workerdProcesses().keys()].filter((pid) => !before.has(pid))
  try {
    const session = await consoleSignIn(server.origin, stateDir, login)
    const csv = catalogueItemsCsv({ count: ROWS, prefix: 'bench' })
    console.log(`bench: ${ROWS} items, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV`)
    const form = new FormData()
    form.set('kind', 'items')
    form.set('file', new File([csv], 'items.csv', { type: 'text/csv' }))
    const check = await timed(async () => {
      const response = await fetch(`${server.origin}/store/operator/catalogue/import`, {
        method: 'POST',
        headers: { origin: server.origin, cookie: session.cookie },
        body: form,
      })
      return { status: response.status, html: await response.text() }
    })
    const version = /name="version" value="([0-9a-f]{64})"/.exec(check.value.html)?.[1]
    if (check.value.status !== 200 || !version) {
      throw new Error(`the dry run answered ${check.value.status}`)
    }
    const apply = await timed(async () => {
      const response = await fetch(`${server.origin}/store/operator/catalogue/import/apply`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.origin,
          cookie: session.cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ kind: 'items', version, csv }).toString(),
      })
      await response.body?.cancel()
      return response.status
    })
    if (apply.value !== 303) throw new Error(`the apply answered ${apply.value}`)
    const [count] = queryLocalD1(
      stateDir,
      "select count(*) as n from menu_items where slug like 'bench-%'"
    )
    const rate = (seconds: number) => Math.round(ROWS / seconds).toLocaleString('en-GB')
    console.log(`dry run: ${check.seconds.toFixed(2)} s, ${rate(check.seconds)} rows/s`)
    console.log(`apply:   ${apply.seconds.toFixed(2)} s, ${rate(apply.seconds)} rows/s`)
    console.log(`items imported: ${String(count?.n)}`)
    console.log(`workerd peak memory (VmHWM): ${peakMemoryMb(ours).toFixed(0)} MB`)
  } finally {
    await server.stop()
  }
}

await main()
