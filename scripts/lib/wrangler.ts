import { resolve } from 'node:path'
import { type D1Target, d1TargetArgs } from './d1-target.ts'
import { PROJECT_ROOT, runTool } from './run-tool.ts'

export { PROJECT_ROOT }

/**
 * The local persistence root shared with vite dev/preview (vite.config.ts `persistState`):
 * `STOREFRONT_STATE_DIR` when set, else `.wrangler/state`, relative to the project root. Wrangler
 * and the plugin both add `v3` under it, so they share files.
 */
export function stateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(PROJECT_ROOT, env.STOREFRONT_STATE_DIR || '.wrangler/state')
}

/**
 * Environment that turns off wrangler's and the Vite plugin's local-development extras for
 * measured and tested servers: the local trace collector (every request and every binding call
 * streamed as spans to a SQLite store, which measured here cost more than hello world itself) and
 * the local explorer. Production has neither; `npm run dev` keeps both for people to look at.
 */
export const UNTRACED_LOCAL_RUNTIME_ENV = {
  X_LOCAL_OBSERVABILITY: 'false',
  X_LOCAL_EXPLORER: 'false',
} as const

/**
 * Runs the project's wrangler (scripts/lib/run-tool.ts, never asking: CI=1) and returns its
 * stdout; on failure prints wrangler's output and throws.
 */
export function runWrangler(args: Array<string>): string {
  const run = runTool({ tool: 'wrangler', args, env: { CI: '1' } }, 'capture')
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}\n`)
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed`)
  }
  return run.stdout
}

export { type D1Target, d1TargetArgs } from './d1-target.ts'

/**
 * Runs one SQL statement against a D1 database (DB unless another binding is named) and returns
 * its rows. Wrangler may print notices before the JSON, so parsing starts at the first `[`.
 */
export function queryD1(
  target: D1Target,
  sql: string,
  binding = 'DB'
): Array<Record<string, unknown>> {
  const out = runWrangler([
    'd1',
    'execute',
    binding,
    ...d1TargetArgs(target),
    '--json',
    '--command',
    sql,
  ])
  const parsed: unknown = JSON.parse(out.slice(out.indexOf('[')))
  const results: unknown = Array.isArray(parsed) ? parsed[0]?.results : undefined
  if (!Array.isArray(results)) throw new Error(`Unexpected answer from wrangler: ${out}`)
  return results as Array<Record<string, unknown>>
}

/** {@link queryD1} on the local database persisted under `persistTo`. */
export function queryLocalD1(persistTo: string, sql: string): Array<Record<string, unknown>> {
  return queryD1({ remote: false, persistTo }, sql)
}

/**
 * Runs an SQL file against a D1 database, DB unless another binding is named (the directory of
 * shards, ADR 047). `--yes`: no question asked before a remote import.
 */
export function executeD1File(target: D1Target, file: string, binding = 'DB'): string {
  return runWrangler(['d1', 'execute', binding, ...d1TargetArgs(target), '--file', file, '--yes'])
}
