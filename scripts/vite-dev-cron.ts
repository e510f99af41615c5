import type { Plugin, ViteDevServer } from 'vite'

/*
 * The cron under `vite dev`. Deployed, Cloudflare calls the backend Worker's scheduled handler on
 * the wrangler.backend.toml triggers (every minute: slot counts, the order accept window's alert
 * and auto-reject, owed voids; ADR 046). Miniflare under the Vite plugin never does by itself, so
 * a store left running with `npm run dev` never alerted or auto-rejected an order. This plugin
 * asks the plugin's own trigger route (`/cdn-cgi/handler/scheduled`) once a minute, as Cloudflare
 * would. The route reaches the entry Worker only, the storefront, which runs the same jobs in
 * process on the same local database (worker/index.ts).
 */

/** The schedule: every minute, like the only cron of wrangler.toml. */
export const DEV_CRON = '* * * * *'
const MINUTE_MS = 60_000

/** The dev server's trigger URL for one run of `cron`. */
export function scheduledTriggerUrl(origin: string, cron: string = DEV_CRON): string {
  return `${origin}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`
}

export interface CronDriver {
  stop: () => void
}

/**
 * Calls `trigger` at the start of every minute until stopped; a failed run is logged, never
 * thrown (the next minute tries again, as the platform would).
 */
export function startCronDriver(
  trigger: () => Promise<void>,
  log: (message: string) => void,
  timers: {
    now: () => number
    setTimeout: (run: () => void, ms: number) => unknown
    clearTimeout: (handle: unknown) => void
  } = {
    now: Date.now,
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
): CronDriver {
  let handle: unknown = null
  let stopped = false
  const schedule = () => {
    if (stopped) return
    const wait = MINUTE_MS - (timers.now() % MINUTE_MS)
    handle = timers.setTimeout(() => {
      trigger().then(
        () => schedule(),
        (error: unknown) => {
          log(`cron: the scheduled run failed: ${String(error)}`)
          schedule()
        }
      )
    }, wait)
  }
  schedule()
  return {
    stop: () => {
      stopped = true
      if (handle !== null) timers.clearTimeout(handle)
    },
  }
}

function serverOrigin(server: ViteDevServer): string | null {
  const local = server.resolvedUrls?.local[0]
  return local ? local.replace(/\/$/, '') : null
}

/** Runs the scheduled handler every minute while `vite dev` serves (not in builds or preview). */
export function devCron(): Plugin {
  return {
    name: 'storefront-dev-cron',
    apply: 'serve',
    configureServer(server) {
      if (process.env.STOREFRONT_DEV_CRON === 'off') return
      server.httpServer?.once('listening', () => {
        const driver = startCronDriver(
          async () => {
            const origin = serverOrigin(server)
            if (!origin) return
            const res = await fetch(scheduledTriggerUrl(origin))
            if (!res.ok) throw new Error(`HTTP ${res.status}`)
          },
          (message) => server.config.logger.warn(message)
        )
        server.httpServer?.once('close', () => driver.stop())
      })
    },
  }
}
