import { formatMoney } from '../../schemas/money.ts'
import {
  type FigureUnit,
  INSIGHT_FIGURES,
  type Insight,
  type InsightFigureKey,
  linesPerHour,
} from '../../schemas/operator-insight.ts'
import { GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/**
 * The insight page's tables (ADR 040): which figures each chart and table shows. The page's
 * tables and their CSV exports are both made here, so a download has the figures on screen.
 */

export const INSIGHT_TABLES = [
  { id: 'sales', title: 'Sales', figures: ['sales'] },
  {
    id: 'orders',
    title: 'Orders and shoppers',
    figures: ['orders', 'newShoppers', 'returningShoppers'],
  },
  { id: 'basket', title: 'Average basket', figures: ['averageBasket'] },
  {
    id: 'funnel',
    title: 'Checkout funnel',
    figures: ['basketShoppers', 'checkoutShoppers', 'purchases'],
  },
  {
    id: 'fulfilment',
    title: 'Fill, substitution, rejection and on-time rates',
    figures: ['fillRate', 'substitutionRate', 'rejectionRate', 'onTimeRate'],
  },
  { id: 'accept', title: 'Time from order to accept', figures: ['acceptMinutes'] },
] as const satisfies ReadonlyArray<{
  id: string
  title: string
  figures: ReadonlyArray<InsightFigureKey>
}>

export type InsightTableId = (typeof INSIGHT_TABLES)[number]['id'] | 'staff'

export function isInsightTable(id: string): id is InsightTableId {
  return id === 'staff' || INSIGHT_TABLES.some((table) => table.id === id)
}

const FIGURES = new Map(INSIGHT_FIGURES.map((figure) => [figure.key, figure]))

export function figureOf(key: InsightFigureKey) {
  const figure = FIGURES.get(key)
  if (!figure) throw new Error(`no insight figure ${key}`)
  return figure
}

/** A value as the page shows it ('—' when there is nothing to divide by). */
export function shownValue(
  value: number | null,
  unit: FigureUnit,
  shop: ShopLocale = GB_LOCALE
): string {
  if (value === null) return '—'
  if (unit === 'pence') return formatMoney(value, shop)
  if (unit === 'percent') return `${value.toFixed(1)}%`
  if (unit === 'minutes') return `${value.toFixed(1)} min`
  return String(value)
}

/** A value as the CSV holds it: plain numbers (pounds with pence), empty for none. */
function csvValue(value: number | null, unit: FigureUnit): string {
  if (value === null) return ''
  return unit === 'pence' ? (value / 100).toFixed(2) : String(value)
}

/** A table's header and rows, as shown (`csv` false) or for the CSV export. */
export function insightTable(
  insight: Insight,
  id: InsightTableId,
  csv: boolean,
  shop: ShopLocale = GB_LOCALE
): Array<Array<string>> {
  const periodHeader = insight.grain === 'week' ? 'Week from' : 'Date'
  if (id === 'staff') {
    const header = [
      'Member of staff',
      csv ? 'Refunds' : 'Refunds',
      csv ? 'Refunded (GBP)' : 'Refunded',
      csv ? 'Goodwill (GBP)' : 'Goodwill',
      'Lines picked',
      'Lines per hour',
    ]
    return [
      header,
      ...insight.staff.map((row) => {
        const money = (pence: number) => (csv ? (pence / 100).toFixed(2) : formatMoney(pence, shop))
        const rate = linesPerHour(row)
        return [
          row.name,
          String(row.refunds),
          money(row.refundPence),
          money(row.goodwillPence),
          String(row.linesPicked),
          rate === null ? (csv ? '' : '—') : String(rate),
        ]
      }),
    ]
  }
  const table = INSIGHT_TABLES.find((candidate) => candidate.id === id)
  const figures = (table?.figures ?? []).map(figureOf)
  return [
    [
      periodHeader,
      ...figures.map((figure) =>
        csv && figure.unit === 'pence' ? `${figure.label} (GBP)` : figure.label
      ),
    ],
    ...insight.periods.map((period) => [
      period.period,
      ...figures.map((figure) => {
        const value = figure.of(period.sums)
        return csv ? csvValue(value, figure.unit) : shownValue(value, figure.unit, shop)
      }),
    ]),
  ]
}
