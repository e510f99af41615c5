import type { Logger } from '../lib/log.ts'
import type { Metrics } from '../lib/metrics.ts'
import type { WiredAdapters } from './adapters.ts'
import type { GuardedBasket } from './basket-ref-repo.ts'

/** Hono's environment for the backend app: the bindings, the adapters and the caller's request id. */
export interface BackendEnv {
  Bindings: Env
  Variables: {
    requestId: string
    log: Logger
    metrics: Metrics
    adapters: WiredAdapters
    /** The basket the basket guard found for the call's token, when the call named one. */
    guardedBasket: GuardedBasket | undefined
  }
}
