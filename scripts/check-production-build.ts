// `npm run check:production-build`: what CI can check of a production deploy without a Cloudflare
// account. Builds with wrangler.toml's [env.production] into the normal output (dist/) and has
// wrangler check the upload (`wrangler deploy --dry-run`): the Worker bundles, its bindings and
// Durable Object migrations validate, and the build is the production one. No preflight: the
// committed wrangler.toml holds placeholder ids by design, and CI can list no secrets. The same
// commands as `npm run deploy -- --env production --dry-run` (scripts/deploy/commands.ts). It does
// refuse a production without every shard and the directory (ADR 047): ids aside, that is wrong
// whatever an operator fills in.
// A later `vite build` (the e2e's) overwrites dist/ and .wrangler/deploy/config.json whole.
import { backendUploadCommand, buildCommand, shown, uploadCommand } from './deploy/commands.ts'
import { placedBackendProblems } from './deploy/placed-backend.ts'
import { environmentDatabaseProblems } from './deploy/shard-databases.ts'
import { readBackendWorkerEnvironment, readWranglerEnvironment } from './lib/wrangler-config.ts'
import { runTool } from './lib/run-tool.ts'

const ENVIRONMENT = 'production'

function check(): boolean {
  const started = performance.now()
  // Only the build's own CLOUDFLARE_ENV may pick the environment.
  delete process.env.CLOUDFLARE_ENV
  // The storefront reaches the backend Worker placed near the database, by its name (ADR 046).
  const storefront = readWranglerEnvironment(ENVIRONMENT)
  const backend = readBackendWorkerEnvironment(ENVIRONMENT)
  const placement = [
    ...placedBackendProblems(ENVIRONMENT, storefront, backend),
    // Every shard and the directory, in both Workers (ADR 047).
    ...environmentDatabaseProblems(
      ENVIRONMENT,
      storefront.d1_databases,
      backend.d1_databases ?? []
    ),
  ]
  if (placement.length > 0) {
    for (const { problem } of placement) console.error(`check:production-build: ${problem}`)
    return false
  }
  for (const command of [
    buildCommand(ENVIRONMENT),
    backendUploadCommand(ENVIRONMENT, { dryRun: true }),
    uploadCommand(ENVIRONMENT, { dryRun: true }),
  ]) {
    console.log(`check:production-build: ${shown(command)}`)
    const run = runTool(command, 'inherit')
    if (run.status !== 0) {
      console.error(
        `check:production-build: failed, ${shown(command)} (exit ${run.status ?? 'signal'})`
      )
      return false
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`check:production-build: passed in ${seconds} s`)
  return true
}

if (!check()) process.exitCode = 1
