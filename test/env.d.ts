import type { D1Migration } from '@cloudflare/vitest-plugin'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: Array<D1Migration>
      /** migrations-directory/, for the directory of shards (ADR 047). */
      TEST_DIRECTORY_MIGRATIONS: Array<D1Migration>
      /** The instant every test starts at (test/setup/pin-clock.ts). */
      TEST_NOW: string
      /** wrangler.toml's [env.production] vars, as wrangler reads them (test/support/workers/production-env.ts). */
      PRODUCTION_VARS: Record<string, string>
      /** wrangler.toml's production services and wrangler.backend.toml's production Worker. */
      PRODUCTION_PLACEMENT: {
        services: Array<{ binding: string; service?: string }>
        /** Its cron and queues (ADR 046: both the backend Worker's). */
        triggers: { crons?: Array<string> }
        queues: {
          producers?: Array<{ binding: string; queue: string }>
          consumers?: Array<{ queue: string; dead_letter_queue?: string }>
        }
        backend: {
          name?: string
          placement?: { mode?: string }
          vars: Record<string, unknown>
          triggers: { crons?: Array<string> }
          queues: {
            producers?: Array<{ binding: string; queue: string }>
            consumers?: Array<{ queue: string; dead_letter_queue?: string }>
          }
        }
      }
      /** The backend Worker's entrypoint behind a service binding (test/vitest.config.ts). */
      PLACED_BACKEND: Fetcher
    }
  }
}
