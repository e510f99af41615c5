/** The demo store every catalogue page of the Lighthouse bench is taken from. */
export const STORE_PATH = '/stores/manchester-piccadilly'

interface Audit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  numericValue?: number
  displayValue?: string
  details?: { items?: Array<Record<string, unknown>> }
}

/** The part of Lighthouse's result (its `lhr`) the bench reads. */
export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string }> }>
    audits: Record<string, Audit>
    runtimeError?: { code: string; message: string }
  }
}

export interface LighthouseRun {
  performance: number
  accessibility: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  /** Bytes of script the browser transferred during the run, as the server sent them. */
  scriptTransferBytes: number
  /** What to look at: the LCP element, failing accessibility audits, the largest opportunities. */
  notes: Array<string>
}

/** The median of the runs that measured it (a run Lighthouse could not finish gives NaN). */
export function median(values: Array<number>): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function numeric(result: LighthouseResult, id: string): number {
  return result.lhr.audits[id]?.numericValue ?? Number.NaN
}

function score(result: LighthouseResult, category: string): number {
  return Math.round((result.lhr.categories[category]?.score ?? 0) * 100)
}

/** The LCP element's selector and snippet, as Lighthouse describes it. */
function lcpElement(result: LighthouseResult): string {
  // Lighthouse 13 names it in its LCP insights (earlier versions in largest-contentful-paint-element).
  const audits = Object.values(result.lhr.audits).filter((audit) => /lcp|largest/.test(audit.id))
  const text = JSON.stringify(audits.map((audit) => audit.details ?? {}))
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? 'unknown'
  return snippet.slice(0, 160)
}

export function readRun(result: LighthouseResult): LighthouseRun {
  const audits = Object.values(result.lhr.audits)
  const accessibilityIds = new Set(
    (result.lhr.categories.accessibility?.auditRefs ?? []).map((ref) => ref.id)
  )
  const failingAccessibility = audits
    .filter((audit) => accessibilityIds.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => `a11y fails ${audit.id}: ${audit.title}`)
  const opportunities = audits
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.displayValue)
    .filter((audit) => !accessibilityIds.has(audit.id))
    .map((audit) => `${audit.id}: ${audit.displayValue ?? ''}`)
  const requests = result.lhr.audits['network-requests']?.details?.items ?? []
  const scriptTransferBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0)
  return {
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    fcpMs: numeric(result, 'first-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    scriptTransferBytes,
    notes: [
      `LCP element ${lcpElement(result)}`,
      ...(result.lhr.runtimeError ? [`runtime error ${result.lhr.runtimeError.code}`] : []),
      ...failingAccessibility,
      ...opportunities,
    ],
  }
}
