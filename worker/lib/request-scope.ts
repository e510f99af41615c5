import { AsyncLocalStorage } from 'node:async_hooks'

/*
 * What one request, queue batch or cron run carries wherever its code runs (ADR 041): the fields
 * every log line of it names (request id, brand, business, order) and the metrics adapter its
 * bindings chose. Kept in AsyncLocalStorage (compatibility flag `nodejs_als`) so a repository deep
 * in a call logs and counts under its request without every signature growing two parameters;
 * handlers holding a Hono context read the same through `c.var.log` and `c.var.metrics`.
 */

export type LogFields = Record<string, unknown>

/** The adapter metrics are written to; worker/lib/metrics.ts has the two implementations. */
export interface MetricsSink {
  write(point: MetricPoint): void
}

/** One data point: a metric, its labels in the metric's fixed order, and a value. */
export interface MetricPoint {
  name: string
  labels: ReadonlyArray<string>
  value: number
}

export interface RequestScope {
  fields: LogFields
  sink: MetricsSink | null
}

const scopes = new AsyncLocalStorage<RequestScope>()

export function currentScope(): RequestScope | undefined {
  return scopes.getStore()
}

export function withoutUndefined(fields: LogFields): LogFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

/**
 * Runs `work` in a scope with these fields and sink. Inside a scope already open (the in-process
 * backend called by the pages) the fields join that scope, so the page's lines name the order the
 * backend found too, and the open scope's sink stays.
 */
export function withRequestScope<T>(
  init: { fields: LogFields; sink: MetricsSink | null },
  work: () => T
): T {
  const open = scopes.getStore()
  if (open) {
    Object.assign(open.fields, withoutUndefined(init.fields))
    open.sink ??= init.sink
    return work()
  }
  return scopes.run({ fields: withoutUndefined(init.fields), sink: init.sink }, work)
}

/**
 * Runs `work` in a scope of its own that starts with the open scope's fields and sink: one effect
 * of a queue batch names its order without the next effect inheriting it.
 */
export function withChildScope<T>(fields: LogFields, work: () => T): T {
  const open = scopes.getStore()
  return scopes.run(
    { fields: { ...open?.fields, ...withoutUndefined(fields) }, sink: open?.sink ?? null },
    work
  )
}
