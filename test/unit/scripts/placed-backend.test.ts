import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { placedBackendProblems } from '../../../scripts/deploy/placed-backend.ts'
import type { WranglerEnvironment } from '../../../scripts/deploy/wrangler-environment.ts'

/*
 * The production check of the placed backend (ADR 046), on the committed wrangler.toml and
 * wrangler.backend.toml as wrangler reads them (test/vitest.config.ts): production reaches the
 * backend Worker through BACKEND, by its name, placed near the database, with the same vars.
 */

const { services, triggers, queues, backend } = env.PRODUCTION_PLACEMENT

function storefront(
  given: WranglerEnvironment['services'],
  background: Pick<WranglerEnvironment, 'triggers' | 'queues'> = { triggers, queues }
): WranglerEnvironment {
  return {
    ...background,
    vars: env.PRODUCTION_VARS,
    d1_databases: [],
    kv_namespaces: [],
    r2_buckets: [],
    durable_objects: { bindings: [] },
    ratelimits: [],
    mtls_certificates: [],
    services: given,
  }
}

const problemsOf = (
  given: WranglerEnvironment['services'],
  backendWorker: typeof backend = backend,
  background?: Pick<WranglerEnvironment, 'triggers' | 'queues'>
): Array<string> =>
  placedBackendProblems('production', storefront(given, background), backendWorker).map(
    ({ problem }) => problem
  )

describe('the production check of the placed backend', () => {
  it('passes the committed configuration', () => {
    expect(problemsOf(services)).toEqual([])
  })

  it('refuses production without the BACKEND binding', () => {
    const problems = problemsOf(services.filter(({ binding }) => binding !== 'BACKEND'))
    expect(problems).toEqual([expect.stringContaining('BACKEND (service binding) is missing')])
  })

  it('refuses a BACKEND that names another Worker', () => {
    const problems = problemsOf([{ binding: 'BACKEND', service: 'storefront-backend-staging' }])
    expect(problems).toEqual([
      expect.stringContaining('BACKEND names the Worker "storefront-backend-staging"'),
    ])
  })

  it('refuses a backend without Smart Placement or with other vars', () => {
    const problems = problemsOf(services, {
      ...backend,
      placement: {},
      vars: { ...backend.vars, PAYMENTS_MODE: 'sandbox' },
    })
    expect(problems).toEqual([
      expect.stringContaining('mode is not "smart"'),
      expect.stringContaining('differs from wrangler.toml’s in PAYMENTS_MODE'.replace('’', "'")),
    ])
  })

  it('refuses the cron or the queue consumer left in the storefront Worker', () => {
    const consumers = backend.queues.consumers ?? []
    const problems = problemsOf(services, backend, {
      triggers: { crons: ['* * * * *'] },
      queues: { ...queues, consumers },
    })
    expect(problems).toEqual([
      expect.stringContaining('wrangler.toml [env.production.triggers] has crons'),
      expect.stringContaining('consumes "storefront-production-effects"'),
      expect.stringContaining('consumes "storefront-production-effects-dlq"'),
    ])
  })

  it('refuses a backend Worker without the cron, the consumer or its dead-letter queue', () => {
    const problems = problemsOf(services, {
      ...backend,
      triggers: { crons: ['* * * * *'] },
      queues: { ...backend.queues, consumers: [{ queue: 'storefront-production-effects' }] },
    })
    expect(problems).toEqual([
      expect.stringContaining('crons lack "*/5 * * * *", "17 3 * * *"'),
      expect.stringContaining('must send dead letters to "storefront-production-effects-dlq"'),
      expect.stringContaining('no consumer of "storefront-production-effects-dlq"'),
    ])
    expect(
      problemsOf(services, {
        ...backend,
        triggers: {},
        queues: { ...backend.queues, consumers: [] },
      })
    ).toEqual([
      expect.stringContaining('crons lack "* * * * *", "*/5 * * * *", "17 3 * * *"'),
      expect.stringContaining('no consumer of "storefront-production-effects";'),
      expect.stringContaining('no consumer of "storefront-production-effects-dlq"'),
    ])
  })
})
