import { describe, expect, it } from 'vitest'
import { isMadeUpId } from '../../../scripts/deploy/cloudflare-ids.ts'
import { preflightProblems, refusalText } from '../../../scripts/deploy/preflight.ts'
import type { SecretList } from '../../../scripts/deploy/secret-list.ts'
import type { WranglerEnvironment } from '../../../scripts/deploy/wrangler-environment.ts'
import { SETTINGS } from '../../../worker/lib/deployment-config.ts'

// Ids as Cloudflare prints them (random), for a configuration that may deploy.
const D1_ID = '6f1c2a9e-3b47-4d8a-9c25-e07b41d3f986'
const SHARD_2_ID = 'b83e0d5f-92a1-4c67-8e3b-5d0f71a9c2e4'
const DIRECTORY_ID = '2d9f6b1c-e845-4a3d-b07c-98e1f5a26d3b'
const KV_ID = 'a3f9c27e51d84b06b9e2f7c41d5a8e63'
const ZONE_ID = '5c7e1b94d3a2486f9e0b7a1c2d3f4e58'
const CERTIFICATE_ID = '0d6b3e8a-71c4-4f29-a5e3-9b8c2d714f60'
const ZEROS_UUID = '00000000-0000-0000-0000-000000000000'
const ZEROS_HEX = '00000000000000000000000000000000'

const ALL_SECRETS: SecretList = {
  listed: true,
  names: SETTINGS.filter(({ kind }) => kind === 'secret').map(({ name }) => name),
}

/** The bindings every environment repeats, as wrangler.toml's top level has them. */
function bindings(environment: string) {
  return {
    d1_databases: [
      {
        binding: 'DB',
        database_name: `storefront-${environment}`,
        database_id: D1_ID,
        migrations_dir: 'migrations',
      },
      // The business shards and their directory (ADR 047).
      {
        binding: 'SHARD_2',
        database_name: `storefront-${environment}-shard-2`,
        database_id: SHARD_2_ID,
        migrations_dir: 'migrations',
      },
      {
        binding: 'DIRECTORY',
        database_name: `storefront-${environment}-directory`,
        database_id: DIRECTORY_ID,
        migrations_dir: 'migrations-directory',
      },
    ],
    kv_namespaces: [{ binding: 'CACHE', id: KV_ID }],
    r2_buckets: [
      { binding: 'ATTACHMENTS', bucket_name: `storefront-${environment}-attachments` },
      { binding: 'MEDIA', bucket_name: `storefront-${environment}-media` },
    ],
    durable_objects: {
      bindings: [
        { name: 'ORDER_BOARD', class_name: 'OrderBoard' },
        { name: 'DRIVER_SIMULATOR', class_name: 'DriverSimulator' },
        { name: 'ORDER_TRACKER', class_name: 'OrderTracker' },
      ],
    },
    ratelimits: [
      'STORE_SEARCH_LIMITER',
      'STORE_DETAILS_LIMITER',
      'CONTACT_LIMITER',
      'AUTH_LIMITER',
    ].map((name, index) => ({
      name,
      namespace_id: String(3001 + index),
      simple: { limit: 60, period: 60 },
    })),
    mtls_certificates: [] as Array<{ binding: string; certificate_id: string }>,
    services: [],
  }
}

const TOP_LEVEL: WranglerEnvironment = { name: 'storefront', vars: {}, ...bindings('development') }

