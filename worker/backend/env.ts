import type { PaymentAdapters } from './payments/sandbox-port.ts'

/**
 * The adapters the backend takes from whoever builds it (createBackend): local stand-ins that
 * live outside worker/backend (ADR 002). Adapters the backend owns itself (geocoder, messenger)
 * are chosen from the bindings instead.
 */
export type BackendAdapters = Required<PaymentAdapters>

/** Hono's environment for the backend app: the Worker's bindings and the caller's request id. */
export interface BackendEnv {
  Bindings: Env
  Variables: {
    requestId: string
    adapters: BackendAdapters
  }
}
