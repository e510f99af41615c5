import { sweepLoginFailures } from './backend/auth/login-attempts.ts'
import {
  handleOverdueOrders,
  reconcileRefunds,
  retryOwedVoids,
  settleUnansweredPayments,
} from './local-backend.ts'
import { purgeExpiredStaffSecrets } from './backend/staff/repo.ts'
import { sweepExpiredReservations } from './backend/slots/reservations-repo.ts'
import { releaseAbandonedCredit } from './backend/credit/abandoned.ts'
import { eventTime } from './lib/clock.ts'
import { checkPendingDomains } from './backend/operator/brands/service.ts'
import { createHostnameProvisioner } from './backend/operator/brands/create-hostname-provisioner.ts'
import { log, logError } from './lib/log.ts'
import { metrics, metricsSinkFor } from './lib/metrics.ts'
import { withRequestScope } from './lib/request-scope.ts'
import { effectsDepth } from './backend/tenancy/repo.ts'
import { configurationRefusal } from './lib/configuration-refusal.ts'
import { sweepEffects } from './backend/effects/sweep.ts'
import { sweepRetention } from './backend/retention.ts'
import { rollUpInsight } from './backend/operator/insight/rollup.ts'
import { indexShardKeys, sweepShardKeys } from './backend/directory/keys-repo.ts'
import { reconcileShardSlugs } from './backend/directory/slugs-repo.ts'
import { envOfShard, shardNames } from './backend/shard.ts'
import { withChildScope } from './lib/request-scope.ts'
import { INSIGHT_CRON, RETENTION_CRON } from './cron-schedules.ts'

/**
 * The cron trigger (wrangler.backend.toml [triggers]: the backend Worker, beside the data), every
 * minute:
 * - gives the places of lapsed slot holds back. Reads never count a lapsed hold anyway and every
 *   list/reserve sweeps its store first; the cron keeps the stored counts honest for stores
 *   nobody is looking at;
 * - voids again the card authorisations an order must not keep (a second tab's payment) whose
 *   void the gateway refused or never answered: money is never held twice for one order;
 * - deletes failed password checks older than an hour, which no longer count (login-attempts.ts);
 * - alerts the managers of a paid order nobody accepted within the store's window, and rejects it
 *   at twice the window, with a reject's effects (ADR 017; store-orders/cron.ts);
 * - deletes expired staff sign-in codes, refresh tokens and unaccepted invitations;
 * - ends unpaid orders abandoned while holding store credit and gives it back (ADR 020);
 * - asks the hostname provider about brands' pending domains; active ones start serving (ADR 028);
 * - hands on the outbox's effects the relay missed (ADR 037);
 * - asks the gateway about card payments whose page never answered, and places their order or
 *   fails them (payments/unanswered-payments.ts).
 * Each runs whatever the others do, on every shard in turn (ADR 047: a business's rows are on its
 * shard only); a failure is rethrown so the platform records the failed run.
 */
// The retention and insight triggers (worker/cron-schedules.ts); every other runs the jobs above.
export { INSIGHT_CRON, RETENTION_CRON }

export function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  // One scope per run: every line names the cron, metrics go where the bindings say (ADR 041).
  return withRequestScope({ fields: { cron: controller.cron }, sink: metricsSinkFor(env) }, () =>
    runScheduled(controller, env)
  )
}

async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  // A refused configuration runs no job either (ADR 036): a sandbox gateway must not be asked
  // to void, nor a local hostname provider to activate a domain.
  const refusal = configurationRefusal(env)
  if (refusal !== null) {
    console.error(JSON.stringify({ ...refusal, cron: controller.cron }))
    return
  }
  const now = eventTime(env, controller.scheduledTime)
  const failures: Array<unknown> = []
  const depth = { pending: 0, dead: 0, sampled: false }
  for (const shard of await shardNames(env)) {
    // Every line of a shard's jobs names the shard.
    await withChildScope({ shard }, async () => {
      const shardEnv = envOfShard(env, shard)
      if (controller.cron === INSIGHT_CRON) {
        try {
          const run = await rollUpInsight(shardEnv.DB, now)
          if (run.daysWritten > 0) log.info('insight rolled up', { ...run })
        } catch (error) {
          logError(error, { event: 'insight rollup failed' })
          metrics.count('error', { layer: 'cron', route: 'insight rollup failed' })
          failures.push(error)
        }
        return
      }
      if (controller.cron === RETENTION_CRON) {
        try {
          const deleted = await sweepRetention(shardEnv.DB, shardEnv.ORDER_ARCHIVE, now)
          log.info('retention swept', { ...deleted })
          // The directory's key index swept of keys whose rows are gone (ADR 063), then made
          // whole (ADR 056): keys from before it, or whose write was lost.
          if (env.DIRECTORY) {
            const swept = await sweepShardKeys(env.DIRECTORY, shardEnv.DB, shard)
            if (swept > 0) log.info('directory keys swept', { swept })
            const indexed = await indexShardKeys(env.DIRECTORY, shardEnv.DB, shard)
            if (indexed > 0) log.info('directory keys indexed', { indexed })
            const slugs = await reconcileShardSlugs(env.DIRECTORY, shardEnv.DB, shard)
            if (slugs.indexed + slugs.released > 0)
              log.info('directory slugs reconciled', { ...slugs })
          }
        } catch (error) {
          logError(error, { event: 'retention sweep failed' })
          metrics.count('error', { layer: 'cron', route: 'retention sweep failed' })
          failures.push(error)
        }
        return
      }
      failures.push(...(await minuteJobs(shardEnv, now, depth)))
    })
  }
  // The outbox's depth over every shard, sampled each minute (ADR 037: effects not yet delivered).
  if (depth.sampled) {
    metrics.timing('effects', depth.pending, { state: 'pending' })
    metrics.timing('effects', depth.dead, { state: 'dead' })
  }
  if (failures.length > 0) throw failures[0]
}

