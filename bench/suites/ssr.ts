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
  /**
   * A public page measured from the page cache ('hit': the same address every time) or rendered
   * ('miss': each request its own query). Checked on one answer before the row (ADR 042).
   */
  cache?: 'hit' | 'miss'
}

/** Stops the run when the page does not answer from (or past) the page cache as the row says. */
export async function expectCacheState(url: string, state: 'hit' | 'miss'): Promise<void> {
  const unique = () => `${url}${url.includes('?') ? '&' : '?'}bench-probe=${crypto.randomUUID()}`
  await (await fetch(state === 'miss' ? unique() : url)).arrayBuffer()
  const again = await fetch(state === 'miss' ? unique() : url)
  await again.arrayBuffer()
  const said = again.headers.get('x-cache')
  if (said !== state) throw new Error(`${url}: expected x-cache ${state}, the page said ${said}`)
}

interface Row {
  label: string
  connections: number
  figures: LoadFigures
}

/**
 * SSR throughput and latency at 1 and 10 connections, each page beside the baselines (public pages
 * twice: from the page cache and rendered): a column of
 * ratios per baseline (the bare hello world first, the figure the goals name). A row whose answers
 * are not its expected status stops the run (bench/lib/expect-status.ts).
 */
export async function runSsrSuite(
  targets: Array<SsrTarget>,
  baselines: Array<SsrTarget>,
  options: { seconds: number; warmupSeconds: number }
): Promise<void> {
  const rows: Array<Row> = []
  for (const connections of [1, 10]) {
    for (const target of [...baselines, ...targets]) {
      const url = new URL(target.path, target.server.origin).href
      if (target.cache) await expectCacheState(url, target.cache)
      const figures = await measure(
        url,
        connections,
        options.seconds,
        options.warmupSeconds,
        target.headers,
        target.status ?? 200,
        target.cache === 'miss'
      )
      rows.push({ label: target.label, connections, figures })
    }
  }
  console.log(
    `\nSSR throughput (${options.seconds} s per row after ${options.warmupSeconds} s warm-up)`
  )
  const ratioHeads = baselines.map((baseline) => `÷ ${baseline.label}`)
  const widths = [44, 8, 10, 10, 10, 10, 10, ...ratioHeads.map((head) => head.length + 3)]
  const line = (cells: Array<string>) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)
      )
      .join('')
  console.log(
    line(['page', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', ...ratioHeads])
  )
  for (const row of rows) {
    const ratios = baselines.map((baseline) => {
      const base = rows.find(
        (other) => other.label === baseline.label && other.connections === row.connections
      )
      return base ? row.figures.requestsPerSecond / base.figures.requestsPerSecond : NaN
    })
    console.log(
      line([
        row.label,
        String(row.connections),
        row.figures.requestsPerSecond.toFixed(0),
        String(row.figures.p50),
        String(row.figures.p99),
        String(row.figures.non2xx),
        String(row.figures.errors),
        ...ratios.map((ratio) => ratio.toFixed(3)),
      ])
    )
  }
}
