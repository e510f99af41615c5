import {
  INSIGHT_GRAINS,
  type Insight,
  linesPerHour,
} from '../../../../../schemas/operator-insight.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { InsightChart } from './InsightChart.tsx'
import {
  figureOf,
  INSIGHT_TABLES,
  type InsightTableId,
  insightTable,
  shownValue,
} from '../../../../../client/lib/insight-tables.ts'
import { useShopLocale } from '../../../../../client/lib/shop-locale.ts'

/**
 * The operator's insight (issue 44, ADR 040): a form choosing the business, a brand or a store,
 * the period and day or week, then each group of figures as a chart with its table beside it and
 * a CSV download of the table, and the staff table.
 */
export function InsightPage({
  frame,
  insight,
  csvHref,
}: {
  frame: OperatorFrame
  insight: Insight
  /** The CSV download of one table, for the same choice. */
  csvHref: (table: InsightTableId) => string
}) {
  const shop = useShopLocale()
  const periods = insight.periods.map((period) => period.period)
  const scopeValue =
    insight.scope === 'business' ? 'business' : `${insight.scope}:${insight.scopeId}`
  return (
    <OperatorLayout
      frame={frame}
      title="Insight"
      intro={`${insight.scopeName}, ${insight.from} to ${insight.to} (${insight.timeZone} dates), by ${insight.grain}.`}
    >
      <form method="get" className="mb-6 flex flex-wrap items-end gap-4">
        <label className="flex flex-col text-sm font-semibold">
          Show
          <select
            name="scope"
            defaultValue={scopeValue}
            className="mt-1 min-h-11 rounded border-2 border-black/20 px-2"
          >
            <option value="business">The whole business</option>
            {insight.brands.map((brand) => (
              <option key={`b${brand.id}`} value={`brand:${brand.id}`}>
                Brand: {brand.name}
              </option>
            ))}
            {insight.stores.map((store) => (
              <option key={`s${store.id}`} value={`store:${store.id}`}>
                Store: {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold">
          From
          <input
            type="date"
            name="from"
            defaultValue={insight.from}
            className="mt-1 min-h-11 rounded border-2 border-black/20 px-2"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          To
          <input
            type="date"
            name="to"
            defaultValue={insight.to}
            className="mt-1 min-h-11 rounded border-2 border-black/20 px-2"
          />
        </label>
        <fieldset className="flex gap-3 text-sm">
          <legend className="font-semibold">By</legend>
          {INSIGHT_GRAINS.map((grain) => (
            <label key={grain} className="flex min-h-11 items-center gap-1">
              <input
                type="radio"
                name="grain"
                value={grain}
                defaultChecked={insight.grain === grain}
              />
              {grain === 'day' ? 'Day' : 'Week'}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="min-h-11 rounded bg-primary px-4 font-bold text-white">
          Show figures
        </button>
      </form>
      {INSIGHT_TABLES.map((table) => {
        if (table.id === 'funnel' && insight.scope === 'store') {
          return (
            <section key={table.id} aria-labelledby={`${table.id}-heading`} className="mb-8">
              <h2 id={`${table.id}-heading`} className="text-xl font-extrabold">
                {table.title}
              </h2>
              <p className="mt-2">
                Shoppers’ basket and checkout events are recorded per brand: choose the business or
                a brand to see the funnel.
              </p>
            </section>
          )
        }
        const figures = table.figures.map(figureOf)
        const unit = figures[0]?.unit ?? 'count'
        const rows = insightTable(insight, table.id, false, shop)
        const series = figures.map((figure) => ({
          label: figure.label,
          values: insight.periods.map((period) => figure.of(period.sums)),
        }))
        const described = figures
          .map((figure) => {
            const known = insight.periods
              .map((period) => figure.of(period.sums))
              .filter((v) => v !== null)
            if (known.length === 0) return `${figure.label}: no data.`
            return `${figure.label} from ${shownValue(Math.min(...known), figure.unit, shop)} to ${shownValue(Math.max(...known), figure.unit, shop)}.`
          })
          .join(' ')
        return (
          <section key={table.id} aria-labelledby={`${table.id}-heading`} className="mb-8">
            <h2 id={`${table.id}-heading`} className="text-xl font-extrabold">
              {table.title}
            </h2>
            <div className="mt-3 grid gap-4 lg:grid-cols-2">
              <InsightChart
                id={`chart-${table.id}`}
                title={`${table.title} by ${insight.grain}, ${insight.from} to ${insight.to}`}
                description={`${described} Every value is in the table beside the chart.`}
                periods={periods}
                series={series}
                format={(value) => shownValue(value, unit, shop)}
                least={unit === 'pence' ? 100 : 1}
              />
              <DataTable caption={table.title} rows={rows} csvHref={csvHref(table.id)} />
            </div>
          </section>
        )
      })}
      <section aria-labelledby="staff-heading" className="mb-8">
        <h2 id="staff-heading" className="text-xl font-extrabold">
          Refunds, goodwill and picking by member of staff
        </h2>
        {insight.staff.length === 0 ? (
          <p className="mt-2">No refunds, goodwill or picking in this period.</p>
        ) : (
          <DataTable
            caption="By member of staff"
            rows={insightTable(insight, 'staff', false, shop)}
            csvHref={csvHref('staff')}
          />
        )}
        <p className="mt-2 text-sm">
          All staff:{' '}
          {shownValue(
            linesPerHour({
              linesPicked: insight.staff.reduce((sum, row) => sum + row.linesPicked, 0),
              pickingHours: insight.staff.reduce((sum, row) => sum + row.pickingHours, 0),
            }),
            'count',
            shop
          )}{' '}
          picker lines per hour.
        </p>
      </section>
    </OperatorLayout>
  )
}

function DataTable({
  caption,
  rows,
  csvHref,
}: {
  caption: string
  rows: ReadonlyArray<ReadonlyArray<string>>
  csvHref: string
}) {
  const [header = [], ...body] = rows
  return (
    <div className="min-w-0">
      {/* Focusable, so a keyboard can scroll a long period's rows. */}
      <div
        role="region"
        aria-label={`${caption}, table`}
        tabIndex={0}
        className="max-h-80 overflow-auto rounded border-2 border-black/10 bg-white"
      >
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-white">
            <tr>
              {header.map((cell) => (
                <th key={cell} scope="col" className="px-2 py-1">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((row, at) => (
              <tr key={`${row[0]}-${at}`} className="border-t border-black/10">
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th
                      key={index}
                      scope="row"
                      className="px-2 py-1 font-semibold whitespace-nowrap"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="px-2 py-1 tabular-nums">
                      {cell}
                    </td>
                  )
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a
        href={csvHref}
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline"
      >
        Download {caption.toLowerCase()} as CSV
      </a>
    </div>
  )
}
