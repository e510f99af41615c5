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
import { addDays, localDateOf, localDayStartMs, mondayOf, offsetSpans } from './local-days.ts'
import { insightChoices, insightDays, insightScope, insightStaff } from './repo.ts'

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
  const fromMs = localDayStartMs(from, scope.timeZone)
  const toMs = localDayStartMs(addDays(to, 1), scope.timeZone)
  const window = {
    businessId,
    scope: request.scope,
    scopeId,
    fromIso: new Date(fromMs).toISOString(),
    toIso: new Date(toMs).toISOString(),
    spans: offsetSpans(fromMs, toMs, scope.timeZone),
  }
  const [days, staff, choices] = await Promise.all([
    insightDays(db, window, request.scope !== 'store'),
    insightStaff(db, window),
    insightChoices(db, businessId),
  ])
  const periods = new Map<string, typeof EMPTY_SUMS>()
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const period = request.grain === 'week' ? mondayOf(day) : day
    periods.set(period, addSums(periods.get(period) ?? EMPTY_SUMS, days.get(day) ?? EMPTY_SUMS))
  }
  return {
    scope: request.scope,
    scopeId,
    scopeName: scope.name,
    timeZone: scope.timeZone,
    from,
    to,
    grain: request.grain,
    periods: [...periods].map(([period, sums]) => ({ period, sums })),
    staff,
    brands: choices.brands,
    stores: choices.stores,
  }
}
