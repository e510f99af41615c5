import { WorkerEntrypoint } from 'cloudflare:workers'
import { queue } from './effects-queue.ts'
import { withFaults } from './lib/fault-injection.ts'
import { withLatency } from './lib/latency-simulation.ts'
import { backend } from './local-backend.ts'
import { scheduled } from './scheduled.ts'
import { asBackgroundWork } from './lib/background.ts'

/*
 * The backend as its own Worker (ADR 046): wrangler.backend.toml deploys this entry as
 * storefront-backend-<environment> with Smart Placement, so it runs near its D1 primary, and the
 * storefront reaches it through its BACKEND service binding (worker/lib/backend-client.ts). It
 * builds the same backend with the same adapters as the in-process one (local-backend.ts); the
 * Durable Objects it notifies stay in the storefront Worker (bound here by script_name).
 * The cron and the effects queue's consumers run here too (wrangler.backend.toml [triggers] and
 * [[queues.consumers]]): every job is a series of D1 round trips, which are short beside the data.
 * The storefront only produces to the queue.
 */
export default class BackendWorker extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return Promise.resolve(backend.fetch(request, withLatency(withFaults(this.env)), this.ctx))
  }

  override scheduled(controller: ScheduledController): Promise<void> {
    // Counted apart by the latency bench: no request waits for it (ADR 065).
    return asBackgroundWork(() => scheduled(controller, withLatency(withFaults(this.env))))
  }

  override queue(batch: MessageBatch<unknown>): Promise<void> {
    return asBackgroundWork(() => queue(batch, withLatency(withFaults(this.env))))
  }
}
