// The storefront as the end-to-end tests see it: production build, fresh local state with the demo
// data, `vite preview` on a free port (5500–5599; E2E_PORT picks the first one tried). Used by
// scripts/e2e.ts and scripts/test-dates.ts; the server is always stopped by the caller.
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { UNTRACED_LOCAL_RUNTIME_ENV } from './wrangler.ts'

export const ROOT = resolve(import.meta.dirname, '../..')
const STATE_DIR = '.wrangler/e2e-state'
const PORT_RANGE = { first: 5500, last: 5599 }
const READY_TIMEOUT_MS = 60_000

export const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  STOREFRONT_STATE_DIR: STATE_DIR,
  WRANGLER_SEND_METRICS: 'false',
  // The journeys and Lighthouse see the Worker as the edge serves it, without the local trace
  // collector's span writes on every request and binding call.
  ...UNTRACED_LOCAL_RUNTIME_ENV,
}

export function bin(name: string): string {
  return resolve(ROOT, 'node_modules/.bin', name)
}

export function run(
  label: string,
  command: string,
  args: Array<string>,
  extraEnv: NodeJS.ProcessEnv = {}
): Promise<void> {
  const started = Date.now()
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: 'inherit',
    })
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

export interface PreviewServer {
  port: number
  stop: () => Promise<void>
}

/**
 * Seeds fresh local state, builds for production (unless `build: false` serves the build already
 * in dist/) and serves it; resolves once it answers.
 */
export async function startPreviewServer(
  options: { build: boolean } = { build: true }
): Promise<PreviewServer> {
  rmSync(resolve(ROOT, STATE_DIR), { recursive: true, force: true })
  // First: it writes .dev.vars on a fresh checkout, and the build copies .dev.vars next to the
  // built worker, which is where vite preview reads the secrets from.
  await run('setup-local', process.execPath, ['scripts/setup-local.ts'])
  if (options.build) await run('vite build', bin('vite'), ['build'])

  const port = await freePort()
  env.E2E_PORT = String(port)
  // detached: the server and workerd get their own process group, stopped together.
  const server = spawn(
    bin('vite'),
    ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true }
  )
  const stop = (): Promise<void> => {
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
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/`, server)
  } catch (error) {
    await stop()
    throw error
  }
  console.log(`e2e: vite preview answering on port ${port}`)
  return { port, stop }
}

/** Runs Playwright against the preview server; true when every test passed. */
export function playwright(
  args: Array<string>,
  extraEnv: NodeJS.ProcessEnv = {}
): Promise<boolean> {
  return run(
    'playwright',
    bin('playwright'),
    ['test', '-c', 'test/e2e/playwright.config.ts', ...args],
    extraEnv
  ).then(
    () => true,
    (error: unknown) => {
      console.error(`e2e: ${error instanceof Error ? error.message : error}`)
      return false
    }
  )
}
