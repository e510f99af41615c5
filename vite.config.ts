import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { unstable_readConfig } from 'wrangler'
import { devCron } from './scripts/vite-dev-cron.ts'
import { devWarmUp } from './scripts/vite-dev-warm-up.ts'
import { previewCompression } from './scripts/preview-compression.ts'
import { inlineClientMessages } from './scripts/vite-inline-messages.ts'
import {
  CLIENT_ENTRY,
  CLIENT_HEADER_BASKET,
  CLIENT_OUT_DIR,
  CLIENT_STYLES,
  clientAssets,
} from './scripts/vite-client-assets.ts'

/*
 * The backend runs as its own Worker beside the storefront (ADR 046, wrangler.backend.toml), and
 * the storefront reaches it through its BACKEND service binding, as deployed. Staging and
 * production name the binding in wrangler.toml; development (`npm run dev`, the journeys' build)
 * gets it here. STOREFRONT_BACKEND=in-process keeps the backend inside the storefront Worker
 * (the latency bench compares the two); it then consumes the effects queue itself, with the
 * backend Worker's consumers, since there is no backend Worker to.
 */
const BACKEND_CONFIG = './wrangler.backend.toml'
const backendInProcess = process.env.STOREFRONT_BACKEND === 'in-process'

function inProcessConsumers() {
  return unstable_readConfig({ config: BACKEND_CONFIG }, { hideWarnings: true }).queues.consumers
}

export default defineConfig({
  plugins: [
    // First, so its gate holds requests before the Cloudflare plugin's handler sees them: the
    // backend Worker's first call outlasts the 4 s backend timeout (scripts/vite-dev-warm-up.ts).
    devWarmUp(),
    cloudflare({
      persistState: process.env.STOREFRONT_STATE_DIR
        ? { path: process.env.STOREFRONT_STATE_DIR }
        : true,
      config: (config) => {
        const services = config.services ?? []
        if (backendInProcess)
          return { queues: { ...config.queues, consumers: inProcessConsumers() } }
        if (services.some(({ binding }) => binding === 'BACKEND')) return
        return { services: [...services, { binding: 'BACKEND', service: 'storefront-backend' }] }
      },
      auxiliaryWorkers: backendInProcess ? [] : [{ configPath: BACKEND_CONFIG }],
    }),
    tailwindcss(),
    clientAssets(),
    inlineClientMessages(),
    // The edge compresses scripts, styles and pages; `vite preview` (e2e, Lighthouse) does too.
    previewCompression(),
    // Cloudflare runs the cron deployed; `vite dev` needs it asked for (scripts/vite-dev-cron.ts).
    devCron(),
  ],
  environments: {
    client: {
      build: {
        outDir: CLIENT_OUT_DIR,
        manifest: true,
        rollupOptions: {
          input: [CLIENT_ENTRY, CLIENT_HEADER_BASKET, CLIENT_STYLES],
          // Every page loads the header basket script: its helpers (summary cookie, money format,
          // record check, the document's locale) come as one chunk, so a page without islands
          // makes two requests.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'basket-summary',
                  test: /client[\\/]lib[\\/](basket-summary|is-record|document-locale)\.ts$/,
                },
              ],
            },
          },
        },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      const { client, ...workers } = builder.environments
      if (client) await builder.build(client)
      for (const environment of Object.values(workers)) {
        if (environment.name !== 'ssr') await builder.build(environment)
      }
    },
  },
})
