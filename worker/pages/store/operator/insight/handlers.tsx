import type { Context } from 'hono'
import { InsightPage } from './InsightPage.tsx'
import {
  insightTable,
  isInsightTable,
  type InsightTableId,
} from '../../../../../client/lib/insight-tables.ts'
import { type InsightRequest, InsightSchema } from '../../../../../schemas/operator-insight.ts'
import type { AppEnv } from '../../../../env.ts'
import { writeCsv } from '../../../../lib/csv.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The insight's query: `?scope=store:12&from=2026-11-01&to=2026-11-28&grain=week`. Anything
 * unusable is left out (the backend's defaults apply); a period the backend refuses is its 422.
 */
export function insightQuery(
  query: (name: string) => string | undefined
): Omit<Partial<InsightRequest>, 'businessId'> {
  const asked: Omit<Partial<InsightRequest>, 'businessId'> = {}
  const [scope, id] = (query('scope') ?? '').split(':')
  const scopeId = pathId(id)
  if ((scope === 'brand' || scope === 'store') && scopeId !== null) {
    asked.scope = scope
    asked.scopeId = scopeId
  }
  for (const name of ['from', 'to'] as const) {
    const value = query(name)
    if (value && DATE.test(value)) asked[name] = value
  }
  if (query('grain') === 'week') asked.grain = 'week'
  return asked
}

function queryString(asked: ReturnType<typeof insightQuery>, table?: InsightTableId): string {
  const params = new URLSearchParams()
  if (asked.scope && asked.scopeId) params.set('scope', `${asked.scope}:${asked.scopeId}`)
  if (asked.from) params.set('from', asked.from)
  if (asked.to) params.set('to', asked.to)
  if (asked.grain) params.set('grain', asked.grain)
  if (table) params.set('table', table)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** GET /store/operator/insight: the figures of the chosen scope and period. */
export async function insightPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const asked = insightQuery((name) => c.req.query(name))
  const insight = await operatorRead(c, '/staff/operator/insight', asked, InsightSchema)
  return renderOperator(c, 'Insight', (chrome) => (
    <InsightPage
      frame={operatorFrame(chrome, access.staff, 'insight')}
      insight={insight}
      csvHref={(table) => `${OPERATOR_PATHS.insight}/export${queryString(asked, table)}`}
    />
  ))
}

/** GET /store/operator/insight/export?table=…: one of the page's tables as a CSV file. */
export async function insightExport(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const table = c.req.query('table') ?? ''
  if (!isInsightTable(table)) return c.notFound()
  const asked = insightQuery((name) => c.req.query(name))
  const insight = await operatorRead(c, '/staff/operator/insight', asked, InsightSchema)
  const scope = insight.scope === 'business' ? 'business' : `${insight.scope}-${insight.scopeId}`
  return new Response(writeCsv(insightTable(insight, table, true)), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="insight-${table}-${scope}-${insight.from}-${insight.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  })
}