/** A production environment as wrangler resolves it once an operator has filled everything in. */
function configuredProduction(): WranglerEnvironment {
  return {
    name: 'storefront-production',
    routes: [{ pattern: '*/*', zone_id: ZONE_ID }],
    vars: {
      APP_ENV: 'production',
      BACKEND_URL: '',
      PAYMENTS_MODE: 'live',
      CARD_GATEWAY: 'realex',
      REALEX_MERCHANT_ID: 'cornerfresh',
      REALEX_ACCOUNT: 'internet',
      FRAMES_PUBLIC_KEY: '',
      APPLE_PAY_MERCHANT_ID: 'merchant.uk.co.cornerfresh',
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4TZKQ7N3PL',
      SITEMAP_ENVIRONMENTS: 'production',
      GEOCODER_PROVIDER: 'ideal-postcodes',
      HOSTNAME_PROVIDER: 'cloudflare',
      CLOUDFLARE_ZONE_ID: ZONE_ID,
      MAP_TILES_URL: 'https://tiles.stadiamaps.com/tiles/alidade_smooth/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: '© Stadia Maps © OpenMapTiles © OpenStreetMap contributors',
      ROBOT_CHECK_PROVIDER: 'turnstile',
      TURNSTILE_SITE_KEY: '0x4AAAAAAAC3dKq9Lm2Pv7Rt',
      MESSAGING_PROVIDER: 'http',
      MESSAGING_API_URL: 'https://messages.cornerfresh.co.uk/v1/send',
      MARKETING_PROVIDER: 'iterable',
      SOCIAL_SIGN_IN: 'live',
      GOOGLE_CLIENT_ID: '840512736194-q3k9m2vd7hs5.apps.googleusercontent.com',
      FACEBOOK_APP_ID: '',
      APPLE_CLIENT_ID: '',
      CLOCK_NOW: '',
    },
    ...bindings('production'),
    mtls_certificates: [{ binding: 'APPLE_PAY_CERTIFICATE', certificate_id: CERTIFICATE_ID }],
  }
}

/** A staging environment: the gateways' own sandboxes are allowed there, never the local ones. */
function configuredStaging(): WranglerEnvironment {
  const production = configuredProduction()
  return {
    ...production,
    name: 'storefront-staging',
    vars: {
      ...production.vars,
      APP_ENV: 'staging',
      PAYMENTS_MODE: 'sandbox',
      SITEMAP_ENVIRONMENTS: 'staging',
    },
    ...bindings('staging'),
    mtls_certificates: production.mtls_certificates,
  }
}

function problemsOf(
  config: WranglerEnvironment,
  options: { environment?: string; secrets?: SecretList; topLevel?: WranglerEnvironment } = {}
) {
  return preflightProblems({
    environment: options.environment ?? 'production',
    config,
    topLevel: options.topLevel ?? TOP_LEVEL,
    secrets: options.secrets ?? ALL_SECRETS,
  })
}

const namesOf = (problems: ReadonlyArray<{ name: string }>) => problems.map(({ name }) => name)
const textOf = (problems: ReadonlyArray<{ problem: string }>) =>
  problems.map(({ problem }) => problem).join('\n')

/** The configured production environment with some vars changed. */
function productionWith(vars: Record<string, string>): WranglerEnvironment {
  const config = configuredProduction()
  return { ...config, vars: { ...config.vars, ...vars } }
}

