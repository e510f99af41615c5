import type { Basket } from '../schemas/basket.ts'
import type { Brand } from '../schemas/brand.ts'
import type { BackendClient } from './lib/backend-client.ts'
import type { FacebookCodeExchange } from './lib/facebook-code-flow.ts'
import type { Logger } from './lib/log.ts'
import type { Metrics } from './lib/metrics.ts'

/** Hono's environment for the storefront worker: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    /** A random id per request, logged with every error and returned in the error envelope. */
    requestId: string
    /** The one logger, in the request's scope (ADR 041): its lines carry the request's ids. */
    log: Logger
    /** The metrics port (ADR 041): Analytics Engine where bound, else the local sink. */
    metrics: Metrics
    /** Set by an answer that needs no request line of its own (observe(), ADR 064). */
    requestLineSkipped?: boolean
    /** The per-request CSP nonce for inline scripts and JSON data. */
    nonce: string
    /** The brand picked by the request's host. */
    brand: Brand
    /** The one way pages and the proxy reach the backend. */
    backend: BackendClient
    /** Redeems live Facebook's sign-in code for its ID token (ADR 026); set on /auth/social only. */
    facebookCodeExchange?: FacebookCodeExchange
    /** The basket the page guards read, once per request (worker/pages/shared/request-basket.ts). */
    requestBasket?: Promise<Basket | null>
    /** Renders a request again through the whole app: the page cache's background refresh (ADR 042). */
    renderAgain?: (request: Request) => Promise<Response>
    /**
     * Set when React reported an error while streaming the page (a boundary fell back to client
     * rendering): the page cache must not keep that page for everyone (ADR 042).
     */
    renderFailed?: boolean
  }
}
