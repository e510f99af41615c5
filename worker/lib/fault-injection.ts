import { developmentToolsEnabled } from '../../schemas/development.ts'

/*
 * Fault injection for local runs (ADR 037's fault bench): STOREFRONT_FAULTS makes a share of D1
 * writes and of provider calls fail, so a bench can show that the outbox loses and repeats
 * nothing. It is applied where the Worker composes its bindings and adapters (worker/index.ts,
 * local-backend.ts, the messenger factory), never in business code, and only in development and
 * test: the configuration check refuses to serve with it set anywhere else (ADR 036).
 */

export const FAULT_KINDS = ['d1-writes', 'provider'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

/** What to fail: a share (0 to 1) of each kind of call, drawn from `seed`. */
export interface FaultPlan {
  rates: Readonly<Record<FaultKind, number>>
  seed: number
}

/**
 * `d1-writes=0.1,provider=0.2,seed=7` as a plan; an empty text is no plan. Any other text is a
 * clear error naming what is wrong.
 */
export function parseFaultPlan(text: string): FaultPlan | null {
  if (text.trim() === '') return null
  const rates: Record<FaultKind, number> = { 'd1-writes': 0, provider: 0 }
  let seed = 1
  for (const part of text.split(',')) {
    const [name = '', value = '', ...rest] = part.split('=').map((piece) => piece.trim())
    const number = Number(value)
    if (rest.length > 0 || value === '' || !Number.isFinite(number)) {
      throw new Error(`STOREFRONT_FAULTS: "${part.trim()}" is not name=number`)
    }
    if (name === 'seed') {
      if (!Number.isInteger(number)) throw new Error('STOREFRONT_FAULTS: seed must be an integer')
      seed = number
    } else if ((FAULT_KINDS as ReadonlyArray<string>).includes(name)) {
      if (number < 0 || number > 1) {
        throw new Error(`STOREFRONT_FAULTS: ${name} must be a share from 0 to 1, not ${value}`)
      }
      rates[name as FaultKind] = number
    } else {
      throw new Error(
        `STOREFRONT_FAULTS: no fault "${name}" (${[...FAULT_KINDS, 'seed'].join(', ')})`
      )
    }
  }
  return { rates, seed }
}

// A 32-bit mix (splitmix32's finaliser): the nth draw of a kind depends only on seed, kind and n.
function mix(value: number): number {
  let x = value | 0
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad)
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97)
  return (x ^ (x >>> 15)) >>> 0
}

const KIND_SALT: Readonly<Record<FaultKind, number>> = {
  'd1-writes': 0x5bd1e995,
  provider: 0x27d4eb2f,
}

/** Decides, call by call, which calls fail; counts what it decided. */
export class FaultInjector {
  readonly drawn: Record<FaultKind, number> = { 'd1-writes': 0, provider: 0 }
  readonly injected: Record<FaultKind, number> = { 'd1-writes': 0, provider: 0 }

  constructor(readonly plan: FaultPlan) {}

  /** Whether this call of `kind` fails: the nth call's draw is the same on every run of a seed. */
  fails(kind: FaultKind): boolean {
    const rate = this.plan.rates[kind]
    if (rate <= 0) return false
    const n = this.drawn[kind]++
    const draw = mix(mix(this.plan.seed ^ KIND_SALT[kind]) + Math.imul(n, 0x9e3779b9)) / 2 ** 32
    if (draw >= rate) return false
    this.injected[kind]++
    // One line per fault, so a bench counts them from the Worker's log.
    console.warn(JSON.stringify({ event: 'fault injected', fault: kind, n }))
    return true
  }
}

const INJECTOR = Symbol('fault injector')
const RAW_DB = Symbol('database without faults')

/** The env the Worker runs with: as given, or with its faults wired in. */
type FaultedEnv = Env & { [INJECTOR]?: FaultInjector; [RAW_DB]?: D1Database }

/**
 * The injector an env carries, or null. Symbols survive the `{ ...env, ...adapters }` spreads the
 * composition root makes, so adapters built from any of them find it.
 */
export function faultInjectorOf(env: object): FaultInjector | null {
  return (env as Partial<Record<typeof INJECTOR, FaultInjector>>)[INJECTOR] ?? null
}

/**
 * The database without injected faults or simulated latency: what the stand-ins for outside
 * providers keep (the payment sandbox's ledger is the provider's, not this shop's D1).
 */
export function rawDatabaseOf(env: { DB: D1Database }): D1Database {
  return (env as Partial<Record<typeof RAW_DB, D1Database>>)[RAW_DB] ?? env.DB
}

/** `wrapped`, whose DB another layer wraps, keeping `env`'s raw database for the stand-ins. */
export function keepingRawDatabase<E extends object>(env: { DB: D1Database }, wrapped: E): E {
  return { ...wrapped, [RAW_DB]: rawDatabaseOf(env) }
}

const faulted = new WeakMap<Env, Env>()

