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
  expectedStatus = 200
): Promise<LoadFigures> {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers })
  const result = await autocannon({ url, connections, duration: seconds, headers })
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
