import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

/** The project root, whichever script imports this. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..')

/**
 * Runs the project's wrangler with the current Node (no npx lookup) and returns its stdout; on
 * failure prints wrangler's output and throws.
 */
export function runWrangler(args: Array<string>, options: { maxBufferMiB?: number } = {}): string {
  const run = spawnSync(
    process.execPath,
    [join(PROJECT_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), ...args],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      maxBuffer: (options.maxBufferMiB ?? 16) * 1024 * 1024,
      env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false' },
    }
  )
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr)
    throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed`)
  }
  return run.stdout
}
