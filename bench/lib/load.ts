import autocannon from 'autocannon'
import { expectStatus } from './expect-status.ts'

export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/**
 * autocannon protocol of shared/reference/performance.md: warm up, then measure for `seconds`.
 * Throws when any measured answer is not `expectedStatus` (bench/lib/expect-status.ts).
 */
export async function measure(
  url: string,
  connections: number,
  seconds: number,
  warmupSeconds: number,
  headers: Record<string, string> = {},
  expectedStatus = 200,
  uniqueQuery = false
): Promise<LoadFigures> {
  // Each request its own address (`bench-miss=<n>` added to the query): never one the page cache
  // has kept, so every answer is a render (ADR 042).
  // Unique across rows and runs too: an address an earlier row used would be kept by now.
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  let sent = 0
  const requests = uniqueQuery
    ? [
        {
          setupRequest: (request: autocannon.Request): autocannon.Request => {
            sent += 1
            const path = request.path ?? '/'
            const separator = path.includes('?') ? '&' : '?'
            return { ...request, path: `${path}${separator}bench-miss=${run}-${sent}` }
          },
        },
      ]
    : undefined
  const load = (duration: number) =>
    autocannon({ url, connections, duration, headers, ...(requests ? { requests } : {}) })
  if (warmupSeconds > 0) await load(warmupSeconds)
  const result = await load(seconds)
  expectStatus(
    `${url} (${connections} connections)`,
    Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
        status,
        stats.count ?? 0,
      ])
    ),
    expectedStatus,
    result.errors
  )
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}
