import { createApp } from './app.ts'
import { queue } from './effects-queue.ts'
import { withFaults } from './lib/fault-injection.ts'
import { withLatency } from './lib/latency-simulation.ts'
import { scheduled } from './scheduled.ts'

// The Durable Objects of wrangler.toml: the live order board, each order's
// tracker and the local driver simulator.
export { DriverSimulator } from './live/driver-simulator.ts'
export { OrderBoard } from './live/order-board.ts'
export { OrderTracker } from './live/order-tracker.ts'
// The backend Worker's entrypoint (ADR 046), also exported here so the pool tests can bind
// BACKEND to it within one workerd; deployments bind BACKEND to the storefront-backend Worker.
export { default as Backend } from './backend-worker.ts'

const app = createApp()

/**
 * The storefront worker: the app of worker/app.ts, with the env's faults wired in where
 * STOREFRONT_FAULTS asks for them and the round trips STOREFRONT_LATENCY simulates (development
 * only). Deployed, the cron and the effects queue's consumers are the backend Worker's
 * (backend-worker.ts, ADR 046; the deploy checks refuse them here). The handlers below run them in
 * process where there is no backend Worker to: `vite dev`'s cron trigger route (which reaches only
 * this Worker, on the same local database), STOREFRONT_BACKEND=in-process, the bench and the tests.
 */
export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    app.fetch(request, withLatency(withFaults(env)), ctx),
  scheduled: (controller, env) => scheduled(controller, withFaults(env)),
  queue: (batch, env) => queue(batch, withFaults(env)),
} satisfies ExportedHandler<Env>
