// `npm run shard:move -- <businessId> <DB|SHARD_n> [--local|--remote] [--env <name>]` (ADR 047):
// moves a business to another shard with worker/backend/directory/move-repo.ts, the code the pool
// tests run. The directory marks it moving first, so the backend refuses its writes and serves
// its reads; after --settle seconds (30: calls already under way end) its rows are copied,
// counted and checksummed on both sides, the directory switched and the old shard's rows deleted.
// A refusal or a failure changes nothing and clears the mark. Local: the databases of
// `npm run dev` (stop it first: one process at a time writes them); --remote: the environment's
// on Cloudflare, through wrangler's remote bindings (`npx wrangler login` first).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import { getPlatformProxy, unstable_readConfig } from 'wrangler'
import { MoveRefused, moveBusiness } from '../worker/backend/directory/move-repo.ts'
import { DIRECTORY_BINDING } from './deploy/shard-databases.ts'
import type { WranglerEnvironment } from './deploy/wrangler-environment.ts'
import { type MoveArguments, USAGE, parseMoveArguments } from './shard-move/arguments.ts'
import { PROJECT_ROOT, stateDirectory } from './lib/wrangler.ts'

/** What the move takes: D1 bindings, as wrangler's platform proxy gives them. */
type Move = Parameters<typeof moveBusiness>[0]

/** The configuration's D1 databases, each marked remote for --remote, in a config of their own. */
function remoteConfig(env: string | null): { path: string; done: () => void } {
  const config = unstable_readConfig({
    config: resolve(PROJECT_ROOT, 'wrangler.toml'),
    ...(env ? { env } : {}),
  })
  const scratch = mkdtempSync(join(tmpdir(), 'storefront-shard-move-'))
  const path = join(scratch, 'wrangler.json')
  const databases: WranglerEnvironment['d1_databases'] = config.d1_databases
  const d1Databases = databases.map((database) => ({
    binding: database.binding,
    database_name: database.database_name,
    database_id: database.database_id,
    remote: true,
  }))
  writeFileSync(
    path,
    JSON.stringify({
      name: 'storefront-shard-move',
      compatibility_date: config.compatibility_date,
      d1_databases: d1Databases,
    })
  )
  return { path, done: () => rmSync(scratch, { recursive: true, force: true }) }
}

async function run(move: MoveArguments): Promise<void> {
  const remote = move.remote ? remoteConfig(move.env) : null
  const proxy = await getPlatformProxy<Record<string, unknown>>(
    remote
      ? { configPath: remote.path, remoteBindings: true }
      : {
          configPath: resolve(PROJECT_ROOT, 'wrangler.toml'),
          ...(move.env ? { environment: move.env } : {}),
          persist: { path: join(stateDirectory(), 'v3') },
          remoteBindings: false,
        }
  )
  try {
    const bindings = proxy.env
    const directory = bindings[DIRECTORY_BINDING] as Move['directory'] | undefined
    if (!directory) throw new MoveRefused('This configuration has no directory of shards')
    const shards = Object.fromEntries(
      Object.entries(bindings).filter(
        ([name]) => name !== DIRECTORY_BINDING && /^(DB|SHARD_\d+)$/.test(name)
      )
    ) as Move['shards']
    const where = move.remote ? `remote${move.env ? ` --env ${move.env}` : ''}` : 'local'
    console.log(`shard:move: business ${move.businessId} to ${move.to} (${where})`)
    const report = await moveBusiness({
      directory,
      shards,
      businessId: move.businessId,
      to: move.to,
      settle: async () => {
        console.log(
          `shard:move: its writes are refused; waiting ${move.settleSeconds} s for calls under way`
        )
        await wait(move.settleSeconds * 1000)
      },
    })
    for (const table of report.tables) {
      if (table.rows > 0)
        console.log(`  ${table.table}: ${table.rows} rows, sha-256 ${table.checksum}`)
    }
    console.log(
      `shard:move: business ${report.businessId} moved from ${report.from} to ${report.to}`
    )
  } finally {
    await proxy.dispose()
    remote?.done()
  }
}

const parsed = parseMoveArguments(process.argv.slice(2))
if (!parsed.ok) {
  console.error(`${parsed.errors.map((error) => `shard:move: ${error}`).join('\n')}\n${USAGE}`)
  process.exitCode = 2
} else {
  await run(parsed.move).catch((error: unknown) => {
    console.error(
      error instanceof MoveRefused
        ? `shard:move: refused, nothing changed: ${error.message}`
        : `shard:move: ${String(error)}`
    )
    process.exitCode = 1
  })
}
