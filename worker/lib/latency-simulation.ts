import { developmentToolsEnabled, type RoundTrips } from '../../schemas/development.ts'
import { isBackgroundWork } from './background.ts'
import { isWriteStatement, keepingRawDatabase } from './fault-injection.ts'

/*
 * Simulated round trips for local runs (ADR 046's latency bench): STOREFRONT_LATENCY adds a delay
 * to every call through the BACKEND binding (the storefront→backend hop) and to every D1
 * statement or batch (the hop to the database), e.g. "backend=80,d1=5" for a backend placed near
 * the data and "d1=80" for one beside the shopper. Applied where the Worker composes its bindings
 * (worker/index.ts, backend-worker.ts), never in business code, and only in development and test,
 * like STOREFRONT_FAULTS.
 */

/** Milliseconds added to each round trip of each kind. */
export interface LatencyPlan {
  backendMs: number
  d1Ms: number
}

/** `backend=80,d1=5` as a plan; empty is none; anything else is a clear error. */
export function parseLatencyPlan(text: string): LatencyPlan | null {
  if (text.trim() === '') return null
  const plan: LatencyPlan = { backendMs: 0, d1Ms: 0 }
  for (const part of text.split(',')) {
    const [name = '', value = '', ...rest] = part.split('=').map((piece) => piece.trim())
    const ms = Number(value)
    if (rest.length > 0 || value === '' || !Number.isInteger(ms) || ms < 0 || ms > 10_000) {
      throw new Error(`STOREFRONT_LATENCY: "${part.trim()}" is not name=milliseconds (0 to 10000)`)
    }
    if (name === 'backend') plan.backendMs = ms
    else if (name === 'd1') plan.d1Ms = ms
    else throw new Error(`STOREFRONT_LATENCY: no round trip "${name}" (backend, d1)`)
  }
  return plan
}

export type Sleep = (ms: number) => Promise<void>

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

// The simulated round trips this isolate waited for since they were last taken, for the latency
// bench's count per flow (RoundTrips). A round trip that starts while none of its kind is under
// way is one more a request waits for in sequence; one that starts beside another (a batch of
// independent reads started together) is not. D1's are counted twice more by where they may go
// (ADR 065): to the primary (a write, a statement outside a session, or a `first-primary`
// session's first) or to a replica (any other read in a session). Work the answer does not wait
// for (lib/background.ts: after it, under waitUntil) is counted apart, never as waited for.
interface Kind {
  inFlight: number
  sequential: number
  all: number
}

const kind = (): Kind => ({ inFlight: 0, sequential: 0, all: 0 })

const counted = {
  backend: kind(),
  d1: kind(),
  primary: kind(),
  replica: kind(),
  background: kind(),
}

async function countedRound(kinds: ReadonlyArray<Kind>, wait: () => Promise<void>): Promise<void> {
  for (const one of kinds) {
    if (one.inFlight === 0) one.sequential += 1
    one.all += 1
    one.inFlight += 1
  }
  try {
    await wait()
  } finally {
    for (const one of kinds) one.inFlight -= 1
  }
}

function countedWait(one: Kind, wait: () => Promise<void>): () => Promise<void> {
  return () => countedRound([one], wait)
}

/** Where a D1 round trip may be answered. */
type D1Target = 'primary' | 'replica'

function countedD1(target: D1Target, wait: () => Promise<void>): Promise<void> {
  if (isBackgroundWork()) return countedRound([counted.background], wait)
  return countedRound([counted.d1, counted[target]], wait)
}

/** The round trips counted since the last call, and a fresh count from now. */
export function takeRoundTrips(): RoundTrips {
  const taken = {
    backendHops: counted.backend.sequential,
    d1Sequential: counted.d1.sequential,
    d1Statements: counted.d1.all,
    d1Primary: counted.primary.sequential,
    d1Replica: counted.replica.sequential,
    d1Background: counted.background.all,
  }
  for (const one of Object.values(counted)) {
    one.sequential = 0
    one.all = 0
  }
  return taken
}

const inner = new WeakMap<object, D1PreparedStatement>()
const unwrap = (statement: D1PreparedStatement): D1PreparedStatement =>
  inner.get(statement) ?? statement
// Whether a delayed statement may write, so a batch holding one is the primary's.
const writes = new WeakMap<object, boolean>()

const RUNS = new Set<PropertyKey>(['first', 'run', 'all', 'raw'])

/** Where a runner sends a round trip, given whether it may write. */
type Route = (write: boolean) => D1Target

