import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { UNTRACED_LOCAL_RUNTIME_ENV } from '../../scripts/lib/wrangler.ts'

export interface RunningServer {
  name: string
  origin: string
  stop: () => Promise<void>
  /** What the server printed so far (wrangler's warnings and the Worker's logs). */
  output: () => string
}

/** Starts `wrangler dev` for a config and waits until it answers. */
export async function startWranglerDev(options: {
  name: string
  configPath: string
  /** More Workers in the same `wrangler dev` (`-c` each), reachable by service binding. */
  moreConfigPaths?: ReadonlyArray<string>
  port: number
  persistTo?: string
  env?: Record<string, string>
  /** Worker variables over the config's (`--var NAME:value`). */
  vars?: Record<string, string>
  /** Serves `/cdn-cgi/handler/scheduled`, so the caller can run the cron. */
  testScheduled?: boolean
}): Promise<RunningServer> {
  // BENCH_PORT_OFFSET moves every server's port, so two checkouts can run the bench side by side.
  const port = options.port + Number(process.env.BENCH_PORT_OFFSET ?? 0)
  const args = ['wrangler', 'dev', '-c', options.configPath, '--port', String(port)]
  for (const path of options.moreConfigPaths ?? []) args.push('-c', path)
  args.push('--ip', '127.0.0.1', '--log-level', 'warn', '--show-interactive-dev-session=false')
  if (options.persistTo) args.push('--persist-to', options.persistTo)
  for (const [name, value] of Object.entries(options.vars ?? {})) {
    args.push('--var', `${name}:${value}`)
  }
  if (options.testScheduled) args.push('--test-scheduled')
  const child = spawn('npx', args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WRANGLER_SEND_METRICS: 'false',
      // What is measured is the Worker, not wrangler's local trace collector (production has none).
      ...UNTRACED_LOCAL_RUNTIME_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const origin = `http://localhost:${port}`
  await waitUntilAnswering(origin, child, () => output)
  return { name: options.name, origin, stop: () => stopProcess(child), output: () => output }
}

async function waitUntilAnswering(
  origin: string,
  child: ChildProcess,
  output: () => string
): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    try {
      await fetch(origin, { signal: AbortSignal.timeout(2_000) })
      return
    } catch {
      await sleep(250)
    }
  }
  await stopProcess(child)
  throw new Error(`server at ${origin} did not answer within 60 s:\n${output()}`)
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return
  }
  await Promise.race([exited, sleep(5_000)])
  if (child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

/**
 * The built storefront config with its rate limits lifted: a benchmark is one client sending
 * thousands of store searches and store pages a minute, which the real per-IP limits would refuse.
 */
export function benchWranglerConfig(root: string): string {
  const builtDir = join(root, 'dist', 'storefront')
  const config = JSON.parse(readFileSync(join(builtDir, 'wrangler.json'), 'utf8')) as {
    main: string
    assets?: { directory: string }
    d1_databases?: Array<{ migrations_dir?: string }>
    ratelimits?: Array<{ simple: { limit: number; period: number } }>
    services?: Array<{ binding: string }>
    queues?: { consumers?: Array<unknown> }
  }
  for (const limiter of config.ratelimits ?? []) limiter.simple.limit = 1_000_000_000
  // One `wrangler dev` runs one Worker: without the backend Worker beside it, the build's BACKEND
  // binding (vite.config.ts, ADR 046) would answer every call 502. The suites measure the backend
  // in process, as their README figures did; a bench of the two Workers must start both
  // (bench/suites/latency.ts). In process the storefront consumes the effects queue too, with the
  // backend Worker's consumers.
  if (config.services) config.services = config.services.filter((s) => s.binding !== 'BACKEND')
  config.queues = { ...config.queues, consumers: backendBuild(root).queues?.consumers ?? [] }
  // Written outside dist (a concurrent build would remove it), so its paths are made absolute.
  config.main = resolve(builtDir, config.main)
  if (config.assets) config.assets.directory = resolve(builtDir, config.assets.directory)
  for (const db of config.d1_databases ?? []) {
    if (db.migrations_dir) db.migrations_dir = resolve(builtDir, db.migrations_dir)
  }
  const target = join(mkdtempSync(join(tmpdir(), 'store-search-bench-')), 'wrangler.json')
  writeFileSync(target, JSON.stringify(config))
  // wrangler reads the secrets from .dev.vars beside the config: without them no session token
  // could be signed (sign-in and checkout would answer 500).
  const secrets = join(builtDir, '.dev.vars')
  if (existsSync(secrets)) copyFileSync(secrets, join(dirname(target), '.dev.vars'))
  return target
}

/** The built backend Worker's config (dist/storefront_backend, vite.config.ts auxiliaryWorkers). */
export function backendBuild(root: string): { queues?: { consumers?: Array<unknown> } } {
  const path = join(root, 'dist', 'storefront_backend', 'wrangler.json')
  return JSON.parse(readFileSync(path, 'utf8')) as { queues?: { consumers?: Array<unknown> } }
}

/**
 * The built storefront and backend Workers (vite.config.ts auxiliaryWorkers) for one
 * `wrangler dev -c storefront -c backend`: the storefront reaches the backend through BACKEND, as
 * deployed (ADR 046), the rate limits are lifted and `vars` (STOREFRONT_LATENCY) set in both.
 */
export function benchTwoWorkerConfigs(
  root: string,
  vars: Record<string, string>
): { storefront: string; backend: string } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-two-workers-'))
  const write = (built: string, file: string) => {
    const builtDir = join(root, 'dist', built)
    const config = JSON.parse(readFileSync(join(builtDir, 'wrangler.json'), 'utf8')) as {
      main: string
      vars?: Record<string, unknown>
      assets?: { directory: string }
      d1_databases?: Array<{ migrations_dir?: string }>
      ratelimits?: Array<{ simple: { limit: number; period: number } }>
    }
    for (const limiter of config.ratelimits ?? []) limiter.simple.limit = 1_000_000_000
    config.vars = { ...config.vars, ...vars }
    config.main = resolve(builtDir, config.main)
    if (config.assets) config.assets.directory = resolve(builtDir, config.assets.directory)
    for (const db of config.d1_databases ?? []) {
      if (db.migrations_dir) db.migrations_dir = resolve(builtDir, db.migrations_dir)
    }
    writeFileSync(join(dir, file), JSON.stringify(config))
    const secrets = join(builtDir, '.dev.vars')
    if (existsSync(secrets)) copyFileSync(secrets, join(dir, '.dev.vars'))
    return join(dir, file)
  }
  return {
    storefront: write('storefront', 'wrangler.json'),
    backend: write('storefront_backend', 'backend.wrangler.json'),
  }
}
