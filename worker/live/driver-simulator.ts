import { DurableObject } from 'cloudflare:workers'
import { z } from 'zod'
import { developmentToolsEnabled } from '../../schemas/development.ts'
import { type DriverLocationUpdate, MAX_LOCATION_ACCURACY_METRES } from '../../schemas/live.ts'
import { findSimulatedDelivery } from '../backend/deliveries/repo.ts'
import { createMessenger } from '../backend/messaging/messenger.ts'
import { startStaffSession } from '../backend/staff/sessions.ts'
import { nowMs } from '../lib/clock.ts'
import { requireSecret } from '../lib/crypto.ts'
import { logError } from '../lib/log.ts'
import { backend } from '../local-backend.ts'
import {
  deliveryRoute,
  type LatLng,
  positionAt,
  SIMULATED_FIX_INTERVAL_SECONDS,
} from './driver-path.ts'
import { SIMULATOR_START_PATH } from './simulator-address.ts'

/** The demo driver (demo data's staff accounts): only their deliveries are driven. */
export const SIMULATED_DRIVER_EMAIL = 'driver@corner.test'

/** The accuracy a simulated fix claims, in metres: a phone outdoors. */
const SIMULATED_ACCURACY_METRES = Math.min(12, MAX_LOCATION_ACCURACY_METRES)

/** Renew the simulated phone's access token this long before it expires. */
const TOKEN_MARGIN_MS = 60_000

const StartSchema = z.object({
  businessId: z.int().positive(),
  orderId: z.int().positive(),
})

const LatLngSchema = z.object({ lat: z.number(), lng: z.number() })
const DriveSchema = z.object({
  businessId: z.int(),
  storeId: z.int(),
  orderId: z.int(),
  driverId: z.int(),
  route: z.array(LatLngSchema).min(2),
  /** The app clock's instant (ms) the car left the store. */
  startedAt: z.number(),
  accessToken: z.string().optional(),
  tokenExpiresAt: z.number().optional(),
})
type Drive = z.infer<typeof DriveSchema>

const DRIVE_KEY = 'drive'

/**
 * The local driver simulator (development and test only): a phone for the demo driver. When an
 * order goes en route (the board notifier tells it) and its driver is the demo driver, it drives
 * from the store to the address (driver-path.ts) and every few seconds POSTs the position to
 * /staff/deliveries/location, the route a real driver's phone uses, with a staff session of its
 * own: the guard, the checks and the throttle are the real ones. It stops at the door, or as soon
 * as the route refuses (delivered, reassigned, signed out).
 *
 * A Durable Object alarm, not the cron: the cron runs once a minute (and never under `vite dev`),
 * a phone sends every few seconds; an alarm per delivery wakes exactly then and only while a
 * delivery is on the road.
 */
export class DriverSimulator extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    if (pathname !== SIMULATOR_START_PATH || request.method !== 'POST') {
      return new Response(null, { status: 404 })
    }
    const start = StartSchema.safeParse(await request.json())
    if (!start.success) return new Response(null, { status: 422 })
    return Response.json({ driving: await this.start(start.data.businessId, start.data.orderId) })
  }

  /** Starts driving this order if it is the demo driver's and on the road; idempotent. */
  async start(businessId: number, orderId: number): Promise<boolean> {
    if (!developmentToolsEnabled(this.env.APP_ENV)) return false
    if (await this.ctx.storage.get(DRIVE_KEY)) return true
    const row = await findSimulatedDelivery(this.env.DB, businessId, orderId)
    if (
      !row ||
      row.status !== 'en_route' ||
      row.driver_id === null ||
      row.driver_email !== SIMULATED_DRIVER_EMAIL ||
      row.delivery_latitude === null ||
      row.delivery_longitude === null
    ) {
      return false
    }
    const store: LatLng = { lat: row.store_latitude, lng: row.store_longitude }
    const address: LatLng = { lat: row.delivery_latitude, lng: row.delivery_longitude }
    const drive: Drive = {
      businessId,
      storeId: row.store_id,
      orderId,
      driverId: row.driver_id,
      route: deliveryRoute(store, address),
      startedAt: nowMs(this.env),
    }
    await this.ctx.storage.put(DRIVE_KEY, drive)
    await this.ctx.storage.setAlarm(Date.now())
    return true
  }

  /** One fix: where the car is now, sent like the phone sends it; then the next, or stop. */
  override async alarm(): Promise<void> {
    const stored = DriveSchema.safeParse(await this.ctx.storage.get(DRIVE_KEY))
    if (!stored.success) return
    const drive = stored.data
    const now = nowMs(this.env)
    const fix = positionAt(drive.route, (now - drive.startedAt) / 1000)
    const update: DriverLocationUpdate = {
      businessId: drive.businessId,
      storeId: drive.storeId,
      orderId: drive.orderId,
      lat: fix.lat,
      lng: fix.lng,
      accuracy: SIMULATED_ACCURACY_METRES,
      at: new Date(now).toISOString(),
    }
    let keepDriving = false
    try {
      const token = await this.accessToken(drive, now)
      const res = await backend.request(
        '/staff/deliveries/location',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(update),
        },
        this.env
      )
      await res.body?.cancel()
      // 200: on the road. Anything else (409 delivered, 404 reassigned, 401, 403): the phone
      // would stop sharing, and so does the simulator.
      keepDriving = res.ok && !fix.arrived
    } catch (error) {
      logError(error, { event: 'driver simulator fix failed', orderId: drive.orderId }, 'warn')
    }
    if (keepDriving) {
      await this.ctx.storage.setAlarm(Date.now() + SIMULATED_FIX_INTERVAL_SECONDS * 1000)
    } else {
      await this.ctx.storage.deleteAll()
    }
  }

  /** The simulated phone's staff session: started once, renewed before it expires. */
  private async accessToken(drive: Drive, now: number): Promise<string> {
    if (drive.accessToken && (drive.tokenExpiresAt ?? 0) - TOKEN_MARGIN_MS > now) {
      return drive.accessToken
    }
    const tokens = await startStaffSession(
      {
        db: this.env.DB,
        sessionSecret: requireSecret(this.env.SESSION_SECRET, 'SESSION_SECRET'),
        pepper: requireSecret(this.env.AUTH_PEPPER, 'AUTH_PEPPER'),
        messenger: createMessenger(this.env),
        now: new Date(now),
        userAgent: 'local driver simulator',
      },
      drive.businessId,
      drive.driverId
    )
    await this.ctx.storage.put(DRIVE_KEY, {
      ...drive,
      accessToken: tokens.access_token,
      tokenExpiresAt: now + tokens.expires_in * 1000,
    } satisfies Drive)
    return tokens.access_token
  }
}
