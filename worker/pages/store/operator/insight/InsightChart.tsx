import { scaleBand, scaleLinear } from 'd3-scale'
import { line } from 'd3-shape'

/**
 * A chart drawn on the server as SVG (ADR 040): d3-scale places the values and d3-shape draws
 * the lines, React writes the elements, and no script runs in the browser. It is an image to
 * assistive technology (role="img" with a title and a description saying what it shows); the
 * table beside it holds every value.
 */

export interface ChartSeries {
  label: string
  values: ReadonlyArray<number | null>
}

const WIDTH = 640
const HEIGHT = 240
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 }
// Told apart by dash as well as colour, so a series does not depend on seeing colour.
const STYLES = [
  { stroke: '#1d4ed8', dash: undefined },
  { stroke: '#b45309', dash: '6 4' },
  { stroke: '#047857', dash: '2 3' },
  { stroke: '#7e22ce', dash: '10 3 2 3' },
] as const

export function InsightChart({
  id,
  title,
  description,
  periods,
  series,
  format,
  least = 1,
}: {
  id: string
  title: string
  description: string
  periods: ReadonlyArray<string>
  series: ReadonlyArray<ChartSeries>
  format: (value: number) => string
  /** The smallest top of the scale, so an empty chart's ticks are whole units (100: £1). */
  least?: number
}) {
  const values = series.flatMap((one) => one.values.filter((value) => value !== null))
  const top = Math.max(least, ...values)
  const y = scaleLinear()
    .domain([Math.min(0, ...values), top])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  const x = scaleBand<string>()
    .domain([...periods])
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2)
  const centre = (index: number) => (x(periods[index] ?? '') ?? 0) + x.bandwidth() / 2
  // A label every few periods keeps them from overlapping on a long period.
  const labelEvery = Math.max(1, Math.ceil(periods.length / 7))
  const bars = series.length === 1
  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {y
          .ticks(4)
          .filter((tick) => Number.isInteger(tick))
          .map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#0000001a"
              />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="11">
                {format(tick)}
              </text>
            </g>
          ))}
        {periods.map((period, index) =>
          index % labelEvery === 0 ? (
            <text key={period} x={centre(index)} y={HEIGHT - 8} textAnchor="middle" fontSize="11">
              {period.slice(5)}
            </text>
          ) : null
        )}
        {bars
          ? (series[0]?.values ?? []).map((value, index) =>
              value === null ? null : (
                <rect
                  key={periods[index]}
                  x={x(periods[index] ?? '') ?? 0}
                  width={x.bandwidth()}
                  y={Math.min(y(value), y(0))}
                  height={Math.abs(y(0) - y(value))}
                  fill={STYLES[0].stroke}
                />
              )
            )
          : series.map((one, index) => {
              const style = STYLES[index % STYLES.length] ?? STYLES[0]
              const path = line<number | null>()
                .defined((value) => value !== null)
                .x((_, at) => centre(at))
                .y((value) => y(value ?? 0))([...one.values])
              return (
                <path
                  key={one.label}
                  d={path ?? ''}
                  fill="none"
                  stroke={style.stroke}
                  strokeWidth={2}
                  strokeDasharray={style.dash}
                />
              )
            })}
      </svg>
      {bars ? null : (
        <figcaption className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {series.map((one, index) => {
            const style = STYLES[index % STYLES.length] ?? STYLES[0]
            return (
              <span key={one.label} className="inline-flex items-center gap-1">
                <svg width="24" height="8" aria-hidden="true">
                  <line
                    x1="0"
                    x2="24"
                    y1="4"
                    y2="4"
                    stroke={style.stroke}
                    strokeWidth={2}
                    strokeDasharray={style.dash}
                  />
                </svg>
                {one.label}
              </span>
            )
          })}
        </figcaption>
      )}
    </figure>
  )
}
