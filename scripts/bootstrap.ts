// `npm run bootstrap`: the first business, brand, host, store and operator of a deployment, and the
// reference data the shop needs, written through `wrangler d1 execute` (the local database by
// default, the remote one only with --remote). Not the demo loader: no catalogue, no passwords;
// the operator gets an invitation link instead. See scripts/bootstrap/ for the parts:
//
//   input.ts   flags and --file, checked in full before anything is read or written
//   state.ts   one query: what the database already holds, by natural keys
//   plan.ts    what to create, what is there, what is refused
//   sql.ts     the writes, each guarded by its natural key, so a second run changes nothing
//   report.ts  what is printed
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { unstable_readConfig } from 'wrangler'
import {
  type BootstrapInput,
  invitationLink,
  mergeFile,
  parseArgv,
  validateInput,
} from './bootstrap/input.ts'
import { planBootstrap, planChanges } from './bootstrap/plan.ts'
import {
  inputErrorsText,
  nextStepsText,
  planText,
  refusalsText,
  USAGE,
} from './bootstrap/report.ts'
import { bootstrapSql, invitationExpiry } from './bootstrap/sql.ts'
import {
  directorySql,
  largestBusinessIdSql,
  newBusinessId,
  placedBrandSql,
  shardForBootstrapSql,
} from './bootstrap/directory.ts'
import { DIRECTORY_BINDING } from './deploy/shard-databases.ts'
import { databaseBindings } from './migrate-databases.ts'
import { parseSnapshot, snapshotSql } from './bootstrap/state.ts'
import { parseCsv } from './lib/csv.ts'
import { COUNTRIES, type OutcodeRow, outcodeRows } from './lib/reference-data.ts'
import {
  type D1Target,
  executeD1File,
  PROJECT_ROOT,
  queryD1,
  stateDirectory,
} from './lib/wrangler.ts'

function readInput(outcodes: ReadonlyArray<OutcodeRow>): BootstrapInput {
  const argv = parseArgv(process.argv.slice(2))
  if (argv.values.help === true) {
    console.log(USAGE)
    process.exit(0)
  }
  let { values, errors } = argv
  const file = typeof values.file === 'string' ? values.file : null
  if (file !== null) {
    let json: unknown
    try {
      json = JSON.parse(readFileSync(resolve(file), 'utf8'))
    } catch (error) {
      errors = [...errors, { flag: file, message: `cannot be read as JSON: ${String(error)}` }]
    }
    if (json !== undefined) {
      const merged = mergeFile(file, json, values)
      values = merged.values
      errors = [...errors, ...merged.errors]
    }
  }
  const checked = validateInput(values, {
    outcodes: new Map(outcodes.map((row) => [row.outcode, row])),
    defaultStateDir: stateDirectory(),
  })
  const all = [...errors, ...(checked.ok ? [] : checked.errors)]
  if (all.length > 0 || !checked.ok) {
    console.error(inputErrorsText(all))
    process.exit(2)
  }
  return checked.input
}

/** HOSTNAME_PROVIDER and CLOUDFLARE_ZONE_ID of the environment, as the deployed worker reads them. */
function hostnameSettings(env: string): { provider: string; zoneId: string } {
  const config = unstable_readConfig({ config: join(PROJECT_ROOT, 'wrangler.toml'), env })
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  // The worker's own default (createHostnameProvisioner) when the variable is unset.
  return {
    provider: text(config.vars.HOSTNAME_PROVIDER) || 'local',
    zoneId: text(config.vars.CLOUDFLARE_ZONE_ID),
  }
}

