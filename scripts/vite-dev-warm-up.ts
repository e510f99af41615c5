import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin, ViteDevServer } from 'vite'

/*
 * The first requests after `npm run dev`. The backend Worker (vite.config.ts auxiliaryWorkers,
 * ADR 046) loads its modules through Vite on its first call, which on a cold start takes longer
 * than the storefront's 4 s backend timeout (spec §9), so the first pages answered 504. Raising
 * the timeout would hide a slow backend everywhere else. Instead the dev server warms the
 * backend as it starts: it asks the storefront for the backend's development clock (an API call
 * the storefront always passes to the backend, never cached, unlike a page, which may render from
 * KV without calling it) until the backend answers, and holds every other request until then, so
 * the first page a developer opens waits for the backend instead of failing.
 */

/** Marks the warm-up's own requests, which the gate lets through. */
export const WARM_UP_HEADER = 'x-storefront-warm-up'

/** Cheap, never cached, always answered by the backend (worker/backend/development/routes.ts). */
export const WARM_UP_PATH = '/api/dev/clock'

export interface WarmUpOptions {
  /** One request through the storefront to the backend; its status, or a throw when refused. */
  request: () => Promise<number>
  /** How long to keep trying before letting requests through anyway. */
  deadlineMs: number
  /** The wait between tries (the server may not accept connections yet). */
  pauseMs: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/**
 * Asks until the backend answers within the timeout: true once an answer is not a server error
 * (a 504 is the storefront's timeout, a 502 a backend not there yet), false when the deadline
 * passed first.
 */
export async function warmUp(options: WarmUpOptions): Promise<boolean> {
  const now = options.now ?? Date.now
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const deadline = now() + options.deadlineMs
  while (now() < deadline) {
    try {
      if ((await options.request()) < 500) return true
    } catch {
      // not listening yet
    }
    await sleep(options.pauseMs)
  }
  return false
}

/** A gate: `pass` waits until it is opened (at once when open). */
export function gate(): { pass: () => Promise<void>; open: () => void } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { pass: () => opened, open: () => open() }
}

type Next = (error?: unknown) => void

/** Holds every request but the warm-up's own until the gate opens. */
export function holdUntilWarm(pass: () => Promise<void>) {
  return (request: IncomingMessage, _response: ServerResponse, next: Next): void => {
    if (request.headers[WARM_UP_HEADER] !== undefined) return next()
    pass().then(
      () => next(),
      (error: unknown) => next(error)
    )
  }
}

function serverOrigin(server: ViteDevServer): string | null {
  const local = server.resolvedUrls?.local[0]
  return local ? local.replace(/\/$/, '') : null
}

/** Warms the backend Worker as `vite dev` starts, holding requests until it answers. */
export function devWarmUp(): Plugin {
  return {
    name: 'storefront-dev-warm-up',
    apply: 'serve',
    configureServer(server) {
      if (process.env.STOREFRONT_DEV_WARM_UP === 'off') return
      const warm = gate()
      server.middlewares.use(holdUntilWarm(warm.pass))
      server.httpServer?.once('listening', () => {
        const started = Date.now()
        void warmUp({
          request: async () => {
            const origin = serverOrigin(server)
            if (!origin) throw new Error('not listening yet')
            const answer = await fetch(`${origin}${WARM_UP_PATH}`, {
              headers: { [WARM_UP_HEADER]: '1' },
            })
            await answer.arrayBuffer()
            return answer.status
          },
          deadlineMs: 180_000,
          pauseMs: 250,
        }).then((ready) => {
          warm.open()
          const seconds = ((Date.now() - started) / 1000).toFixed(1)
          server.config.logger.info(
            ready
              ? `warm-up: the backend answered after ${seconds} s`
              : `warm-up: the backend did not answer within ${seconds} s; serving anyway`
          )
        })
      })
    },
  }
}
