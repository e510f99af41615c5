import type { MiddlewareHandler } from 'hono'
import { normaliseHost } from '../lib/host.ts'
import { businessOfHost, shardOfBusiness } from './directory/repo.ts'
import type { BackendEnv } from './env.ts'

/*
 * The request's shard (ADR 047). Every business's rows live in one D1 database, its shard; the
 * directory (DIRECTORY) says which. This module alone chooses: once per request, at the top of the
 * backend, it substitutes the business's shard for `env.DB`, so every repo keeps using `env.DB`.
 * Without a directory (one database) nothing changes. A D1 session (read replicas) is opened on
 * whatever `env.DB` is after this, so it is the chosen shard's.
 */

/** The binding of a shard by its name; an unknown name is a clear error, never another shard. */
export function shardDatabase(env: Env, shard: string): D1Database {
  if (shard === 'DB') return env.DB
  const binding = (env as unknown as Record<string, unknown>)[shard]
  if (!isD1Database(binding)) {
    throw new Error(`The directory places a business on shard ${shard}, which has no D1 binding`)
  }
  return binding
}

function isD1Database(value: unknown): value is D1Database {
  return typeof value === 'object' && value !== null && 'prepare' in value && 'batch' in value
}

/** The env of a business: its shard as `DB`. Without a directory, the env itself. */
export async function envOfBusiness<E extends Env>(env: E, businessId: number): Promise<E> {
  if (!env.DIRECTORY) return env
  const shard = (await shardOfBusiness(env.DIRECTORY, businessId)) ?? 'DB'
  return shard === 'DB' ? env : { ...env, DB: shardDatabase(env, shard) }
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
  // A copy: the route reads the body itself. A body that is not JSON is the route's to refuse.
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null)
  if (typeof body !== 'object' || body === null || !('businessId' in body)) return null
  return idOf(body.businessId)
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The backend's middleware: the call's business's shard becomes `c.env.DB` for the request. */
export function pickShard(): MiddlewareHandler<BackendEnv> {
  return async (c, next) => {
    const directory = c.env.DIRECTORY
    if (directory) {
      const businessId = await businessOfCall(c.req.raw, directory)
      if (businessId !== null) c.env = await envOfBusiness(c.env, businessId)
    }
    await next()
  }
}