function main(): void {
  const outcodes = outcodeRows(
    parseCsv(readFileSync(join(PROJECT_ROOT, 'data', 'uk-outcodes.csv'), 'utf8'))
  )
  const checked = readInput(outcodes)
  // A relative --state-dir is the project's, as wrangler (run from the project root) reads it.
  const input =
    checked.stateDir === null
      ? checked
      : { ...checked, stateDir: resolve(PROJECT_ROOT, checked.stateDir) }
  const target: D1Target =
    input.stateDir === null
      ? { env: input.env, remote: true }
      : { env: input.env, remote: false, persistTo: input.stateDir }
  const place =
    input.stateDir === null
      ? `the remote database of --env ${input.env}`
      : `the local database in ${join(input.stateDir, 'v3')} (--env ${input.env})`
  // Every shard and the directory (ADR 047), the local ones under the state directory given.
  const migrate =
    input.stateDir === null
      ? `npm run db:migrate:remote -- --env ${input.env}`
      : `STOREFRONT_STATE_DIR=${input.stateDir} npm run db:migrate:local -- --env ${input.env}`
  if (input.stateDir !== null && !existsSync(join(input.stateDir, 'v3', 'd1'))) {
    console.error(
      `There is no local database in ${input.stateDir}: migrate one first:\n  ${migrate}`
    )
    process.exit(1)
  }

  const { provider, zoneId } = hostnameSettings(input.env)
  // The directory of shards, where the environment has one (ADR 047): the business is written to
  // the shard it is on, a new one to the shard with the fewest businesses.
  const bindings = databaseBindings(input.env)
  const directory = bindings.includes(DIRECTORY_BINDING)
  const shards = bindings.filter((binding) => binding !== DIRECTORY_BINDING)
  let shard = 'DB'
  if (directory) {
    try {
      const placement = { host: input.host, businessId: input.business.id }
      const [row] = queryD1(target, shardForBootstrapSql(placement, shards), DIRECTORY_BINDING)
      if (typeof row?.shard === 'string') shard = row.shard
    } catch (error) {
      console.error(
        `Could not read the directory of ${place}. Are its migrations applied?\n  ${migrate}`
      )
      throw error
    }
  }
  const where = `${place}, shard ${shard}`
  const now = new Date()
  let rows: Array<Record<string, unknown>>
  try {
    rows = queryD1(
      target,
      snapshotSql(
        input,
        {
          countryCodes: COUNTRIES.map(([code]) => code),
          outcodes: outcodes.map((row) => row.outcode),
        },
        now
      ),
      shard
    )
  } catch (error) {
    console.error(`Could not read ${where}. Are its migrations applied?\n  ${migrate}`)
    throw error
  }
  const plan = planBootstrap(input, parseSnapshot(rows), { provider, outcodes: outcodes.length })
  console.log(planText(plan, where))
  if (plan.refusals.length > 0) {
    console.error(refusalsText(plan))
    process.exit(1)
  }
  const changes = planChanges(plan)
  if (input.dryRun) {
    console.log(changes ? 'Dry run: nothing was written.' : 'Nothing to change: it is all there.')
    return
  }

  // The token is the worker's kind (32 random bytes, base64url); only its SHA-256 is stored.
  const token = plan.invitation ? randomBytes(32).toString('base64url') : null
  const invitationTokenHash = token ? createHash('sha256').update(token).digest('hex') : null
  if (changes) {
    // A new business's id is unique across shards (a shard's own next id may be another's).
    const written =
      directory && plan.create.business && input.business.id === null
        ? {
            ...input,
            business: {
              ...input.business,
              id: newBusinessId(
                [...shards, DIRECTORY_BINDING].map(
                  (binding) => queryD1(target, largestBusinessIdSql, binding)[0]?.id
                )
              ),
            },
          }
        : input
    const statements = bootstrapSql(written, plan, { now, invitationTokenHash, outcodes })
    const scratch = mkdtempSync(join(tmpdir(), 'storefront-bootstrap-'))
    try {
      const file = join(scratch, 'bootstrap.sql')
      writeFileSync(file, `${statements.join('\n')}\n`)
      console.log(`Writing ${statements.length} statements to ${where}…`)
      executeD1File(target, file, shard)
      // The directory's rows: the business on the shard these statements wrote it to, its host,
      // which finds it there, and its brand's slug.
      if (directory) {
        const [placed] = queryD1(target, placedBrandSql(input.brand.slug), shard)
        if (placed) {
          const directoryFile = join(scratch, 'directory.sql')
          const placement = {
            businessId: Number(placed.business_id),
            brandId: Number(placed.brand_id),
            host: input.host,
            slug: input.brand.slug,
            shard,
          }
          writeFileSync(directoryFile, `${directorySql(placement).join('\n')}\n`)
          console.log(`Placing the business and ${input.host} in the directory…`)
          executeD1File(target, directoryFile, DIRECTORY_BINDING)
        }
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }
  console.log(
    nextStepsText(input, plan, {
      provider,
      zoneId,
      invitation: token
        ? { link: invitationLink(input.origin, token), expiresAt: invitationExpiry(now) }
        : null,
      wrote: changes,
    })
  )
}

main()
