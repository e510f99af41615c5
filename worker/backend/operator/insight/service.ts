import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import {
  addSums,
  EMPTY_SUMS,
  INSIGHT_DEFAULT_DAYS,
  INSIGHT_MAX_DAYS,
  type Insight,
  type InsightRequest,
} from '../../../../schemas/operator-insight.ts'
import { AppError } from '../../../lib/errors.ts'
import { datesBetween, type DayFigures, type InsightTarget, liveDays } from './day-figures.ts'
import { addDays, localDateOf, mondayOf } from './local-days.ts'
import { emptyStaffDay, insightChoices, insightScope, type StaffDay, staffNames } from './repo.ts'
import { readRolledDays } from './rollup-repo.ts'

const DAY_MS = 86_400_000

function realDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00.000Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date
}

/** The period asked for, in local dates: by default the last 28 days, today included. */
export function insightPeriod(
  request: Pick<InsightRequest, 'from' | 'to'>,
  now: Date,
  timeZone: string
): { from: string; to: string } {
  const to = request.to ?? localDateOf(now.getTime(), timeZone)
  const from = request.from ?? addDays(to, 1 - INSIGHT_DEFAULT_DAYS)
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1
  // A date the calendar has not (30 February) is refused like a period out of range.
  if (!realDate(from) || !realDate(to) || !(days >= 1 && days <= INSIGHT_MAX_DAYS)) {
    throw new AppError(
      'validation_error',
      formatMessage('insightPeriodInvalid', String(INSIGHT_MAX_DAYS))
    )
  }
  return { from, to }
}

/** The insight of a scope of the caller's business for a period (ADR 040). */
export async function readInsight(
  db: D1Database,
  businessId: number,
  request: InsightRequest,
  now: Date
): Promise<Insight> {
  const scopeId = request.scope === 'business' ? null : (request.scopeId ?? null)
  const scope = await insightScope(db, businessId, request.scope, scopeId)
  if (!scope) throw new AppError('not_found', MESSAGES.insightScopeNotFound)
  const { from, to } = insightPeriod(request, now, scope.timeZone)
  const target = { businessId, scope: request.scope, scopeId, timeZone: scope.timeZone }
  const [days, choices] = await Promise.all([
    periodDays(db, target, from, to, now),
    insightChoices(db, businessId),
  ])
  const periods = new Map<string, typeof EMPTY_SUMS>()
  const staff = new Map<string, StaffDay>()
  for (const [day, figures] of days) {
    const period = request.grain === 'week' ? mondayOf(day) : day
    periods.set(period, addSums(periods.get(period) ?? EMPTY_SUMS, figures.sums))
    for (const row of figures.staff) {
      const total = staff.get(String(row.staffId)) ?? emptyStaffDay(row.staffId)
      staff.set(String(row.staffId), {
        staffId: row.staffId,
        refunds: total.refunds + row.refunds,
        refundPence: total.refundPence + row.refundPence,
        goodwillPence: total.goodwillPence + row.goodwillPence,
        linesPicked: total.linesPicked + row.linesPicked,
        pickingHours: total.pickingHours + row.pickingHours,
      })
    }
  }
  const names = await staffNames(
    db,
    [...staff.values()].flatMap((row) => (row.staffId === null ? [] : [row.staffId]))
  )
  return {
    scope: request.scope,
    scopeId,
    scopeName: scope.name,
    timeZone: scope.timeZone,
    from,
    to,
    grain: request.grain,
    periods: [...periods].map(([period, sums]) => ({ period, sums })),
    staff: [...staff.values()]
      .map((row) => ({
        ...row,
        name: row.staffId === null ? 'The system' : (names.get(row.staffId) ?? 'Former staff'),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    brands: choices.brands,
    stores: choices.stores,
  }
}

/**
 * Each day of the period: closed days from the cron's rollup, today and any day the rollup lacks
 * (not written yet, or cut in another zone) from the orders themselves.
 */
async function periodDays(
  db: D1Database,
  target: InsightTarget,
  from: string,
  to: string,
  now: Date
): Promise<Map<string, DayFigures>> {
  const yesterday = addDays(localDateOf(now.getTime(), target.timeZone), -1)
  const rolled =
    from <= yesterday
      ? await readRolledDays(db, target, from, to < yesterday ? to : yesterday)
      : new Map<string, DayFigures>()
  const missing = datesBetween(from, to).filter((day) => !rolled.has(day))
  const first = missing[0]
  const last = missing.at(-1)
  const live = first && last ? await liveDays(db, target, first, last) : new Map()
  return new Map(
    datesBetween(from, to).map((day) => [
      day,
      rolled.get(day) ?? live.get(day) ?? { sums: EMPTY_SUMS, staff: [] },
    ])
  )
}
