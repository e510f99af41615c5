import { currentScope, type MetricPoint, type MetricsSink } from './request-scope.ts'

/*
 * The metrics port (ADR 041). Each metric has fixed labels in a fixed order, because Analytics
 * Engine stores them positionally (blob2, blob3, …) and the dashboards' SQL in docs/operations.md
 * names those positions: a label added later goes at the end.
 */
export const METRIC_LABELS = {
  /**
   * value: latency in ms. layer: `app` (pages, /api proxy) or `backend` (the API, in-process or on
   * its own). route is the matched pattern (`/stores/:id`), never the raw path.
   */
  request: ['layer', 'method', 'route', 'status'],
  /** An unexpected failure (a 500, a failed cron job, an effect that threw). */
  error: ['layer', 'route'],
  /** placed | refused | failed, with the refusal's reason or the failure's code. */
  checkout: ['outcome', 'reason'],
  /** authorised | declined | failed, by gateway (realex, frames, cash). */
  payment: ['outcome', 'gateway'],
  /** settled | failed (refused by the gateway, or not confirmed), by gateway. */
  refund: ['outcome', 'gateway'],
  /** A gauge sampled by the cron: effects of the outbox by state (pending, dead). */
  effects: ['state'],
} as const satisfies Record<string, ReadonlyArray<string>>

export type MetricName = keyof typeof METRIC_LABELS
export type MetricLabels<N extends MetricName> = Record<(typeof METRIC_LABELS)[N][number], string>

export interface Metrics {
  /** Adds `value` (1 unless given) to a counter. */
  count<N extends MetricName>(name: N, labels: MetricLabels<N>, value?: number): void
  /** Records a duration in milliseconds (or a sampled gauge's value). */
  timing<N extends MetricName>(name: N, ms: number, labels: MetricLabels<N>): void
}

/** Production: one Analytics Engine data point per call (index1 and blob1 the metric's name). */
export function analyticsEngineSink(dataset: AnalyticsEngineDataset): MetricsSink {
  return {
    write: (point) =>
      dataset.writeDataPoint({
        indexes: [point.name],
        blobs: [point.name, ...point.labels],
        doubles: [point.value],
      }),
  }
}

/** How many points the local sink keeps (per isolate): enough for a page of a dev session. */
export const LOCAL_METRICS_CAPACITY = 1000

const localPoints: Array<MetricPoint> = []

/** Development and tests: the last points in this isolate's memory, read by /api/dev/metrics. */
export const localMetricsSink: MetricsSink = {
  write: (point) => {
    localPoints.push(point)
    if (localPoints.length > LOCAL_METRICS_CAPACITY) localPoints.shift()
  },
}

/** Empties the local sink (a test reads what one action recorded). */
export function clearLocalMetrics(): void {
  localPoints.length = 0
}

/** The local sink's points, oldest first. */
export function localMetricPoints(): ReadonlyArray<MetricPoint> {
  return [...localPoints]
}

/** One metric's total per set of labels, as /dev/metrics shows the local sink. */
export interface MetricTotal {
  name: string
  labels: ReadonlyArray<string>
  points: number
  sum: number
}

/** The local sink's points summed per metric and labels, most points first. */
export function localMetricTotals(): Array<MetricTotal> {
  const totals = new Map<string, MetricTotal>()
  for (const point of localPoints) {
    const key = JSON.stringify([point.name, point.labels])
    const total = totals.get(key) ?? { name: point.name, labels: point.labels, points: 0, sum: 0 }
    total.points++
    total.sum += point.value
    totals.set(key, total)
  }
  return [...totals.values()].sort((a, b) => b.points - a.points)
}

/** The sink the bindings choose: Analytics Engine where METRICS is bound, else the local one. */
export function metricsSinkFor(env: { METRICS?: AnalyticsEngineDataset | undefined }): MetricsSink {
  return env.METRICS ? analyticsEngineSink(env.METRICS) : localMetricsSink
}

function labelValues<N extends MetricName>(name: N, labels: MetricLabels<N>): Array<string> {
  const names: ReadonlyArray<(typeof METRIC_LABELS)[N][number]> = METRIC_LABELS[name]
  return names.map((label) => labels[label])
}

/** Metrics written to `sink`; `metricsFor(env)` in a handler, `metrics` anywhere else. */
export function metricsTo(sink: () => MetricsSink): Metrics {
  return {
    count: (name, labels, value = 1) =>
      sink().write({ name, labels: labelValues(name, labels), value }),
    timing: (name, ms, labels) =>
      sink().write({ name, labels: labelValues(name, labels), value: ms }),
  }
}

/**
 * The metrics of whatever scope the caller runs in (worker/lib/request-scope.ts): a payment or a
 * refund deep in the backend counts where its request's bindings say, the local sink outside any.
 */
export const metrics: Metrics = metricsTo(() => currentScope()?.sink ?? localMetricsSink)
