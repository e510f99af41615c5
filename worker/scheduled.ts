import { sweepExpiredReservations } from './backend/slots/reservations.ts'
import { logError } from './lib/log.ts'

/**
 * The cron trigger (wrangler.toml [triggers]): gives the places of lapsed slot holds back. Reads
 * never count a lapsed hold anyway and every list/reserve sweeps its store first; the cron keeps
 * the stored counts honest for stores nobody is looking at.
 */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  try {
    const expired = await sweepExpiredReservations(env.DB, new Date(controller.scheduledTime))
    if (expired > 0) console.log(JSON.stringify({ event: 'slot holds expired', expired }))
  } catch (error) {
    logError(error, { event: 'slot hold sweep failed' })
    // Rethrown so the platform records the failed run.
    throw error
  }
}