/**
 * The env with STOREFRONT_FAULTS applied: its D1 binding fails the plan's share of writes and it
 * carries the injector for the provider adapters. The same env object for the isolate's life (the
 * configuration check caches by it). Outside development and test it is never applied: there the
 * configuration check refuses to serve first.
 */
export function withFaults(env: Env): Env {
  const text = (env as { STOREFRONT_FAULTS?: string }).STOREFRONT_FAULTS ?? ''
  if (text.trim() === '' || !developmentToolsEnabled(env.APP_ENV)) return env
  const known = faulted.get(env)
  if (known) return known
  const plan = parseFaultPlan(text)
  if (!plan) return env
  const injector = new FaultInjector(plan)
  const wrapped: FaultedEnv = {
    ...env,
    DB: faultyDatabase(env.DB, injector),
    [INJECTOR]: injector,
    [RAW_DB]: env.DB,
  }
  faulted.set(env, wrapped)
  return wrapped
}

/** The error a failed write throws, worded as D1's own. */
export function injectedD1Error(): Error {
  return new Error('D1_ERROR: Network connection lost. (injected by STOREFRONT_FAULTS)')
}

/** The error a failed provider call throws, as a dropped connection does. */
export function injectedProviderError(): Error {
  return new TypeError('fetch failed: connection reset (injected by STOREFRONT_FAULTS)')
}

const READ_ONLY = /^\s*(select|pragma|explain)\b/i
const WRITES = /\b(insert|update|delete|replace)\b/i

/** Whether a statement may write: anything but a plain read (a `with … insert` writes). */
export function isWriteStatement(sql: string): boolean {
  if (READ_ONLY.test(sql)) return false
  return !/^\s*with\b/i.test(sql) || WRITES.test(sql)
}

const inner = new WeakMap<D1PreparedStatement, D1PreparedStatement>()

function unwrap(statement: D1PreparedStatement): D1PreparedStatement {
  return inner.get(statement) ?? statement
}

class FaultyStatement implements D1PreparedStatement {
  constructor(
    private readonly statement: D1PreparedStatement,
    readonly write: boolean,
    private readonly injector: FaultInjector
  ) {
    inner.set(this, statement)
  }

  // A failed write throws before it reaches the database: nothing of it is applied.
  private check(): void {
    if (this.write && this.injector.fails('d1-writes')) throw injectedD1Error()
  }

  bind(...values: Array<unknown>): D1PreparedStatement {
    return new FaultyStatement(this.statement.bind(...values), this.write, this.injector)
  }

  first<T = unknown>(colName: string): Promise<T | null>
  first<T = Record<string, unknown>>(): Promise<T | null>
  async first<T>(colName?: string): Promise<T | null> {
    this.check()
    return colName === undefined ? this.statement.first<T>() : this.statement.first<T>(colName)
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    this.check()
    return this.statement.run<T>()
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    this.check()
    return this.statement.all<T>()
  }

  raw<T = Array<unknown>>(options: { columnNames: true }): Promise<[Array<string>, ...Array<T>]>
  raw<T = Array<unknown>>(options?: { columnNames?: false }): Promise<Array<T>>
  async raw<T>(options?: {
    columnNames?: boolean
  }): Promise<Array<T> | [Array<string>, ...Array<T>]> {
    this.check()
    return options?.columnNames === true
      ? this.statement.raw<T>({ columnNames: true })
      : this.statement.raw<T>()
  }
}

/** A D1 binding that fails the plan's share of write statements and of batches that write. */
export function faultyDatabase(db: D1Database, injector: FaultInjector): D1Database {
  const faulty: D1Database = {
    prepare: (sql) =>
      // eslint-disable-next-line no-restricted-syntax -- passes a repo's SQL through, writes none
      new FaultyStatement(db.prepare(sql), isWriteStatement(sql), injector),
    async batch<T = unknown>(list: Array<D1PreparedStatement>): Promise<Array<D1Result<T>>> {
      // A batch is one transaction: it fails whole, as D1's does.
      if (list.some((statement) => statement instanceof FaultyStatement && statement.write)) {
        if (injector.fails('d1-writes')) throw injectedD1Error()
      }
      return db.batch<T>(list.map(unwrap))
    },
    exec: (query) => db.exec(query),
    // A session's statements fail as the binding's do: the backend runs every request in one.
    withSession: (constraint) => {
      const session = db.withSession(constraint)
      return {
        prepare: (sql) =>
          // eslint-disable-next-line no-restricted-syntax -- passes a repo's SQL through, writes none
          new FaultyStatement(session.prepare(sql), isWriteStatement(sql), injector),
        async batch<T = unknown>(list: Array<D1PreparedStatement>): Promise<Array<D1Result<T>>> {
          if (list.some((statement) => statement instanceof FaultyStatement && statement.write)) {
            if (injector.fails('d1-writes')) throw injectedD1Error()
          }
          return session.batch<T>(list.map(unwrap))
        },
        getBookmark: () => session.getBookmark(),
      }
    },
    dump: () => db.dump(),
  }
  return faulty
}
