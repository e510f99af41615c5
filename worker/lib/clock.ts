import { developmentToolsEnabled } from '../../schemas/development.ts'

/**
 * The one place the worker reads the time. In production it is the system clock. In development
 * and test it can be pinned to an instant from which it then moves on in real time, so journeys,
 * tests and a developer can run the app on any date (a month end, 29 February, a clock-change
 * day) whatever the machine's date is:
 *
 * - `CLOCK_NOW` (an ISO 8601 instant, a variable) pins it when the isolate first reads it;
 * - `PUT /dev/clock` (worker/backend/development) pins it, or lets it go, while the app runs.
 *
 * The pin lives in the isolate: the worker, its in-process backend and the sandbox gateways share
 * it; a backend in its own Worker (ADR 046) is pinned through /api, and the storefront then takes
 * the same instant (worker/middleware/dev-clock-mirror.ts). Production ignores both, so a request
 * can never move a live shop's clock.
 */
export interface ClockEnv {
  APP_ENV?: string
  CLOCK_NOW?: string
}

interface Pin {
  /** The pinned instant (ms since the epoch) ... */
  at: number
  /** ... as of this reading of the system clock, so pinned time moves on with real time. */
  setAt: number
}

// undefined: CLOCK_NOW not read yet; null: the system clock.
let pin: Pin | null | undefined

function pinFromEnv(env: ClockEnv): Pin | null {
  if (!env.CLOCK_NOW) return null
  const at = Date.parse(env.CLOCK_NOW)
  if (Number.isNaN(at)) throw new Error(`CLOCK_NOW is not an ISO 8601 instant: ${env.CLOCK_NOW}`)
  return { at, setAt: Date.now() }
}

/** The current instant as the app sees it. */
export function now(env: ClockEnv | undefined): Date {
  return new Date(nowMs(env))
}

/** The current instant in milliseconds since the epoch. */
export function nowMs(env: ClockEnv | undefined): number {
  // No bindings (a page tested on its own): the system clock, as in production.
  if (!env || !developmentToolsEnabled(env.APP_ENV)) return Date.now()
  if (pin === undefined) pin = pinFromEnv(env)
  return pin ? pin.at + (Date.now() - pin.setAt) : Date.now()
}

/**
 * The instant of an event the platform timed (a cron trigger's scheduledTime) as the app sees it:
 * the pinned clock when one is pinned, so a cron run sweeps holds by the same clock that took them.
 */
export function eventTime(env: ClockEnv, systemMs: number): Date {
  if (!developmentToolsEnabled(env.APP_ENV)) return new Date(systemMs)
  if (pin === undefined) pin = pinFromEnv(env)
  return pin ? new Date(pin.at + (systemMs - pin.setAt)) : new Date(systemMs)
}

/**
 * Pins the clock to an instant (it moves on from there), or back to the system clock with null.
 * Development and test only: in production it refuses, so no code path can move a live clock.
 */
export function pinClock(env: ClockEnv, instant: Date | null): void {
  if (!developmentToolsEnabled(env.APP_ENV)) {
    throw new Error('The clock can only be pinned in development and test')
  }
  pin = instant ? { at: instant.getTime(), setAt: Date.now() } : null
}

/** Whether the clock is pinned, and to what it reads now (for the development clock route). */
export function clockState(env: ClockEnv): { now: string; pinned: boolean } {
  const at = nowMs(env)
  return { now: new Date(at).toISOString(), pinned: Boolean(pin) }
}