describe('the deploy preflight', () => {
  it('passes a fully configured production environment with every secret set', () => {
    expect(problemsOf(configuredProduction())).toEqual([])
  })

  it('passes a fully configured staging environment on the gateways’ sandboxes', () => {
    expect(problemsOf(configuredStaging(), { environment: 'staging' })).toEqual([])
  })

  it('refuses the environment as wrangler.toml commits it, naming every placeholder, empty id and secret', () => {
    // [env.production] of the committed wrangler.toml, as unstable_readConfig resolves it.
    const committed: WranglerEnvironment = {
      ...configuredProduction(),
      routes: [{ pattern: '*/*', zone_id: ZEROS_HEX }],
      vars: {
        ...configuredProduction().vars,
        REALEX_MERCHANT_ID: '',
        APPLE_PAY_MERCHANT_ID: '',
        GOOGLE_PAY_MERCHANT_ID: '',
        CLOUDFLARE_ZONE_ID: '',
        MAP_TILES_URL: '',
        MAP_TILES_ATTRIBUTION: '',
        TURNSTILE_SITE_KEY: '',
        MESSAGING_API_URL: '',
        GOOGLE_CLIENT_ID: '',
      },
      d1_databases: configuredProduction().d1_databases.map((database) => ({
        ...database,
        database_id: ZEROS_UUID,
      })),
      kv_namespaces: [{ binding: 'CACHE', id: ZEROS_HEX }],
      mtls_certificates: [],
    }
    const problems = problemsOf(committed, { secrets: { listed: true, names: [] } })
    expect(namesOf(problems)).toEqual([
      'DB',
      'SHARD_2',
      'DIRECTORY',
      'CACHE',
      'routes',
      'REALEX_MERCHANT_ID',
      'REALEX_SHARED_SECRET',
      'REALEX_REBATE_PASSWORD',
      'GEOCODER_API_KEY',
      'CLOUDFLARE_ZONE_ID',
      'CLOUDFLARE_API_TOKEN',
      'MAP_TILES_URL',
      'TURNSTILE_SITE_KEY',
      'TURNSTILE_SECRET_KEY',
      'MESSAGING_API_URL',
      'MESSAGING_API_KEY',
      'ITERABLE_API_KEY',
      'SESSION_SECRET',
      'AUTH_PEPPER',
    ])
  })

  describe('APP_ENV', () => {
    it('must be the environment’s own: a development APP_ENV cannot switch the checks off', () => {
      const problems = problemsOf(
        productionWith({ APP_ENV: 'development', CLOCK_NOW: '2027-01-01T00:00:00Z' })
      )
      expect(namesOf(problems)).toEqual(['APP_ENV', 'CLOCK_NOW'])
      expect(problems[0]?.problem).toBe(
        'APP_ENV is "development" in [env.production.vars]; it must be "production", which is what the Worker checks its configuration against'
      )
    })

    it('refuses a staging APP_ENV deployed as production (staging allows sandbox payments)', () => {
      const problems = problemsOf(productionWith({ APP_ENV: 'staging', PAYMENTS_MODE: 'sandbox' }))
      expect(namesOf(problems)).toEqual(['APP_ENV', 'PAYMENTS_MODE'])
    })
  })

  describe('D1 databases', () => {
    const withDatabase = (database: {
      binding: string
      database_name?: string
      database_id?: string
    }) => {
      const config = configuredProduction()
      const others = config.d1_databases.filter(({ binding }) => binding !== database.binding)
      return { ...config, d1_databases: [{ ...database, migrations_dir: 'migrations' }, ...others] }
    }

    it.each([
      ['zeros, as wrangler.toml commits it', ZEROS_UUID, `"${ZEROS_UUID}" is a placeholder`],
      ['empty', '', 'is missing'],
      [
        'made up',
        '12345678-1234-1234-1234-123456789012',
        '"12345678-1234-1234-1234-123456789012" is a placeholder',
      ],
      [
        'a name where the id goes',
        'storefront-production',
        '"storefront-production" is not a UUID',
      ],
      ['the example text', '<id from d1 create>', '"<id from d1 create>" is a placeholder'],
    ])('refuses a database_id that is %s', (_, id, why) => {
      const problems = problemsOf(
        withDatabase({ binding: 'DB', database_name: 'storefront-production', database_id: id })
      )
      expect(namesOf(problems)).toEqual(['DB'])
      expect(problems[0]?.problem).toContain(
        `DB (D1 database storefront-production): database_id ${why}`
      )
      expect(problems[0]?.problem).toContain(
        'put the id `npx wrangler d1 create storefront-production` prints into [[env.production.d1_databases]]'
      )
    })

    it('refuses a database without an id or a name', () => {
      const problems = problemsOf(withDatabase({ binding: 'DB' }))
      expect(textOf(problems)).toBe(
        [
          'DB (D1 database): database_name is missing in [[env.production.d1_databases]]',
          'DB (D1 database): database_id is missing; put the id `npx wrangler d1 create <name>` prints into [[env.production.d1_databases]]',
        ].join('\n')
      )
    })

    it('refuses an environment without a shard or the directory, though the top level lacks it too', () => {
      const config = configuredProduction()
      const problems = problemsOf(
        { ...config, d1_databases: config.d1_databases.filter(({ binding }) => binding === 'DB') },
        { topLevel: { ...TOP_LEVEL, d1_databases: config.d1_databases.slice(0, 1) } }
      )
      expect(textOf(problems)).toBe(
        [
          'SHARD_2 (D1 database, a business shard) is missing in [[env.production.d1_databases]] of wrangler.toml; every environment binds every shard and the directory (ADR 047)',
          'DIRECTORY (D1 database, the directory of shards) is missing in [[env.production.d1_databases]] of wrangler.toml; every environment binds every shard and the directory (ADR 047)',
        ].join('\n')
      )
    })

    it('refuses two shards on one database, and a backend Worker on other databases', () => {
      const config = configuredProduction()
      const twice = config.d1_databases.map((database) =>
        database.binding === 'SHARD_2' ? { ...database, database_id: D1_ID } : database
      )
      const problems = preflightProblems({
        environment: 'production',
        config: { ...config, d1_databases: twice },
        topLevel: TOP_LEVEL,
        secrets: ALL_SECRETS,
        backend: {
          name: 'storefront-backend-production',
          placement: { mode: 'smart' },
          vars: config.vars,
          d1_databases: config.d1_databases,
        },
      })
      expect(textOf(problems)).toContain(
        `DB and SHARD_2 name the same database (database_id "${D1_ID}") in [[env.production.d1_databases]] of wrangler.toml; each shard and the directory is a database of its own`
      )
      expect(textOf(problems)).toContain(
        'SHARD_2 names another database in wrangler.backend.toml [env.production] than in wrangler.toml'
      )
    })
  })

  describe('KV namespaces', () => {
    it.each([
      ['zeros', ZEROS_HEX, `"${ZEROS_HEX}" is a placeholder`],
      ['empty', '', 'is missing'],
      ['x’s', 'x'.repeat(32), `"${'x'.repeat(32)}" is a placeholder`],
      [
        'made up',
        '0123456789abcdef0123456789abcdef',
        '"0123456789abcdef0123456789abcdef" is a placeholder',
      ],
      ['not a KV id', 'storefront-cache', '"storefront-cache" is not a 32-digit hex id'],
    ])('refuses an id that is %s', (_, id, why) => {
      const problems = problemsOf({
        ...configuredProduction(),
        kv_namespaces: [{ binding: 'CACHE', id }],
      })
      expect(namesOf(problems)).toEqual(['CACHE'])
      expect(problems[0]?.problem).toContain(`CACHE (KV namespace): id ${why}`)
      expect(problems[0]?.problem).toContain(
        '`npx wrangler kv namespace create CACHE --env production`'
      )
    })

    it('refuses a namespace without an id', () => {
      const problems = problemsOf({
        ...configuredProduction(),
        kv_namespaces: [{ binding: 'CACHE' }],
      })
      expect(problems[0]?.problem).toMatch(/^CACHE \(KV namespace\): id is missing;/)
    })
  })

  describe('R2 buckets', () => {
    it.each([
      ['missing', undefined, 'is missing'],
      ['empty', '', 'is missing'],
      ['a placeholder', '<bucket name>', '"<bucket name>" is a placeholder'],
      ['not an R2 name', 'Storefront_Media', '"Storefront_Media" is not an R2 bucket name'],
    ])('refuses a bucket_name that is %s', (_, bucketName, why) => {
      const config = configuredProduction()
      const problems = problemsOf({
        ...config,
        r2_buckets: [
          config.r2_buckets[0] ?? { binding: 'ATTACHMENTS' },
          bucketName === undefined
            ? { binding: 'MEDIA' }
            : { binding: 'MEDIA', bucket_name: bucketName },
        ],
      })
      expect(namesOf(problems)).toEqual(['MEDIA'])
      expect(problems[0]?.problem).toContain(`MEDIA (R2 bucket): bucket_name ${why}`)
    })
  })

  describe('bindings', () => {
    it('names each binding the top level has and the environment forgot (bindings are not inherited)', () => {
      const config = configuredProduction()
      const problems = problemsOf({
        ...config,
        r2_buckets: config.r2_buckets.filter(({ binding }) => binding !== 'ATTACHMENTS'),
        durable_objects: { bindings: [{ name: 'ORDER_BOARD' }, { name: 'DRIVER_SIMULATOR' }] },
        ratelimits: config.ratelimits.filter(({ name }) => name !== 'AUTH_LIMITER'),
      })
      expect(namesOf(problems)).toEqual(['ATTACHMENTS', 'ORDER_TRACKER', 'AUTH_LIMITER'])
      expect(problems[1]?.problem).toBe(
        'ORDER_TRACKER (durable_objects) is bound at the top level of wrangler.toml but not in [env.production]; bindings are not inherited, so the Worker would run without it'
      )
    })

    it('refuses an Apple Pay merchant id without its mTLS certificate bound', () => {
      const problems = problemsOf({ ...configuredProduction(), mtls_certificates: [] })
      expect(namesOf(problems)).toEqual(['APPLE_PAY_CERTIFICATE'])
    })

    it('refuses the certificate binding wrangler.toml shows as an example, uncommented as it stands', () => {
      const problems = problemsOf({
        ...configuredProduction(),
        mtls_certificates: [
          {
            binding: 'APPLE_PAY_CERTIFICATE',
            certificate_id: '<id printed by wrangler mtls-certificate upload>',
          },
        ],
      })
      expect(namesOf(problems)).toEqual(['APPLE_PAY_CERTIFICATE'])
      expect(problems[0]?.problem).toContain(
        'APPLE_PAY_CERTIFICATE (mTLS certificate): certificate_id'
      )
      expect(problems[0]?.problem).toContain('is a placeholder')
    })
  })

  describe('routes', () => {
    it('refuses an environment without routes: it would serve no domain', () => {
      const problems = problemsOf({ ...configuredProduction(), routes: [] })
      expect(textOf(problems)).toBe(
        `routes: [env.production] has none, so the Worker would answer on no domain; add routes = [{ pattern = "*/*", zone_id = "${ZONE_ID}" }]`
      )
    })

    it('refuses a placeholder zone id', () => {
      const problems = problemsOf({
        ...configuredProduction(),
        routes: [{ pattern: '*/*', zone_id: ZEROS_HEX }],
      })
      expect(namesOf(problems)).toEqual(['routes'])
      expect(problems[0]?.problem).toContain(`route "*/*": zone_id "${ZEROS_HEX}" is a placeholder`)
    })

    it('refuses a catch-all route on another zone than CLOUDFLARE_ZONE_ID, where brand domains are added', () => {
      const other = 'e4b1d6a39c7f4e2b8a5d0c9f3b7e1a62'
      const problems = problemsOf({
        ...configuredProduction(),
        routes: [{ pattern: '*/*', zone_id: other }],
      })
      expect(textOf(problems)).toBe(
        `route "*/*": zone_id "${other}" is not CLOUDFLARE_ZONE_ID "${ZONE_ID}", so brand domains added to that zone would not reach this Worker`
      )
    })

    it('refuses routes without the catch-all, which custom hostnames need', () => {
      const problems = problemsOf({
        ...configuredProduction(),
        routes: [{ pattern: 'shop.cornerfresh.co.uk/*', zone_id: ZONE_ID }],
      })
      expect(problems[0]?.problem).toMatch(/^routes: no "\*\/\*" route, so brand domains/)
    })
  })

  describe('providers and secrets (the configuration table)', () => {
    it('names every local or sandbox stand-in', () => {
      const problems = problemsOf(
        productionWith({
          PAYMENTS_MODE: 'sandbox',
          GEOCODER_PROVIDER: 'local',
          HOSTNAME_PROVIDER: 'local',
          ROBOT_CHECK_PROVIDER: 'local',
          MESSAGING_PROVIDER: 'local',
          MARKETING_PROVIDER: 'local',
          SOCIAL_SIGN_IN: 'sandbox',
        })
      )
      expect(namesOf(problems)).toEqual([
        'PAYMENTS_MODE',
        'GEOCODER_PROVIDER',
        'HOSTNAME_PROVIDER',
        'ROBOT_CHECK_PROVIDER',
        'MESSAGING_PROVIDER',
        'MARKETING_PROVIDER',
        'SOCIAL_SIGN_IN',
      ])
      expect(textOf(problems)).toContain(
        'GEOCODER_PROVIDER is "local", the local stand-in; production needs "ideal-postcodes"'
      )
    })

    it('names the sandbox card page an empty merchant id would stand up', () => {
      expect(namesOf(problemsOf(productionWith({ REALEX_MERCHANT_ID: '' })))).toEqual([
        'REALEX_MERCHANT_ID',
      ])
    })

    it('names each secret `wrangler secret list` does not list', () => {
      const listed = ALL_SECRETS.listed ? ALL_SECRETS.names : []
      for (const missing of [
        'SESSION_SECRET',
        'AUTH_PEPPER',
        'REALEX_REBATE_PASSWORD',
        'ITERABLE_API_KEY',
      ]) {
        const secrets: SecretList = {
          listed: true,
          names: listed.filter((name) => name !== missing),
        }
        expect(namesOf(problemsOf(configuredProduction(), { secrets }))).toEqual([missing])
      }
    })

    it('when the secrets cannot be listed, says so once and names the secrets it could not check', () => {
      const problems = problemsOf(productionWith({ TURNSTILE_SITE_KEY: '' }), {
        secrets: { listed: false, reason: 'Not logged in.' },
      })
      expect(namesOf(problems)).toEqual(['TURNSTILE_SITE_KEY', 'secrets'])
      expect(problems[1]?.problem).toBe(
        'secrets: `npx wrangler secret list --env production` failed (Not logged in.), so REALEX_SHARED_SECRET, REALEX_REBATE_PASSWORD, GEOCODER_API_KEY, CLOUDFLARE_API_TOKEN, TURNSTILE_SECRET_KEY, MESSAGING_API_KEY, ITERABLE_API_KEY, SESSION_SECRET, AUTH_PEPPER could not be checked; log in with `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) and put each secret with `npx wrangler secret put <NAME> --env production`'
      )
    })
  })

  it('prints each problem on its own line, under how many there are', () => {
    const problems = problemsOf({
      ...configuredProduction(),
      kv_namespaces: [{ binding: 'CACHE', id: ZEROS_HEX }],
      routes: [],
    })
    const lines = refusalText('production', problems).split('\n')
    expect(lines[0]).toBe(
      'deploy: refusing to deploy --env production: 2 problems. Nothing was built or deployed.'
    )
    expect(lines.slice(1, 3)).toEqual(problems.map(({ problem }) => `  - ${problem}`))
    expect(lines[1]).toMatch(/^ {2}- CACHE \(KV namespace\)/)
    expect(lines[2]).toMatch(/^ {2}- routes: /)
    expect(lines[3]).toContain('npx wrangler secret put <NAME> --env production')
    expect(lines).toHaveLength(4)
  })
})

describe('made-up Cloudflare ids', () => {
  it('tells a random id from zeros, repeats and counting', () => {
    for (const real of [D1_ID, KV_ID, ZONE_ID, CERTIFICATE_ID]) expect(isMadeUpId(real)).toBe(false)
    for (const fake of [
      ZEROS_UUID,
      'abababababababababababababababab',
      '12345678-1234-1234-1234-123456789012',
    ]) {
      expect(isMadeUpId(fake)).toBe(true)
    }
  })
})
