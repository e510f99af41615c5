import { SHARD_BINDINGS } from '../deploy/shard-databases.ts'

/*
 * `npm run shard:move -- <businessId> <shard> [--local|--remote] [--env <name>] [--settle <s>]`
 * (ADR 047): which business, to which shard, of which databases. Read in full before anything
 * is opened; every mistake is named.
 */

export const USAGE =
  'npm run shard:move -- <businessId> <DB|SHARD_n> [--local|--remote] [--env <name>] [--settle <seconds>]'

export interface MoveArguments {
  businessId: number
  to: string
  /** --remote: the environment's databases on Cloudflare; else the local ones of `npm run dev`. */
  remote: boolean
  env: string | null
  /** How long the business's writes are refused before the copy, for calls already under way. */
  settleSeconds: number
}

/** The arguments, or every reason they are refused. */
export function parseMoveArguments(
  argv: ReadonlyArray<string>
): { ok: true; move: MoveArguments } | { ok: false; errors: Array<string> } {
  const errors: Array<string> = []
  const positional: Array<string> = []
  let local = false
  let remote = false
  let env: string | null = null
  let settleSeconds = 30
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? ''
    if (argument === '--local') local = true
    else if (argument === '--remote') remote = true
    else if (argument === '--env' || argument === '--settle') {
      const value = argv[index + 1]
      index++
      if (value === undefined || value.startsWith('-')) errors.push(`${argument} needs a value`)
      else if (argument === '--env') env = value
      else if (/^\d{1,3}$/.test(value)) settleSeconds = Number(value)
      else errors.push(`--settle "${value}" is not a number of seconds (0–999)`)
    } else if (argument.startsWith('-')) errors.push(`"${argument}" is not an option`)
    else positional.push(argument)
  }
  if (local && remote) errors.push('--local and --remote: say one')
  const [id, to, ...rest] = positional
  const businessId = /^[1-9]\d{0,14}$/.test(id ?? '') ? Number(id) : null
  if (businessId === null) errors.push(`"${id ?? ''}" is not a business id`)
  if (to === undefined || !SHARD_BINDINGS.includes(to)) {
    errors.push(`"${to ?? ''}" is not a shard; the shards are ${SHARD_BINDINGS.join(', ')}`)
  }
  if (rest.length > 0) errors.push(`"${rest.join(' ')}" is more than a business and a shard`)
  if (errors.length > 0 || businessId === null || to === undefined) return { ok: false, errors }
  return { ok: true, move: { businessId, to, remote, env, settleSeconds } }
}