function delayedStatement(
  statement: D1PreparedStatement,
  write: boolean,
  wait: (target: D1Target) => Promise<void>,
  route: Route
): D1PreparedStatement {
  const delayed = new Proxy(statement, {
    get(target, name) {
      if (name === 'bind') {
        return (...values: Array<unknown>) =>
          delayedStatement(target.bind(...values), write, wait, route)
      }
      const value: unknown = Reflect.get(target, name, target)
      if (typeof value !== 'function') return value
      const method = value as (...args: Array<unknown>) => unknown
      if (!RUNS.has(name)) return method.bind(target)
      return async (...args: Array<unknown>) => {
        await wait(route(write))
        return method.apply(target, args)
      }
    },
  })
  inner.set(delayed, statement)
  writes.set(delayed, write)
  return delayed
}

interface Runner {
  prepare(sql: string): D1PreparedStatement
  batch<T = unknown>(list: Array<D1PreparedStatement>): Promise<Array<D1Result<T>>>
}

function delayedRunner<R extends Runner>(
  runner: R,
  wait: (target: D1Target) => Promise<void>,
  route: Route
) {
  return {
    prepare: (sql: string) =>
      // eslint-disable-next-line no-restricted-syntax -- passes a repo's SQL through, writes none
      delayedStatement(runner.prepare(sql), isWriteStatement(sql), wait, route),
    async batch<T = unknown>(list: Array<D1PreparedStatement>): Promise<Array<D1Result<T>>> {
      await wait(route(list.some((statement) => writes.get(statement) ?? true)))
      return runner.batch<T>(list.map(unwrap))
    },
  }
}

/**
 * Where a session's round trip goes as D1's Sessions API routes it: a write to the primary; a
 * read to a replica, except the first round trip of a `first-primary` session. Outside a session
 * everything is the primary's.
 */
function sessionRoute(constraint: string): Route {
  let first = true
  return (write) => {
    const primary = write || (first && constraint === 'first-primary')
    first = false
    return primary ? 'primary' : 'replica'
  }
}

/** A D1 binding whose every statement and batch (its sessions' too) waits `ms` first. */
export function delayedDatabase(db: D1Database, ms: number, sleep: Sleep = realSleep): D1Database {
  const wait = (target: D1Target) => countedD1(target, () => sleep(ms))
  return {
    ...delayedRunner(db, wait, () => 'primary'),
    exec: (sql) => db.exec(sql),
    dump: () => db.dump(),
    withSession: (constraint) => {
      const session = db.withSession(constraint)
      return {
        ...delayedRunner(session, wait, sessionRoute(constraint ?? 'first-unconstrained')),
        getBookmark: () => session.getBookmark(),
      }
    },
  }
}

/** A service binding whose every fetch waits `ms` first. */
export function delayedFetcher(fetcher: Fetcher, ms: number, sleep: Sleep = realSleep): Fetcher {
  return new Proxy(fetcher, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target)
      if (typeof value !== 'function') return value
      const method = value as (...args: Array<unknown>) => unknown
      if (name !== 'fetch') return method.bind(target)
      const wait = countedWait(counted.backend, () => sleep(ms))
      return async (...args: Array<unknown>) => {
        await wait()
        return method.apply(target, args)
      }
    },
  })
}

const delayed = new WeakMap<Env, Env>()

/**
 * The env with STOREFRONT_LATENCY applied (the same object for the isolate's life), or as given:
 * without the variable, or outside development and test.
 */
export function withLatency(env: Env, sleep: Sleep = realSleep): Env {
  const text = (env as { STOREFRONT_LATENCY?: string }).STOREFRONT_LATENCY ?? ''
  if (text.trim() === '' || !developmentToolsEnabled(env.APP_ENV)) return env
  const known = delayed.get(env)
  if (known) return known
  const plan = parseLatencyPlan(text)
  if (!plan) return env
  // The payment sandbox stands for a provider: its ledger's round trips are neither delayed nor
  // counted as this shop's (rawDatabaseOf).
  const wrapped: Env = keepingRawDatabase(env, {
    ...env,
    ...(plan.d1Ms > 0 ? { DB: delayedDatabase(env.DB, plan.d1Ms, sleep) } : {}),
    ...(plan.backendMs > 0 && env.BACKEND
      ? { BACKEND: delayedFetcher(env.BACKEND, plan.backendMs, sleep) }
      : {}),
  })
  delayed.set(env, wrapped)
  return wrapped
}
