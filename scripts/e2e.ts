// End-to-end run: production build, fresh local state with the demo data, `vite preview` on a
// free port, Playwright against it; the server is always stopped. Usage: node scripts/e2e.ts
// [playwright args…]. Ports 5500–5599 only (E2E_PORT picks the first one tried).
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const STATE_DIR = '.wrangler/e2e-state'
const PORT_RANGE = { first: 5500, last: 5599 }
const READY_TIMEOUT_MS = 60_000

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  STOREFRONT_STATE_DIR: STATE_DIR,
  WRANGLER_SEND_METRICS: 'false',
}

function bin(name: string): string {
  return resolve(ROOT, 'node_modules/.bin', name)
}

function run(label: string, command: string, args: Array<string>): Promise<void> {
  const started = Date.now()
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' })
    child.on('error', fail)
    child.on('exit', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      if (code === 0) {
        console.log(`e2e: ${label} done in ${seconds}s`)
        done()
      } else fail(new Error(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds}s`))
    })
  })
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)))
  })
}

async function freePort(): Promise<number> {
  const preferred = Number(process.env.E2E_PORT ?? PORT_RANGE.last)
  const candidates = [preferred]
  for (let port = PORT_RANGE.last; port >= PORT_RANGE.first; port--) {
    if (port !== preferred) candidates.push(port)
  }
  for (const port of candidates) {
    if (port >= PORT_RANGE.first && port <= PORT_RANGE.last && (await portIsFree(port))) return port
  }
  throw new Error(`no free port in ${PORT_RANGE.first}–${PORT_RANGE.last}`)
}

async function waitUntilAnswering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with ${server.exitCode}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.arrayBuffer()
      return
    } catch {
      await new Promise((wait) => setTimeout(wait, 250))
    }
  }
  throw new Error(`vite preview did not answer ${url} within ${READY_TIMEOUT_MS / 1000}s`)
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve()
  return new Promise((done) => {
    const timer = setTimeout(() => {
      // The preview server's own children (workerd) share its process group.
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGKILL')
    }, 5000)
    server.once('exit', () => {
      clearTimeout(timer)
      done()
    })
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM')
  })
}

const started = Date.now()
rmSync(resolve(ROOT, STATE_DIR), { recursive: true, force: true })
// First: it writes .dev.vars on a fresh checkout, and the build copies .dev.vars next to the
// built worker, which is where vite preview reads the secrets from.
await run('setup-local', process.execPath, ['scripts/setup-local.ts'])
await run('vite build', bin('vite'), ['build'])

const port = await freePort()
env.E2E_PORT = String(port)
// detached: the server and workerd get their own process group, stopped together below.
const server = spawn(
  bin('vite'),
  ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
  { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true }
)
let exitCode = 1
try {
  await waitUntilAnswering(`http://127.0.0.1:${port}/`, server)
  console.log(`e2e: vite preview answering on port ${port}`)
  await run('playwright', bin('playwright'), [
    'test',
    '-c',
    'test/e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ]).then(
    () => (exitCode = 0),
    (error: unknown) => console.error(`e2e: ${error instanceof Error ? error.message : error}`)
  )
} finally {
  await stop(server)
  console.log(`e2e: finished in ${((Date.now() - started) / 1000).toFixed(1)}s`)
}
process.exit(exitCode)
