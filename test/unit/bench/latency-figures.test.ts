import { describe, expect, it } from 'vitest'
import {
  NEAR_THE_DATA,
  NEAR_THE_SHOPPER,
  latencyTable,
  percentile,
} from '../../../bench/lib/latency-figures.ts'
import { parseLatencyPlan } from '../../../worker/lib/latency-simulation.ts'

/*
 * The latency bench (issue 39, ADR 046): a backend near the data against one beside the shopper,
 * each page's p50 and p95 under simulated round trips.
 */

describe('the latency bench', () => {
  it('simulates both placements with round trips the Workers accept', () => {
    expect(parseLatencyPlan(NEAR_THE_DATA.latency)).toEqual({ backendMs: 80, d1Ms: 2 })
    expect(parseLatencyPlan(NEAR_THE_SHOPPER.latency)).toEqual({ backendMs: 2, d1Ms: 80 })
  })

  it('reports the nearest-rank p50 and p95', () => {
    const times = Array.from({ length: 20 }, (_, index) => (index + 1) * 10)
    expect(percentile(times.toReversed(), 0.5)).toBe(100)
    expect(percentile(times, 0.95)).toBe(190)
    expect(percentile([], 0.5)).toBeNaN()
  })

  it('prints a row per page with both placements side by side', () => {
    const table = latencyTable(
      [
        {
          page: 'store (miss)',
          times: { 'near the data': [100, 120], 'near the shopper': [400, 900] },
          roundTrips: { backendHops: 2, d1Sequential: 3, d1Primary: 1, d1Replica: 2 },
        },
        { page: 'home (hit)', times: { 'near the data': [9], 'near the shopper': [8] } },
      ],
      [NEAR_THE_DATA, NEAR_THE_SHOPPER]
    )
    const [head, row, uncounted] = table.split('\n')
    expect(head).toContain('near the data p50')
    expect(head).toContain('p95 (backend=2,d1=80)')
    expect(head).toContain('D1 in sequence')
    expect(head).toContain('primary')
    expect(row?.split(/\s{2,}/)).toEqual([
      'store (miss)',
      '100',
      '120',
      '400',
      '900',
      '2',
      '3',
      '1',
      '2',
    ])
    expect(uncounted?.split(/\s{2,}/)).toEqual([
      'home (hit)',
      '9',
      '9',
      '8',
      '8',
      '–',
      '–',
      '–',
      '–',
    ])
  })
})
