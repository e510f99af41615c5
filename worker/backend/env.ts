/** Hono's environment for the backend app: the Worker's bindings and the caller's request id. */
export interface BackendEnv {
  Bindings: Env
  Variables: {
    requestId: string
  }
}
