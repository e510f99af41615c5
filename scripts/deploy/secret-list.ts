import { jsonIn, wranglerFailure } from './wrangler-output.ts'

/**
 * What `wrangler secret list --env <env> --format json` told: the names of the secrets the
 * environment's Worker has (never their values), or why it could not tell.
 */
export type SecretList =
  { listed: true; names: ReadonlyArray<string> } | { listed: false; reason: string }

/** The secret list from the command's exit status and output. */
export function secretListFrom(run: {
  status: number | null
  stdout: string
  stderr: string
}): SecretList {
  if (run.status !== 0)
    return { listed: false, reason: wranglerFailure(`${run.stdout}\n${run.stderr}`) }
  const list = jsonIn(run.stdout, '[')
  if (!Array.isArray(list)) return { listed: false, reason: 'it printed no JSON list' }
  const names: Array<string> = []
  for (const entry of list) {
    const name: unknown =
      typeof entry === 'object' && entry !== null && 'name' in entry ? entry.name : undefined
    if (typeof name !== 'string')
      return { listed: false, reason: 'it printed a secret without a name' }
    names.push(name)
  }
  return { listed: true, names }
}
