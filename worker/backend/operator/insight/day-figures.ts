import {
  EMPTY_SUMS,
  type InsightScope,
  type InsightSums,
} from '../../../../schemas/operator-insight.ts'
import { addDays, localDayStartMs, offsetSpans } from './local-days.ts'
import { insightDays, insightStaffDays, type StaffDay } from './repo.ts'

/** A business's, brand's or store's figures are cut into days in this zone. */
export interface InsightTarget {
  businessId: number
  scope: InsightScope
  /** The brand's or store's id; null for the business. */
  scopeId: number | null
  timeZone: string
}

/** What one local day adds up to: its sums and each member of staff's row. */
export interface DayFigures {
  sums: InsightSums
  staff: Array<StaffDay>
}

/** Every local date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): Array<string> {
  const dates: Array<string> = []
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day)
  return dates
}

/**
 * The figures of each local day from `from` to `to` read from the orders themselves (ADR 040):
 * what the dashboard shows for today, and what the cron writes into the rollup for a closed day,
 * so the two can only agree. Days without anything get empty figures.
 */
export async function liveDays(
  db: D1Database,
  target: InsightTarget,
  from: string,
  to: string
): Promise<Map<string, DayFigures>> {
  const fromMs = localDayStartMs(from, target.timeZone)
  const toMs = localDayStartMs(addDays(to, 1), target.timeZone)
  const window = {
    businessId: target.businessId,
    scope: target.scope,
    scopeId: target.scopeId,
    fromIso: new Date(fromMs).toISOString(),
    toIso: new Date(toMs).toISOString(),
    spans: offsetSpans(fromMs, toMs, target.timeZone),
  }
  const [sums, staff] = await Promise.all([
    insightDays(db, window, target.scope !== 'store'),
    insightStaffDays(db, window),
  ])
  return new Map(
    datesBetween(from, to).map((day) => [
      day,
      { sums: sums.get(day) ?? EMPTY_SUMS, staff: staff.get(day) ?? [] },
    ])
  )
}
