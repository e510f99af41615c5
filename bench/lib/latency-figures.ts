/*
 * The latency bench's figures (bench/suites/latency.ts, ADR 046): each page's time as a shopper
 * waits for it, under the round trips STOREFRONT_LATENCY simulates, for a backend placed near the
 * data and one beside the shopper. Pure, so the table is tested (test/unit/bench).
 */

/** Where the backend runs, as the round trips it costs: one hop to it, one per D1 statement. */
export interface Placement {
  label: string
  /** STOREFRONT_LATENCY for both Workers. */
  latency: string
}

/** Near the data: a long hop from the storefront, short ones to D1 (Smart Placement). */
export const NEAR_THE_DATA: Placement = {
  label: 'near the data',
  latency: 'backend=80,d1=2',
}

/** Beside the shopper: a short hop from the storefront, each D1 statement the long way. */
export const NEAR_THE_SHOPPER: Placement = {
  label: 'near the shopper',
  latency: 'backend=2,d1=80',
}

/** The `q` quantile (0–1) of some durations, nearest rank; NaN for none. */
export function percentile(durations: ReadonlyArray<number>, q: number): number {
  if (durations.length === 0) return NaN
  const sorted = [...durations].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)))
  return sorted[rank - 1] ?? NaN
}

export interface LatencyRow {
  page: string
  /** Milliseconds per request, by placement label. */
  times: Record<string, ReadonlyArray<number>>
  /**
   * What one request of the flow waited for in sequence (the median of its requests): hops from
   * the storefront to the backend, D1 round trips, and of those the primary's and those a
   * replica may answer (a wave of both counts in each: ADR 065).
   */
  roundTrips?: { backendHops: number; d1Sequential: number; d1Primary: number; d1Replica: number }
}

/** The table: a row per page, p50 and p95 per placement, in the order given. */
export function latencyTable(
  rows: ReadonlyArray<LatencyRow>,
  placements: ReadonlyArray<Placement>
): string {
  const heads = [
    ...placements.flatMap(({ label, latency }) => [`${label} p50`, `p95 (${latency})`]),
    'backend hops',
    'D1 in sequence',
    'primary',
    'replica',
  ]
  const labels = Math.max(36, ...rows.map((row) => row.page.length + 2))
  const widths = [labels, ...heads.map((head) => Math.max(head.length + 2, 10))]
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)
      )
      .join('')
  const body = rows.map((row) =>
    line([
      row.page,
      ...placements.flatMap(({ label }) => {
        const times = row.times[label] ?? []
        return [percentile(times, 0.5), percentile(times, 0.95)].map((ms) =>
          Number.isNaN(ms) ? '–' : ms.toFixed(0)
        )
      }),
      ...(['backendHops', 'd1Sequential', 'd1Primary', 'd1Replica'] as const).map((key) =>
        row.roundTrips ? String(row.roundTrips[key]) : '–'
      ),
    ])
  )
  return [line(['page (ms, sequential requests)', ...heads]), ...body].join('\n')
}
