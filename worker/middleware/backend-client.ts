import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env.ts'
import { executionContext } from '../lib/background.ts'
import { type BackendApp, createBackendClient } from '../lib/backend-client.ts'

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
