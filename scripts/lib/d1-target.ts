/**
 * Which D1 database a command works on: the wrangler environment (`--env`, absent for the
 * top-level configuration), and either the local one persisted under `persistTo` or the remote.
 */
export type D1Target =
  { env?: string; remote: false; persistTo: string } | { env?: string; remote: true }

/** The wrangler arguments that pick the target. */
export function d1TargetArgs(target: D1Target): Array<string> {
  return [
    ...(target.env ? ['--env', target.env] : []),
    ...(target.remote ? ['--remote'] : ['--local', '--persist-to', target.persistTo]),
  ]
}
