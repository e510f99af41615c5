import dns from 'node:dns'

/*
 * Browsers resolve every *.localhost name to the loopback address (the demo's second brand is
 * harbour.localhost); Node asks the system resolver, which here knows only `localhost`. The host
 * is what picks the brand (worker/middleware/brand.ts) and Node's fetch will not send another
 * Host header, so a bench that shops as a second brand resolves those names itself.
 */

type Lookup = typeof dns.lookup

let installed = false

/** From now on this process resolves `<name>.localhost` to 127.0.0.1, as a browser does. */
export function resolveLocalhostNames(): void {
  if (installed) return
  installed = true
  const system: Lookup = dns.lookup.bind(dns)
  const lookup = (hostname: string, options: unknown, callback?: unknown): void => {
    const done = (typeof options === 'function' ? options : callback) as (
      error: Error | null,
      address: string | Array<{ address: string; family: number }>,
      family?: number
    ) => void
    const settings = (typeof options === 'object' && options !== null ? options : {}) as {
      all?: boolean
    }
    if (!hostname.endsWith('.localhost')) {
      ;(system as (h: string, o: unknown, c: unknown) => void)(hostname, options, callback)
      return
    }
    if (settings.all) done(null, [{ address: '127.0.0.1', family: 4 }])
    else done(null, '127.0.0.1', 4)
  }
  dns.lookup = lookup as Lookup
}
