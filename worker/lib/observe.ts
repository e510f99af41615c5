import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { executionContext } from './background.ts'
import { toAppError } from './error-response.ts'
import { reportError } from './error-reporter.ts'
import { log, type Logger } from './log.ts'
import { metrics, metricsSinkFor, type Metrics } from './metrics.ts'
import { withRequestScope } from './request-scope.ts'

/** What observe() puts on the context: the one logger and the metrics, scoped to the request. */
export interface ObservedVariables {
  requestId: string
  log: Logger
  metrics: Metrics
  /**
   * An answer that needs no request line of its own: a page cache fast hit (ADR 064), which reads
   * nothing and writes nothing. Its `request` metric is still written, its answer carries its
   * request id, and Workers Logs' own invocation log records the request; on the bench's harness
   * the line was a quarter of a hit's cost (every console call crosses to wrangler's process).
   */
  requestLineSkipped?: boolean
}

/**
 * Opens the request's scope (ADR 041: its log lines carry the request id, its metrics go where
 * the bindings say), then records the request (route pattern, status, latency) and, for an
 * unexpected failure, an error metric and a report to SENTRY_DSN. Needs `requestId()` first.
 *
 * @example app.use(observe('app'))
 */
export function observe(
  layer: 'app' | 'backend'
): MiddlewareHandler<{ Bindings: Env; Variables: ObservedVariables }> {
  return (c, next) =>
    withRequestScope(
      { fields: { requestId: c.var.requestId }, sink: metricsSinkFor(c.env) },
      async () => {
        c.set('log', log)
        c.set('metrics', metrics)
        // performance.now(), not the app clock: a duration, never a date.
        const started = performance.now()
        await next()
        const route = routePath(c, -1)
        const durationMs = Math.round(performance.now() - started)
        const status = String(c.res.status)
        metrics.timing('request', durationMs, { layer, method: c.req.method, route, status })
        // The request's own line: its ids (the order's once a handler named it) with its outcome.
        if (!c.var.requestLineSkipped) {
          log.debug('request', { layer, method: c.req.method, route, status, durationMs })
        }
        // Expected failures (refusals, 404s, an upstream error the backend already reported)
        // are answers, not errors.
        if (c.error && toAppError(c.error) === null) {
          metrics.count('error', { layer, route })
          const ctx = executionContext(c)
          reportError(c.env, c.error, {
            request: c.req.raw,
            ...(ctx ? { waitUntil: ctx.waitUntil.bind(ctx) } : {}),
          })
        }
      }
    )
}
