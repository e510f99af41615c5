import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env.ts'
import type { PathNeeds } from '../lib/edge-routes.ts'

/** A call's inputs by name: the query's and the JSON body's. */
export type Inputs = Record<string, unknown>

/**
 * One /api call as the proxy's middleware build it, each adding its concern's part before the
 * last forwards it (forward.ts).
 */
export interface ProxyCall {
  /** The backend path: what follows /api. */
  path: string
  /** What the path's backend route declares of the edge (worker/lib/edge-routes.ts). */
  needs: PathNeeds
  /** Set from the request's brand, over whatever the browser sent: businessId, brandId. */
  tenant: Inputs
  /** The query string, ids converted, tenant fields set. */
  query: URLSearchParams
  /** The JSON body (ids converted, tenant fields set), which the concerns fill in; null if none. */
  json: Inputs | null
  /** A multipart body (the contact form's files), null if none. */
  form: FormData | null
  /** Its 200 answer is public (public-answers.ts): the same for every shopper of the business. */
  public?: boolean
  /** The bearer token forwarded (the access-token cookie's), once forward.ts has read it. */
  bearer?: string | undefined
}

/**
 * The storefront's environment with the call the proxy's middleware build. Optional, so a proxy
 * context is still the storefront's (the cookie and session helpers take that); backend-path.ts
 * sets it first, and {@link proxyCall} reads it.
 */
export interface ProxyEnv {
  Bindings: AppEnv['Bindings']
  Variables: AppEnv['Variables'] & { call?: ProxyCall }
}

/** The call backend-path.ts began; a middleware mounted before it is a wiring mistake. */
export function proxyCall(c: Context<ProxyEnv>): ProxyCall {
  const call = c.var.call
  if (!call) throw new Error('The proxy call is read before backendPath() began it')
  return call
}

/** A proxy middleware: runs with the call its outer middleware began (backend-path.ts). */
export const proxyMiddleware = createMiddleware<ProxyEnv>
