import { sweepLoginFailures } from './backend/auth/login-attempts.ts'
import { retryOwedVoids } from './local-backend.ts'
import { sweepExpiredReservations } from './backend/slots/reservations-repo.ts'
import { eventTime } from './lib/clock.ts'
import { logError } from './lib/log.ts'

/**
 * The cron trigger (wrangler.toml [triggers]), every minute:
 * - gives the places of lapsed slot holds back. Reads never count a lapsed hold anyway and every
 *   list/reserve sweeps its store first; the cron keeps the stored counts honest for stores
 *   nobody is looking at;
 * - voids again the card authorisations an order must not keep (a second tab's payment) whose
 *   void the gateway refused or never answered: money is never held twice for one order;
 * - deletes failed password checks older than an hour, which no longer count (login-attempts.ts).
 * Each runs whatever the others do; a failure is rethrown so the platform records the failed run.
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = eventTime(env, controller.scheduledTime)
  const [sweep, voids, failedLogins] = await Promise.allSettled([
    sweepExpiredReservations(env.DB, now),
    retryOwedVoids(env, now),
    sweepLoginFailures(env.DB, now),
  ])
  if (sweep.status === 'fulfilled' && sweep.value > 0) {
    console.log(JSON.stringify({ event: 'slot holds expired', expired: sweep.value }))
  }
  if (voids.status === 'fulfilled' && voids.value.voided + voids.value.owed > 0) {
    console.log(JSON.stringify({ event: 'owed payment voids retried', ...voids.value }))
  }
  const failures: Array<[string, unknown]> = []
  if (sweep.status === 'rejected') failures.push(['slot hold sweep failed', sweep.reason])
  if (voids.status === 'rejected') failures.push(['owed payment void retry failed', voids.reason])
  if (failedLogins.status === 'rejected') {
    failures.push(['failed login sweep failed', failedLogins.reason])
  }
  for (const [event, error] of failures) logError(error, { event })
  if (failures[0]) throw failures[0][1]
}
