import { stringify } from 'csv-stringify/sync'

/*
 * Builds catalogue CSV files (the items kind, ADR 029) for tests, the benchmark and the e2e
 * journey: N items in one existing category, and optionally chosen rows made wrong in a known
 * way, so a test knows exactly which row and column the dry run must name. Pure: no worker APIs.
 */

/** How a row can be made wrong, and the column its error names. */
export const BAD_ROW_COLUMNS = {
  price: 'price',
  category: 'category',
  duplicate: 'slug',
  'was-price': 'was_price',
  tags: 'tags',
  'missing-name': 'name',
} as const
export type BadRow = keyof typeof BAD_ROW_COLUMNS

export interface CatalogueCsvOptions {
  /** How many item rows. */
  count: number
  /** An existing category slug of the business (the demo's 'bakery' by default). */
  category?: string
  /** Starts every slug and name, so two files do not collide ('csv-item' by default). */
  prefix?: string
  /** Rows to spoil, by 0-based item index (the file's row number is index + 2). */
  badRows?: Readonly<Record<number, BadRow>>
}

const HEADER = ['slug', 'name', 'category', 'price', 'was_price', 'size', 'description', 'tags']

/** The file's row number of the item at `index` (the header is row 1). */
export const csvRowNumber = (index: number): number => index + 2

/**
 * An items CSV of `count` items named "<Prefix> <n>", priced £1.00 upwards.
 *
 * @example catalogueItemsCsv({ count: 200 }) // a clean 200-item file
 * @example catalogueItemsCsv({ count: 10, badRows: { 2: 'price', 5: 'category', 7: 'duplicate' } })
 */
export function catalogueItemsCsv(options: CatalogueCsvOptions): string {
  const category = options.category ?? 'bakery'
  const prefix = options.prefix ?? 'csv-item'
  const rows: Array<Array<string>> = []
  for (let index = 0; index < options.count; index++) {
    const n = index + 1
    const pence = 100 + (index % 400)
    const row = [
      `${prefix}-${n}`,
      `${prefix.replace(/-/g, ' ')} ${n}`.replace(/^./, (first) => first.toUpperCase()),
      category,
      (pence / 100).toFixed(2),
      index % 5 === 0 ? ((pence + 50) / 100).toFixed(2) : '',
      '500g',
      `Item number ${n}, made for the import test.`,
      index % 3 === 0 ? 'vegan;organic' : '',
    ]
    const bad = options.badRows?.[index]
    if (bad === 'price') row[3] = '£1.2x'
    if (bad === 'category') row[2] = 'no-such-category'
    if (bad === 'duplicate') row[0] = `${prefix}-1`
    if (bad === 'was-price') row[4] = '0.50'
    if (bad === 'tags') row[7] = 'Vegan,,Organic'
    if (bad === 'missing-name') row[1] = ''
    rows.push(row)
  }
  return stringify([HEADER, ...rows], { record_delimiter: '\n' })
}
