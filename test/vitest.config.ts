import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { clientAssets } from '../scripts/vite-client-assets.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}/migrations`)
  return {
    root,
    plugins: [
      clientAssets(),
      cloudflareTest({
        main: `${root}/worker/index.ts`,
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, APP_ENV: 'test' },
        },
      }),
    ],
    test: {
      include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.{ts,tsx}'],
      setupFiles: ['test/setup/apply-migrations.ts'],
    },
  }
})
