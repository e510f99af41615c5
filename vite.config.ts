import { cloudflare } from '@cloudflare/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { devCron } from './scripts/vite-dev-cron.ts'
import { previewCompression } from './scripts/preview-compression.ts'
import { inlineClientMessages } from './scripts/vite-inline-messages.ts'
import {
  CLIENT_ENTRY,
  CLIENT_HEADER_BASKET,
  CLIENT_OUT_DIR,
  CLIENT_STYLES,
  clientAssets,
} from './scripts/vite-client-assets.ts'

export default defineConfig({
  plugins: [
    cloudflare({
      persistState: process.env.STOREFRONT_STATE_DIR
        ? { path: process.env.STOREFRONT_STATE_DIR }
        : true,
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
          // record check) come as one chunk, so a page without islands makes two requests.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'basket-summary',
                  test: /client[\\/]lib[\\/](basket-summary|is-record)\.ts$/,
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
