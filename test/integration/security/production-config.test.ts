import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp, DEVELOPMENT_ONLY_PATHS } from '../../../worker/app.ts'
import { scheduled } from '../../../worker/scheduled.ts'
import { configurationProblems, SETTINGS } from '../../../worker/lib/deployment-config.ts'
import { committedProductionVars, productionEnv } from '../../support/workers/production-env.ts'
import { OPERATOR_VALUES, PRODUCTION_SECRETS } from '../../support/production-values.ts'
import { seedTenancy } from '../backend/fixtures.ts'
import { fillRoute, routeTable, type SweptRoute } from '../../support/workers/route-table.ts'

/*
 * The production configuration of wrangler.toml, run by the app the Worker serves (ADR 036):
 * filled in, it serves the shop and not one development tool; with a local or sandbox provider,
 * a placeholder or a missing or weak secret, every request is the plain 503 and one log line.
 */

const ORIGIN = 'http://shop.corner.test'
const app = createApp()

beforeAll(async () => {
  await seedTenancy(env.DB)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function request(path: string, config: Env, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext()
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, init), config, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

function underDevelopmentOnly(path: string): boolean {
  return DEVELOPMENT_ONLY_PATHS.some((prefix) =>
    prefix.endsWith('/*') ? path.startsWith(prefix.slice(0, -1)) : path === prefix
  )
}

/** Every development-only route of the app and of the backend (as /api reaches it). */
function developmentRoutes(): Array<SweptRoute> {
  return routeTable()
    .map(({ method, path }) => ({ method, path: fillRoute(path, '1') }))
    .filter(({ path }) => underDevelopmentOnly(path))
}

describe('the committed production configuration', () => {
  it('names every variable of wrangler.toml [env.production] in the one table, and the table names no other', () => {
    const variables = SETTINGS.filter((setting) => setting.kind === 'variable').map((s) => s.name)
    expect(Object.keys(committedProductionVars()).sort()).toEqual([...variables].sort())
  })

  it('is refused as committed: each blank an operator must fill in is named', () => {
    const names = configurationProblems({
      ...committedProductionVars(),
      ...PRODUCTION_SECRETS,
    }).map((problem) => problem.name)
    // The tiles' attribution is asked for once a tile address is set.
    const blanks = Object.keys(OPERATOR_VALUES).filter((name) => name !== 'MAP_TILES_ATTRIBUTION')
    expect(names.sort()).toEqual(blanks.sort())
  })

  it('filled in, passes the table and serves the shop', async () => {
    expect(configurationProblems(productionEnv() as unknown as Record<string, unknown>)).toEqual([])
    const res = await request('/', productionEnv())
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Corner Grocers')
  })
})

describe('development routes in production', () => {
  const routes = developmentRoutes()

  it('finds the development tools and local stand-ins to sweep', () => {
    const paths = routes.map((route) => route.path)
    for (const expected of [
      '/api/dev/outbox',
      '/api/dev/clock',
      '/dev/mailbox',
      '/dev/payments',
      '/sandbox-gateway/hpp/pay',
      '/sandbox-identity/1/authorize',
      '/track-map/base.json',
    ]) {
      expect(paths.some((path) => path.startsWith(expected))).toBe(true)
    }
    expect(routes.length).toBeGreaterThan(20)
  })

  it('answers every one of them 404 and changes nothing', async () => {
    const before = await env.DB.prepare('select count(*) as n from outbox').first()
    const config = productionEnv()
    const answers: Array<string> = []
    for (const { method, path } of routes) {
      const init: RequestInit =
        method === 'GET' || method === 'HEAD'
          ? { method }
          : {
              method,
              headers: { 'content-type': 'application/json', origin: ORIGIN },
              body: '{}',
            }
      const res = await request(path, config, init)
      answers.push(`${res.status} ${method} ${path}`)
      await res.arrayBuffer()
    }
    expect(answers.filter((answer) => !answer.startsWith('404 '))).toEqual([])
    expect(await env.DB.prepare('select count(*) as n from outbox').first()).toEqual(before)
  })

  it('serves them in development and test (the sweep reaches real routes)', async () => {
    const found = await Promise.all(
      ['/dev/mailbox', '/api/dev/clock', '/track-map/base.json?bbox=-2.3,53.4,-2.2,53.5'].map(
        async (path) => (await request(path, env)).status
      )
    )
    expect(found).toEqual([200, 200, 200])
  })
})

describe('a refused configuration', () => {
  const BAD: ReadonlyArray<[string, Record<string, unknown>]> = [
    ['PAYMENTS_MODE', { PAYMENTS_MODE: 'sandbox' }],
    ['REALEX_MERCHANT_ID', { REALEX_MERCHANT_ID: '' }],
    ['FRAMES_PUBLIC_KEY', { CARD_GATEWAY: 'frames', FRAMES_SECRET_KEY: 'sk_live_abc123' }],
    ['SOCIAL_SIGN_IN', { SOCIAL_SIGN_IN: 'sandbox' }],
    ['MESSAGING_PROVIDER', { MESSAGING_PROVIDER: 'local' }],
    ['MARKETING_PROVIDER', { MARKETING_PROVIDER: 'local' }],
    ['GEOCODER_PROVIDER', { GEOCODER_PROVIDER: 'local' }],
    ['HOSTNAME_PROVIDER', { HOSTNAME_PROVIDER: 'local' }],
    ['ROBOT_CHECK_PROVIDER', { ROBOT_CHECK_PROVIDER: 'local' }],
    ['MAP_TILES_URL', { MAP_TILES_URL: '' }],
    ['CLOCK_NOW', { CLOCK_NOW: '2030-01-01T00:00:00Z' }],
    ['STOREFRONT_FAULTS', { STOREFRONT_FAULTS: 'd1-writes=0.1,provider=0.2,seed=7' }],
    ['CLOUDFLARE_ZONE_ID', { CLOUDFLARE_ZONE_ID: '00000000000000000000000000000000' }],
    ['SESSION_SECRET', { SESSION_SECRET: undefined }],
    ['AUTH_PEPPER', { AUTH_PEPPER: 'short-pepper' }],
    ['REALEX_SHARED_SECRET', { REALEX_SHARED_SECRET: 'replace-with-32-random-bytes-base64url' }],
    ['ITERABLE_API_KEY', { ITERABLE_API_KEY: '' }],
    ['APP_ENV', { APP_ENV: 'prod' }],
  ]

  for (const [name, override] of BAD) {
    it(`(${name}) makes every page the 503 with one log line naming it`, async () => {
      const config = productionEnv(override)
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      for (const path of ['/', '/stores/search?postcode=M1', '/api/countries', '/dev/mailbox']) {
        logged.mockClear()
        const res = await request(path, config)
        expect(res.status, path).toBe(503)
        expect(res.headers.get('cache-control')).toBe('no-store')
        const html = await res.text()
        expect(html).toContain(MESSAGES.shopUnavailable)
        expect(html).not.toContain('Corner Grocers')
        expect(logged).toHaveBeenCalledTimes(1)
        const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as {
          event: string
          problems: Array<string>
        }
        expect(line.event).toBe('configuration refused')
        expect(line.problems.some((problem) => problem.startsWith(name))).toBe(true)
      }
    })
  }

  it('runs no cron job, and says why in one line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await scheduled(
      { cron: '* * * * *', scheduledTime: Date.parse(env.TEST_NOW), noRetry: () => undefined },
      productionEnv({ MESSAGING_PROVIDER: 'local' })
    )
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]?.[0])).toContain('MESSAGING_PROVIDER')
    expect(said).not.toHaveBeenCalled()
  })

  it('lets staging use the gateways’ own sandboxes, never the local stand-ins', async () => {
    const staging = { APP_ENV: 'staging', PAYMENTS_MODE: 'sandbox' }
    const wallets = { APPLE_PAY_MERCHANT_ID: 'merchant.com.grocer', GOOGLE_PAY_MERCHANT_ID: 'BCR2' }
    expect(
      (await request('/', productionEnv({ ...staging, ...wallets, APPLE_PAY_CERTIFICATE: {} })))
        .status
    ).toBe(200)
    const local = await request(
      '/',
      productionEnv({ ...staging, ...wallets, REALEX_MERCHANT_ID: '' })
    )
    expect(local.status).toBe(503)
    await local.arrayBuffer()
  })
})
