import { MESSAGES } from '../../schemas/messages.ts'
import { SHARD_BINDINGS } from './shard-databases.ts'

export interface DeployedWorker {
  environment: string
  /** The Worker's name in this environment (wrangler.toml [env.<environment>] name). */
  workerName: string
  /** Each database's Time Travel bookmark from just before the migrations (every shard and the
   * directory, ADR 047). */
  bookmarks: ReadonlyArray<{ binding: string; bookmark: string }>
}

// Global Payments' sandbox card that pays (README, "Checkout and payments").
const SANDBOX_CARD = '4263 9700 0000 5262'

/**
 * What to check by hand once a deploy is live, and how to go back: printed at the end of every
 * deploy so nobody has to remember them (README, "Deploying" has the same list).
 */
export function afterDeployText({ environment, workerName, bookmarks }: DeployedWorker): string {
  const env = `--env ${environment}`
  // Every shard's brands (ADR 047): each shard holds the hosts of its own businesses.
  const hosts = SHARD_BINDINGS.map(
    (binding) =>
      `npx wrangler d1 execute ${binding} ${env} --remote --command "SELECT host FROM brand_hosts WHERE environment = '${environment}'"`
  ).join(', then ')
  const checkout =
    environment === 'production'
      ? 'a small order on a real card, then refund it from the store console (checks the rebate password too)'
      : `an order paid with the gateway's sandbox card ${SANDBOX_CARD} (any future expiry, CVV 123), then refund it from the store console`
  return [
    `deploy: ${workerName} is deployed. Smoke checks, on each brand host (${hosts}):`,
    `  1. curl -sS -o /dev/null -w '%{http_code}\\n' https://<host>/ answers 200; a 503 saying "${MESSAGES.shopUnavailable}" means the Worker refused its configuration, and its "configuration refused" log line names each problem`,
    `  2. curl -sS https://<host>/api/openapi.json | head -c 100 answers the API's OpenAPI document`,
    `  3. curl -sS https://<host>/api/stores/search -H 'content-type: application/json' -d '{"postcode":"<a postcode near one of your stores>"}' lists stores (the live geocoder)`,
    `  4. curl -sS -o /dev/null -w '%{http_code}\\n' https://<host>/dev/mailbox and curl -sS -o /dev/null -w '%{http_code}\\n' -X POST https://<host>/sandbox-gateway/hpp/pay answer 404`,
    `  5. a checkout: ${checkout}`,
    `  6. Workers Logs (dashboard, Workers & Pages, ${workerName}, Logs) shows the cron's run every minute, with no "configuration refused" line`,
    `  7. watch it live meanwhile: npx wrangler tail ${env} --format pretty (add --status error for failures only)`,
    `Roll back the code: npx wrangler deployments list ${env}, then npx wrangler rollback <version-id> ${env} --message "<why>". The database keeps its migrations, which is why each one must work with the code before it (README, "Deploying").`,
    ...bookmarks.map(
      ({ binding, bookmark }) =>
        `Restore ${binding} to just before this deploy's migrations (loses every write since): npx wrangler d1 time-travel restore ${binding} ${env} --bookmark=${bookmark}`
    ),
  ]
    .filter((line) => line !== '')
    .join('\n')
}
