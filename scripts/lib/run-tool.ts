import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'

/** The project root, whichever script imports this. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..')

/** A run of one of the project's own tools, with what it adds to the environment. */
export interface ToolCommand {
  tool: 'vite' | 'wrangler'
  args: ReadonlyArray<string>
  env: Readonly<Record<string, string>>
}

const BIN: Record<ToolCommand['tool'], string> = {
  vite: join('node_modules', 'vite', 'bin', 'vite.js'),
  wrangler: join('node_modules', 'wrangler', 'bin', 'wrangler.js'),
}

export interface ToolRun {
  status: number | null
  stdout: string
  stderr: string
  seconds: number
}

/**
 * Runs a project tool with the current Node (no npx lookup), from the project root. `inherit`
 * gives it the terminal, so wrangler can ask before it migrates; `capture` keeps its output and
 * gives it no input, so wrangler answers instead of asking.
 */
export function runTool(command: ToolCommand, output: 'inherit' | 'capture'): ToolRun {
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    [join(PROJECT_ROOT, BIN[command.tool]), ...command.args],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...command.env },
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }
  )
  return {
    status: run.error === undefined ? run.status : null,
    stdout: run.stdout ?? '',
    // A tool that could not start has no output of its own; the reason is the spawn error.
    stderr: [run.stderr ?? '', run.error?.message ?? ''].join('\n').trim(),
    seconds: (performance.now() - started) / 1000,
  }
}
