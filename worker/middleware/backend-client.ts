import type { Context, ExecutionContext, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.ts'
import { type BackendApp, createBackendClient } from '../lib/backend-client.ts'

function executionContext(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx
  } catch {
    // Hono throws when the app was called without one (app.request in tests).
    return undefined
  }
}

/**
 * Puts the backend client on `c.var.backend` for pages and the proxy. Needs `requestId()` first.
 * `options.timeoutMs` overrides the long-request timeout (tests).
 *
 * @example app.use(backendClient(backend))
 */
export function backendClient(
  backendApp: BackendApp,
  options: { timeoutMs?: number } = {}
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set(
      'backend',
      createBackendClient({
        app: backendApp,
        env: c.env,
        ctx: executionContext(c),
        requestId: c.var.requestId ?? crypto.randomUUID(),
        clientIp: c.req.header('cf-connecting-ip'),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
    )
    await next()
  }
}
