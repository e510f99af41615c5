import { logError } from '../lib/log.ts'

/*
 * How the Worker reaches the local driver simulator: one Durable Object per order it drives.
 * Development and test only (the notifier checks APP_ENV before calling).
 */

export const SIMULATOR_ORIGIN = 'https://driver-simulator.internal'
export const SIMULATOR_START_PATH = '/start'

export function simulatorStub(
  env: Pick<Env, 'DRIVER_SIMULATOR'>,
  businessId: number,
  orderId: number
): DurableObjectStub {
  const name = `delivery:${businessId}:${orderId}`
  return env.DRIVER_SIMULATOR.get(env.DRIVER_SIMULATOR.idFromName(name))
}

/** Asks the simulator to drive this order if it is the demo driver's; never throws. */
export async function startDriverSimulator(
  env: Pick<Env, 'DRIVER_SIMULATOR'>,
  businessId: number,
  orderId: number
): Promise<void> {
  try {
    const res = await simulatorStub(env, businessId, orderId).fetch(
      `${SIMULATOR_ORIGIN}${SIMULATOR_START_PATH}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ businessId, orderId }),
      }
    )
    await res.body?.cancel()
  } catch (error) {
    logError(error, { event: 'driver simulator start failed', orderId }, 'warn')
  }
}
