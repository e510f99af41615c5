import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { unstable_readConfig } from 'wrangler'
import { clientAssets } from '../scripts/vite-client-assets.ts'
import { testNow } from './support/test-clock.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`)
  // The production environment's vars as wrangler resolves them, for the fail-closed tests.
  const production = unstable_readConfig({ config: `${root}/wrangler.toml`, env: 'production' })
  return {
    root,
    plugins: [
      clientAssets(),
      cloudflareTest({
        main: `${root}/worker/index.ts`,
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          // Test-only secrets, so the pool behaves the same with or without a local .dev.vars
          // (CI has none).
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The instant tests run at (test/setup/pin-clock.ts); TEST_NOW moves it.
            TEST_NOW: testNow(process.env.TEST_NOW),
            PRODUCTION_VARS: { ...production.vars },
            APP_ENV: 'test',
            SESSION_SECRET: 'test-session-secret-0123456789abcdefghijklmnopqrstuv',
            AUTH_PEPPER: 'test-auth-pepper-0123456789abcdefghijklmnopqrstuvwxyz',
            REALEX_SHARED_SECRET: 'test-realex-shared-secret-0123456789abcdefghijkl',
          },
        },
      }),
    ],
    test: {
      include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup/apply-migrations.ts', 'test/setup/pin-clock.ts'],
    },
  }
})
