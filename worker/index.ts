import { createApp } from './app.ts'
import { queue } from './effects-queue.ts'
import { scheduled } from './scheduled.ts'

// The Durable Objects of wrangler.toml: the live order board, each order's
// tracker and the local driver simulator.
export { DriverSimulator } from './live/driver-simulator.ts'
export { OrderBoard } from './live/order-board.ts'
export { OrderTracker } from './live/order-tracker.ts'

/** The storefront worker: the app of worker/app.ts, the scheduled jobs and the effects queues. */
export default { fetch: createApp().fetch, scheduled, queue } satisfies ExportedHandler<Env>
