// What the API benchmarks (store search, catalogue search) share: a closed-loop POST load
// generator with a fresh body per request, the large-dataset builder, SQL read from the worker's
// source for EXPLAIN QUERY PLAN, and the table printer.
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expectStatus } from './expect-status.ts'
import { startWranglerDev, type RunningServer } from './server.ts'

export interface PostFigures {
  requestsPerSecond: number
  p50: number
  p95: number
  count: number
  non2xx: number
  /** The mean of `measure` over the 200 answers (e.g. stores per answer). */
  meanMeasure: number
}

/** A random element of a non-empty list. */
export function pick<T>(items: ReadonlyArray<T>): T {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

function percentile(sorted: ReadonlyArray<number>, p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/**
 * `connections` loops, each sending the next POST when the last answered, for `seconds`.
 * autocannon (bench/lib/load.ts) sends one fixed body and reports no p95; here every request has
 * its own body (so no answer comes from the proxy's KV cache) and latencies are kept whole.
 */
export async function postLoad(options: {
  url: string
  /** The body of the next request of connection `loop` (0 … connections − 1). */
  body: (loop: number) => unknown
  measure: (answer: unknown) => number
  connections: number
  seconds: number
  /** Extra headers of connection `loop`, e.g. its own basket cookie. */
  headers?: (loop: number) => Record<string, string>
}): Promise<PostFigures> {
  const latencies: Array<number> = []
  let non2xx = 0
  const statuses: Record<string, number> = {}
  let measured = 0
  const origin = new URL(options.url).origin
  const deadline = performance.now() + options.seconds * 1000
  const started = performance.now()
  const loop = async (index: number) => {
    const headers = { 'content-type': 'application/json', origin, ...options.headers?.(index) }
    while (performance.now() < deadline) {
      const body = JSON.stringify(options.body(index))
      const sent = performance.now()
      const res = await fetch(options.url, { method: 'POST', headers, body })
      const text = await res.text()
      latencies.push(performance.now() - sent)
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
      if (res.status !== 200) non2xx++
      else measured += options.measure(JSON.parse(text))
    }
  }
  await Promise.all(Array.from({ length: options.connections }, (_, index) => loop(index)))
  expectStatus(`POST ${options.url} (${options.connections} connections)`, statuses, 200)
  return figuresOf(latencies, (performance.now() - started) / 1000, non2xx, measured)
}

/**
 * The figures of a run from its latencies (sorted here), its length in seconds, how many answers
 * were not 200 and the sum of `measure` over the others (by default 1 each).
 */
export function figuresOf(
  latencies: Array<number>,
  elapsed: number,
  non2xx: number,
  measured: number = latencies.length - non2xx
): PostFigures {
  latencies.sort((a, b) => a - b)
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    count: latencies.length,
    non2xx,
    meanMeasure: measured / Math.max(1, latencies.length - non2xx),
  }
}

/** Builds a large dataset with scripts/generate-large.ts into a fresh state directory. */
export function buildLargeState(
  root: string,
  stateDir: string,
  size: { stores: number; items: number }
): void {
  const started = performance.now()
  // generate-large inserts rows; it needs a state of its own making, so start from nothing.
  rmSync(stateDir, { recursive: true, force: true })
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'scripts', 'generate-large.ts'),
      '--state-dir',
      stateDir,
      '--stores',
      String(size.stores),
      '--items',
      String(size.items),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } }
  )
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr)
    throw new Error('generate-large failed')
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `bench: ${size.stores.toLocaleString('en-GB')} stores and ${size.items.toLocaleString('en-GB')} items loaded in ${seconds} s`
  )
}

/**
 * A SQL constant as the worker runs it, read from its source files with its `${…}` parts filled
 * in (the worker's modules need Workers types this Node project does not load).
 */
export function workerSqlConstant(
  root: string,
  files: ReadonlyArray<string>,
  name: string
): string {
  const sources = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n')
  const constant = (wanted: string): string => {
    const match =
      new RegExp(`const ${wanted} = \`([^\`]*)\``).exec(sources) ??
      new RegExp(`const ${wanted} = '([^']*)'`).exec(sources)
    if (match?.[1] === undefined) throw new Error(`${wanted} not found in ${files.join(', ')}`)
    return match[1].replace(/\$\{(\w+)\}/g, (_, inner: string) => constant(inner))
  }
  return constant(name).replace(/\s+/g, ' ')
}

/**
 * A SQL constant exported by a worker module, imported as Node runs it (types stripped), for SQL
 * that code builds (such as the catalogue's item columns) and {@link workerSqlConstant} cannot
 * read from source. The path is not a literal, so this project does not type-check the module
 * (it needs the Workers types); the constant's type is checked here instead.
 */