/** The every-minute jobs on one shard (`env.DB`); answers the errors of those that failed, logged. */
async function minuteJobs(
  env: Env,
  now: Date,
  depthOfAll: { pending: number; dead: number; sampled: boolean }
): Promise<Array<unknown>> {
  const [
    sweep,
    voids,
    failedLogins,
    overdue,
    staffSecrets,
    credit,
    domains,
    effects,
    refunds,
    depth,
    unanswered,
  ] = await Promise.allSettled([
    sweepExpiredReservations(env.DB, now),
    retryOwedVoids(env, now),
    sweepLoginFailures(env.DB, now),
    handleOverdueOrders(env, now),
    purgeExpiredStaffSecrets(env.DB, now),
    releaseAbandonedCredit(env.DB, now),
    checkPendingDomains(env.DB, createHostnameProvisioner(env), now.toISOString()),
    sweepEffects(env, now),
    reconcileRefunds(env, now),
    effectsDepth(env.DB),
    settleUnansweredPayments(env, now),
  ])
  if (sweep.status === 'fulfilled' && sweep.value > 0) {
    log.info('slot holds expired', { expired: sweep.value })
  }
  if (voids.status === 'fulfilled' && voids.value.voided + voids.value.owed > 0) {
    log.info('owed payment voids retried', { ...voids.value })
  }
  if (overdue.status === 'fulfilled' && overdue.value.alerted + overdue.value.rejected > 0) {
    log.info('overdue orders handled', { ...overdue.value })
  }
  const failures: Array<[string, unknown]> = []
  if (sweep.status === 'rejected') failures.push(['slot hold sweep failed', sweep.reason])
  if (voids.status === 'rejected') failures.push(['owed payment void retry failed', voids.reason])
  if (failedLogins.status === 'rejected') {
    failures.push(['failed login sweep failed', failedLogins.reason])
  }
  if (overdue.status === 'rejected') failures.push(['overdue orders failed', overdue.reason])
  if (staffSecrets.status === 'rejected') {
    failures.push(['staff secrets purge failed', staffSecrets.reason])
  }
  if (credit.status === 'rejected')
    failures.push(['abandoned credit release failed', credit.reason])
  if (domains.status === 'fulfilled' && domains.value.length > 0) {
    log.info('brand domains active', { hosts: domains.value })
  }
  if (domains.status === 'rejected') failures.push(['brand domain check failed', domains.reason])
  if (effects.status === 'fulfilled' && effects.value.redispatched > 0) {
    log.info('effects swept', { ...effects.value })
  }
  if (effects.status === 'rejected') failures.push(['effects sweep failed', effects.reason])
  if (refunds.status === 'fulfilled' && refunds.value.done + refunds.value.refused > 0) {
    log.info('refunds reconciled', { ...refunds.value })
  }
  if (refunds.status === 'fulfilled') {
    metrics.count('refund', { outcome: 'settled', gateway: 'reconciled' }, refunds.value.done)
    metrics.count('refund', { outcome: 'failed', gateway: 'reconciled' }, refunds.value.refused)
  }
  if (depth.status === 'fulfilled') {
    depthOfAll.pending += depth.value.pending
    depthOfAll.dead += depth.value.dead
    depthOfAll.sampled = true
  }
  if (depth.status === 'rejected') failures.push(['effects depth failed', depth.reason])
  if (unanswered.status === 'fulfilled' && unanswered.value.placed + unanswered.value.failed > 0) {
    log.info('unanswered card payments settled', { ...unanswered.value })
  }
  if (unanswered.status === 'rejected') {
    failures.push(['unanswered payments failed', unanswered.reason])
  }
  if (refunds.status === 'rejected') {
    failures.push(['refund reconciliation failed', refunds.reason])
  }
  for (const [event, error] of failures) {
    logError(error, { event })
    metrics.count('error', { layer: 'cron', route: event })
  }
  return failures.map(([, error]) => error)
}
