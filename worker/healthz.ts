import type { Context } from 'hono'
import { PRIVATE_CACHE_CONTROL } from '../schemas/constants.ts'
import { everyShard } from './backend/shard.ts'
import { effectsDepth, pingDatabase } from './backend/tenancy/repo.ts'
import type { AppEnv } from './env.ts'
import { logError } from './lib/log.ts'

/** The path uptime checks call (docs/operations.md). */
export const HEALTH_PATH = '/healthz'

export type CheckResult = 'ok' | 'fail'

/** What GET /healthz answers: every check's result, the deployed version, the outbox's depth. */
export interface HealthAnswer {
  ok: boolean
  version: string
  checks: { db: CheckResult; kv: CheckResult; queue: CheckResult }
  /** Effects not yet delivered (ADR 037), when D1 answered. */
  effects: { pending: number; dead: number } | null
}

async function check<T>(name: string, work: () => Promise<T>): Promise<[CheckResult, T | null]> {
  try {
    return ['ok', await work()]
  } catch (error) {
    logError(error, { event: 'health check failed', check: name }, 'warn')
    return ['fail', null]
  }
}

/**
 * `GET /healthz` (ADR 041): one D1 query a shard, one KV read and the effects queue's binding, in
 * parallel; 200 when all answer, else 503 with the same body naming the one that failed. Runs
 * before the brand and the backend client: an uptime check needs no shop, and never cached. The
 * outbox's depth is every shard's (ADR 047), and a shard that does not answer fails `db`.
 */
export async function healthz(c: Context<AppEnv>): Promise<Response> {
  const [[db, effects], [kv]] = await Promise.all([
    check('db', async () => {
      const depths = await Promise.all(
        (await everyShard(c.env)).map(async ({ db }) => {
          await pingDatabase(db)
          return effectsDepth(db)
        })
      )
      return depths.reduce((sum, depth) => ({
        pending: sum.pending + depth.pending,
        dead: sum.dead + depth.dead,
      }))
    }),
    check('kv', () => c.env.CACHE.get('healthz')),
  ])
  // The producer binding is all a request can see of the queue; its depth is the outbox's.
  const queue: CheckResult = c.env.EFFECTS && db === 'ok' ? 'ok' : 'fail'
  const answer: HealthAnswer = {
    ok: db === 'ok' && kv === 'ok' && queue === 'ok',
    version: c.env.CF_VERSION_METADATA?.id ?? 'development',
    checks: { db, kv, queue },
    effects,
  }
  return Response.json(answer, {
    status: answer.ok ? 200 : 503,
    headers: { 'cache-control': PRIVATE_CACHE_CONTROL },
  })
}
