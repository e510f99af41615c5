import type { MiddlewareHandler } from 'hono'
import { normaliseHost } from '../lib/host.ts'
import { readJsonBody } from '../lib/request-body.ts'
import { readOnlyShard } from './directory/read-only-repo.ts'
import { indexKey, type KeyKind } from './directory/keys-repo.ts'
import { businessOfHost, directoryShards, placementOf, shardOfBusiness } from './directory/repo.ts'
import type { BackendEnv } from './env.ts'
import { businessOfKeyedCall } from './key-routes.ts'

/*
 * The request's shard (ADR 047). Every business's rows live in one D1 database, its shard; the
 * directory (DIRECTORY) says which. This module alone chooses: once per request, at the top of the
 * backend, it substitutes the business's shard for `env.DB`, so every repo keeps using `env.DB`.
 * Without a directory (one database) nothing changes. A D1 session (read replicas) is opened on
 * whatever `env.DB` is after this, so it is the chosen shard's.
 */

/** A shard's name is its binding's: `DB` (the first, where every business lived) or `SHARD_<n>`. */
export const SHARD_NAME = /^(DB|SHARD_[1-9]\d{0,3})$/

/**
 * The Worker's shards, by binding name: DB first, then SHARD_2, SHARD_3… in order; with a
 * directory, only those it lists (a binding not yet listed holds no business, and may not be
 * migrated yet). The one list every sweep over all businesses (the crons, the platform's views)
 * runs over.
 */
export async function shardNames(env: Env): Promise<Array<string>> {
  const bindings = env as unknown as Record<string, unknown>
  const bound = Object.keys(bindings)
    .filter((name) => name !== 'DB' && SHARD_NAME.test(name) && isD1Database(bindings[name]))
    .sort((a, b) => Number(a.slice('SHARD_'.length)) - Number(b.slice('SHARD_'.length)))
  if (!env.DIRECTORY || bound.length === 0) return ['DB', ...bound]
  const listed = new Set(await directoryShards(env.DIRECTORY))
  return ['DB', ...bound.filter((name) => listed.has(name))]
}

/** The binding of a shard by its name; an unknown name is a clear error, never another shard. */
export function shardDatabase(env: Env & ShardEnv, shard: string): D1Database {
  // An env whose DB is another shard already keeps the first shard's binding beside it.
  if (shard === 'DB') return env.DB_FIRST ?? env.DB
  const binding = SHARD_NAME.test(shard)
    ? (env as unknown as Record<string, unknown>)[shard]
    : undefined
  if (!isD1Database(binding)) {
    throw new Error(`The directory places a business on shard ${shard}, which has no D1 binding`)
  }
  return binding
}

function isD1Database(value: unknown): value is D1Database {
  return typeof value === 'object' && value !== null && 'prepare' in value && 'batch' in value
}

/**
 * The env of one shard: that shard as `DB`, and its name as `DB_SHARD`, so whatever hands work on
 * (the outbox's relay) says which shard it belongs to.
 */
export function envOfShard<E extends Env>(env: E & ShardEnv, shard: string): E & ShardEnv {
  return {
    ...env,
    DB: shardDatabase(env, shard),
    DB_SHARD: shard,
    DB_FIRST: shardDatabase(env, 'DB'),
  }
}

/**
 * What `envOfShard` adds: the name of the shard `DB` is (absent means DB itself), and the first
 * shard's binding, which `DB` no longer is, for what reads every shard (the platform's checks).
 */
export interface ShardEnv {
  DB_SHARD?: string | undefined
  DB_FIRST?: D1Database | undefined
}

/**
 * Every shard's database with its name, for a read across every business (a platform-wide check,
 * the health check's outbox depth): the env's own `DB` stands for its shard (its session, or its
 * read-only guard during a move), the others by their bindings.
 */
export async function everyShard(
  env: Env & ShardEnv
): Promise<Array<{ shard: string; db: D1Database }>> {
  const own = shardOf(env)
  const names = await shardNames(env)
  return names.map((shard) => ({ shard, db: shard === own ? env.DB : shardDatabase(env, shard) }))
}

/** The name of the shard an env's `DB` is. */
export function shardOf(env: { DB: D1Database } & ShardEnv): string {
  return env.DB_SHARD ?? 'DB'
}

/** Writes a key's business to the directory's index (ADR 056); nothing without a directory. */
export type KeyIndex = (kind: KeyKind, key: string, businessId: number) => Promise<void>

/**
 * The key index of an env's shard: called before the shard's row that holds the key is written,
 * so the directory never lacks a key the shard has.
 */
export function keyIndexOf(env: Pick<Env, 'DB' | 'DIRECTORY'> & ShardEnv): KeyIndex {
  return (kind, key, businessId) =>
    indexKey(env.DIRECTORY, { kind, key, businessId, shard: shardOf(env) })
}

/** The env of a business: its shard as `DB`. Without a directory, the env itself. */
export async function envOfBusiness<E extends Env>(env: E, businessId: number): Promise<E> {
  if (!env.DIRECTORY) return env
  const shard = (await shardOfBusiness(env.DIRECTORY, businessId)) ?? 'DB'
  return shard === 'DB' ? env : envOfShard(env, shard)
}

/**
 * The business a call names: `businessId` in its query or JSON body (spec §7: every call names
 * it), else the business of the host `/brands/resolve` asks about. Null for calls of no business
 * (health, the OpenAPI document), which stay on DB.
 */
async function businessOfCall(request: Request, directory: D1Database): Promise<number | null> {
  const url = new URL(request.url)
  const fromQuery = idOf(url.searchParams.get('businessId'))
  if (fromQuery !== null) return fromQuery
  if (url.pathname.endsWith('/brands/resolve')) {
    const host = url.searchParams.get('host')
    return host ? businessOfHost(directory, normaliseHost(host)) : null
  }
  if (!request.headers.get('content-type')?.includes('application/json')) return null
  // The route's own memoised read (one read a call). A body that is not JSON is the route's to
  // refuse: it meets the same refusal.
  const body: unknown = await readJsonBody(request).catch(() => null)
  if (typeof body !== 'object' || body === null || !('businessId' in body)) return null
  return idOf(body.businessId)
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * The backend's middleware: the call's business's shard becomes `c.env.DB` for the request; while
 * the business is being moved, that shard only reads (readOnlyShard). A call that names no
 * business but carries a key (a tracking link, a gateway's answer, a staff email) is given the
 * key's business first (key-routes.ts, ADR 056).
 */
export function pickShard(): MiddlewareHandler<BackendEnv> {
  return async (c, next) => {
    const directory = c.env.DIRECTORY
    const keyed = await businessOfKeyedCall(c.req.raw, new URL(c.req.url).pathname, directory)
    if (directory) {
      const businessId = keyed ?? (await businessOfCall(c.req.raw, directory))
      const placement = businessId === null ? null : await placementOf(directory, businessId)
      if (placement && placement.shard !== 'DB') c.env = envOfShard(c.env, placement.shard)
      if (placement?.movingTo) c.env = { ...c.env, DB: readOnlyShard(c.env.DB) }
    }
    await next()
  }
}
