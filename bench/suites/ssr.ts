import { measure, type LoadFigures } from '../lib/load.ts'
import type { RunningServer } from '../lib/server.ts'

export interface SsrTarget {
  label: string
  server: RunningServer
  path: string
  /** E.g. the cookie of a basket, for a personal page. */
  headers?: Record<string, string>
  /** The status every answer must have (default 200); any other stops the run. */
  status?: number
}

interface Row {
  label: string
  connections: number
  figures: LoadFigures
}

/**
 * SSR throughput and latency at 1 and 10 connections, each page beside the hello-world baseline.
 * A row whose answers are not its expected status stops the run (bench/lib/expect-status.ts).
 */
export async function runSsrSuite(
  targets: Array<SsrTarget>,
  baseline: SsrTarget,
  options: { seconds: number; warmupSeconds: number }
): Promise<void> {
  const rows: Array<Row> = []
  for (const connections of [1, 10]) {
    for (const target of [baseline, ...targets]) {
      const url = new URL(target.path, target.server.origin).href
      const figures = await measure(
        url,
        connections,
        options.seconds,
        options.warmupSeconds,
        target.headers,
        target.status ?? 200
      )
      rows.push({ label: target.label, connections, figures })
    }
  }
  console.log(
    `\nSSR throughput (${options.seconds} s per row after ${options.warmupSeconds} s warm-up)`
  )
  console.log(
    ['page', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'ratio to hello']
      .map((cell, index) => (index === 0 ? cell.padEnd(40) : cell.padStart(index === 7 ? 16 : 10)))
      .join('')
  )
  for (const row of rows) {
    const hello = rows.find(
      (other) => other.label === baseline.label && other.connections === row.connections
    )
    const ratio = hello ? row.figures.requestsPerSecond / hello.figures.requestsPerSecond : NaN
    console.log(
      [
        row.label.padEnd(40),
        String(row.connections).padStart(10),
        row.figures.requestsPerSecond.toFixed(0).padStart(10),
        String(row.figures.p50).padStart(10),
        String(row.figures.p99).padStart(10),
        String(row.figures.non2xx).padStart(10),
        String(row.figures.errors).padStart(10),
        ratio.toFixed(3).padStart(16),
      ].join('')
    )
  }
}