export async function importedWorkerSql(root: string, file: string, name: string): Promise<string> {
  const sql = await importedWorkerExport(root, file, name)
  if (typeof sql !== 'string') throw new Error(`${name} is not a string exported by ${file}`)
  return sql
}

/**
 * Any export of a worker module as Node runs it (types stripped); the caller checks its shape, as
 * {@link importedWorkerSql} does, because this project does not type-check the module.
 */
export async function importedWorkerExport(
  root: string,
  file: string,
  name: string
): Promise<unknown> {
  const module = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>
  return module[name]
}

/** Prints a results table: a title, a header row and one row of cells per result. */
export function printTable(
  title: string,
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string>>
): void {
  // Columns are at least 12 wide (the first 20), and wide enough for their widest cell plus a gap.
  const widths = header.map((cell, index) =>
    Math.max(
      index === 0 ? 20 : 12,
      ...[cell, ...rows.map((row) => row[index] ?? '')].map((text) => text.length + 2)
    )
  )
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[0] ?? 20) : cell.padStart(widths[index] ?? 12)
      )
      .join('')
  console.log(`\n${title}`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))
}

/** The header of a table with one row per call and its figures at 1 and 8 connections. */
export const CALL_TABLE_HEADER = [
  'call',
  'c=1 req/s, p50/p95 ms',
  'c=8 req/s, p50/p95 ms',
  'non-2xx (c=1 / c=8)',
] as const

/** A row of that table: req/s and p50/p95 at each connection count, then the non-2xx counts. */
export function callRow(call: string, figures: ReadonlyArray<PostFigures>): Array<string> {
  return [
    call,
    ...figures.map(
      (f) => `${f.requestsPerSecond.toFixed(0)}, ${f.p50.toFixed(1)}/${f.p95.toFixed(1)}`
    ),
    figures.map((f) => String(f.non2xx)).join(' / '),
  ]
}

/**
 * Prints the rows of {@link loadDatasets}: a row per dataset, mode and connection count, with the
 * mean measure (`measureHeading`) to `measureDigits` decimals.
 */
export function printLoadRows<M extends string>(
  title: string,
  headings: { mode: string; measure: string; measureDigits: number },
  rows: ReadonlyArray<PostLoadRow<M>>
): void {
  printTable(
    title,
    [
      'dataset',
      headings.mode,
      'conns',
      'req/s',
      'p50 ms',
      'p95 ms',
      'requests',
      'non-200',
      headings.measure,
    ],
    rows.map(({ label, mode, connections, figures }) => [
      label,
      mode,
      String(connections),
      figures.requestsPerSecond.toFixed(0),
      figures.p50.toFixed(1),
      figures.p95.toFixed(1),
      String(figures.count),
      String(figures.non2xx),
      figures.meanMeasure.toFixed(headings.measureDigits),
    ])
  )
}

/** One row of an API benchmark: a dataset, a kind of request and a connection count. */
export interface PostLoadRow<M extends string> {
  label: string
  mode: M
  connections: number
  figures: PostFigures
}

/**
 * Serves each dataset with `wrangler dev` in turn and loads `path` with every mode at 1 and 8
 * connections (after a warm-up), returning one row per run.
 */
export async function loadDatasets<M extends string>(options: {
  name: string
  configPath: string
  datasets: ReadonlyArray<{ label: string; stateDir: string; port: number }>
  path: string
  modes: ReadonlyArray<M>
  body: (mode: M) => unknown
  measure: (answer: unknown) => number
  seconds: number
  warmupSeconds: number
}): Promise<Array<PostLoadRow<M>>> {
  const rows: Array<PostLoadRow<M>> = []
  for (const dataset of options.datasets) {
    let server: RunningServer | null = null
    try {
      server = await startWranglerDev({
        name: `${options.name} ${dataset.label}`,
        configPath: options.configPath,
        port: dataset.port,
        persistTo: dataset.stateDir,
      })
      const url = `${server.origin}${options.path}`
      for (const mode of options.modes) {
        for (const connections of [1, 8]) {
          const run = (seconds: number) =>
            postLoad({
              url,
              body: () => options.body(mode),
              measure: options.measure,
              connections,
              seconds,
            })
          if (options.warmupSeconds > 0) await run(options.warmupSeconds)
          rows.push({
            label: dataset.label,
            mode,
            connections,
            figures: await run(options.seconds),
          })
        }
      }
    } finally {
      await server?.stop()
    }
  }
  return rows
}
