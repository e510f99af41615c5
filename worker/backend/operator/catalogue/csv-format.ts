import { parse } from 'csv-parse/sync'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import { restoreCell, writeCsv } from '../../../lib/csv.ts'
import {
  parsePrice,
  CATALOGUE_MAX_ROWS,
  type CatalogueKind,
  type CatalogueRowError,
} from '../../../../schemas/operator-catalogue.ts'

import { FOOD_COLUMNS, foodCells, readFood, type ItemFood } from './food-csv.ts'
import { isVatClass, VAT_CLASSES, type VatClass } from '../../../../schemas/vat.ts'

export { parsePrice }

/*
 * The catalogue's CSV format (ADR 029), pure: one file per kind, a header row naming the columns
 * (any order), rows keyed by slugs so a file moves between businesses and environments. Prices
 * are pounds and pence ("1.20", "£1.20"), yes/no columns take yes/no (or true/false, 1/0), tags
 * are lower-case and separated by semicolons. An empty optional cell means "none". Row numbers
 * are the file's: the header is row 1, so they match a spreadsheet's.
 */

export interface CategoryRecord {
  slug: string
  name: string
  parent: string | null
  description: string | null
  position: number
  active: boolean
  ageRestriction: number | null
}

export interface ItemRecord {
  slug: string
  name: string
  category: string
  description: string | null
  size: string | null
  ingredients: string | null
  price: number
  wasPrice: number | null
  tags: Array<string>
  outOfStock: boolean
  active: boolean
  ageRestriction: number | null
  maxQuantity: number | null
  position: number
  /** Allergens, nutrition, storage, origin, net quantity and operator (food-csv.ts). */
  food: ItemFood
  /**
   * The item's VAT rate class (ADR 051). Null where the file leaves it out: the item keeps its
   * own, and a new one is standard-rated (`planImport` fills it before comparing).
   */
  vatClass: VatClass | null
}

export interface StoreItemRecord {
  store: string
  item: string
  price: number | null
  wasPrice: number | null
  outOfStock: boolean | null
  available: boolean
  stockQuantity: number | null
}

/** One value of an item's option: the option's own columns repeat on each of its values' rows. */
export interface OptionRecord {
  item: string
  option: string
  value: string
  extraCost: number
  default: boolean
  outOfStock: boolean
  min: number
  max: number
  exclusive: boolean
  grid: boolean
  placeholder: string | null
}

export interface CatalogueRecords {
  categories: CategoryRecord
  items: ItemRecord
  options: OptionRecord
  'store-items': StoreItemRecord
}

/** The option-level columns: every row of one option must agree on them. */
const OPTION_COLUMNS = [
  ['min', 'min'],
  ['max', 'max'],
  ['exclusive', 'exclusive'],
  ['grid', 'grid'],
  ['placeholder', 'placeholder'],
] as const satisfies ReadonlyArray<readonly [keyof OptionRecord, string]>

/** Each kind's columns, in the order export writes them; `required` ones must be in the header. */
export const CATALOGUE_COLUMNS: {
  [K in CatalogueKind]: { all: ReadonlyArray<string>; required: ReadonlyArray<string> }
} = {
  categories: {
    all: ['slug', 'name', 'parent', 'description', 'position', 'active', 'age_restriction'],
    required: ['slug', 'name'],
  },
  items: {
    all: [
      'slug',
      'name',
      'category',
      'price',
      'was_price',
      'size',
      'description',
      'ingredients',
      'tags',
      'out_of_stock',
      'active',
      'age_restriction',
      'max_quantity',
      'position',
      ...FOOD_COLUMNS,
      'vat_class',
    ],
    required: ['slug', 'name', 'category', 'price'],
  },
  options: {
    all: [
      'item',
      'option',
      'value',
      'extra_cost',
      'default',
      'out_of_stock',
      'min',
      'max',
      'exclusive',
      'grid',
      'placeholder',
    ],
    required: ['item', 'option', 'value'],
  },
  'store-items': {
    all: ['store', 'item', 'price', 'was_price', 'out_of_stock', 'available', 'stock_quantity'],
    required: ['store', 'item'],
  },
}

/** The key of a row: what makes two rows the same thing. */
export function recordKey<K extends CatalogueKind>(kind: K, record: CatalogueRecords[K]): string {
  if (kind === 'store-items') {
    const row = record as StoreItemRecord
    return `${row.store}\u0000${row.item}`
  }
  if (kind === 'options') {
    const row = record as OptionRecord
    return `${row.item}\u0000${row.option}\u0000${row.value}`
  }
  return (record as CategoryRecord | ItemRecord).slug
}

/** A file's data rows: each cell by column name, and the row's number in the file. */
export interface RawRow {
  row: number
  cells: Record<string, string>
}

/** Reads CSV text into rows, checking its header against the kind's columns. */
export function readCsv(
  kind: CatalogueKind,
  text: string
): { rows: Array<RawRow>; errors: Array<CatalogueRowError> } {
  let table: Array<Array<string>>
  try {
    table = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true })
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0
    const reason = error instanceof Error ? error.message : String(error)
    return {
      rows: [],
      errors: [{ row: line, column: '', message: formatMessage('catalogueCsvUnreadable', reason) }],
    }
  }
  const [header, ...body] = table
  if (!header || body.length === 0) {
    return { rows: [], errors: [{ row: 0, column: '', message: MESSAGES.catalogueCsvEmpty }] }
  }
  const names = header.map((name) => name.trim().toLowerCase())
  const { all, required } = CATALOGUE_COLUMNS[kind]
  const errors: Array<CatalogueRowError> = [
    ...required
      .filter((name) => !names.includes(name))
      .map((name) => ({
        row: 1,
        column: name,
        message: formatMessage('catalogueCsvMissingColumn', name),
      })),
    ...names
      .filter((name) => !all.includes(name))
      .map((name) => ({
        row: 1,
        column: name,
        message: formatMessage('catalogueCsvUnknownColumn', name),
      })),
  ]
  if (body.length > CATALOGUE_MAX_ROWS) {
    errors.push({
      row: 0,
      column: '',
      message: formatMessage('catalogueCsvTooManyRows', CATALOGUE_MAX_ROWS),
    })
  }
  if (errors.length > 0) return { rows: [], errors }
  const rows = body.map((cells, index) => ({
    row: index + 2,
    // A formula-like cell was exported with an apostrophe before it (worker/lib/csv.ts).
    cells: Object.fromEntries(names.map((name, i) => [name, restoreCell(cells[i] ?? '').trim()])),
  }))
  return { rows, errors: [] }
}

/** Parses one row's cells, collecting an error per bad cell. */
class RowReader {
  readonly errors: Array<CatalogueRowError> = []
  constructor(private readonly raw: RawRow) {}

  cell(column: string): string {
    return this.raw.cells[column] ?? ''
  }

  private fail(column: string, message: string): void {
    this.errors.push({ row: this.raw.row, column, message })
  }

  text(column: string, max: number, required: true): string
  text(column: string, max: number, required?: false): string | null
  text(column: string, max: number, required = false): string | null {
    const value = this.raw.cells[column] ?? ''
    if (value === '') {
      if (required) this.fail(column, MESSAGES.catalogueCsvRequired)
      return required ? '' : null
    }
    if (value.length > max) this.fail(column, formatMessage('catalogueCsvTooLong', max))
    return value
  }

  slug(column: string, required: true): string
  slug(column: string, required?: false): string | null
  slug(column: string, required = false): string | null {
    const value = this.text(column, 100, required as false)
    if (value !== null && value !== '' && !SLUG.test(value)) {
      this.fail(column, formatMessage('catalogueCsvSlug', value))
    }
    return value
  }

  price(column: string, required: true): number
  price(column: string, required?: false): number | null
  price(column: string, required = false): number | null {
    const value = this.text(column, 20, required as false)
    if (value === null || value === '') return required ? 0 : null
    const pence = parsePrice(value)
    if (pence === null) this.fail(column, formatMessage('catalogueCsvPrice', value))
    return pence ?? 0
  }

  whole(column: string, min: number, max: number): number | null {
    const value = this.raw.cells[column] ?? ''
    if (value === '') return null
    const number = /^\d{1,9}$/.test(value) ? Number(value) : NaN
    if (!(number >= min && number <= max)) {
      this.fail(column, formatMessage('catalogueCsvWhole', value, min, max))
      return null
    }
    return number
  }

  yesNo(column: string): boolean | null {
    const value = (this.raw.cells[column] ?? '').toLowerCase()
    if (value === '') return null
    if (YES.includes(value)) return true
    if (NO.includes(value)) return false
    this.fail(column, formatMessage('catalogueCsvYesNo', this.raw.cells[column] ?? ''))
    return null
  }

  tags(column: string): Array<string> {
    const value = this.raw.cells[column] ?? ''
    if (value === '') return []
    const tags = value.split(';').map((tag) => tag.trim())
    if (!tags.every((tag) => TAG.test(tag))) {
      this.fail(column, formatMessage('catalogueCsvTags', value))
      return []
    }
    return [...new Set(tags)]
  }

  /** A VAT rate class, in any case; empty is null (the item's own, or standard when new). */
  vatClass(column: string): VatClass | null {
    const value = (this.raw.cells[column] ?? '').toLowerCase()
    if (value === '') return null
    if (isVatClass(value)) return value
    this.fail(
      column,
      formatMessage('catalogueCsvVatClass', VAT_CLASSES.join(', '), this.raw.cells[column] ?? '')
    )
    return null
  }

  /** Records an error found beyond the cell itself (a was price not above the price…). */
  refuse(column: string, message: string): void {
    this.fail(column, message)
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const TAG = /^[a-z0-9][a-z0-9 &'-]{0,39}$/
const YES = ['yes', 'y', 'true', '1']
const NO = ['no', 'n', 'false', '0']

/** Pence as the file writes them: "1.20". */
export function priceCell(pence: number | null): string {
  return pence === null ? '' : (pence / 100).toFixed(2)
}

const yesNoCell = (value: boolean | null): string => (value === null ? '' : value ? 'yes' : 'no')
const cell = (value: string | number | null): string => (value === null ? '' : String(value))

/** A row's record and its errors (those a row shows on its own, without the catalogue). */
export interface ParsedRow<R> {
  row: number
  record: R
  errors: Array<CatalogueRowError>
}

function parseCategory(raw: RawRow): ParsedRow<CategoryRecord> {
  const read = new RowReader(raw)
  const record: CategoryRecord = {
    slug: read.slug('slug', true),
    name: read.text('name', 100, true),
    parent: read.slug('parent'),
    description: read.text('description', 2000),
    position: read.whole('position', 0, 100_000) ?? 0,
    active: read.yesNo('active') ?? true,
    ageRestriction: read.whole('age_restriction', 1, 25),
  }
  return { row: raw.row, record, errors: read.errors }
}

function parseItem(raw: RawRow): ParsedRow<ItemRecord> {
  const read = new RowReader(raw)
  const record: ItemRecord = {
    slug: read.slug('slug', true),
    name: read.text('name', 200, true),
    category: read.slug('category', true),
    price: read.price('price', true),
    wasPrice: read.price('was_price'),
    size: read.text('size', 50),
    description: read.text('description', 5000),
    ingredients: read.text('ingredients', 5000),
    tags: read.tags('tags'),
    outOfStock: read.yesNo('out_of_stock') ?? false,
    active: read.yesNo('active') ?? true,
    ageRestriction: read.whole('age_restriction', 1, 25),
    maxQuantity: read.whole('max_quantity', 1, 1000),
    position: read.whole('position', 0, 1_000_000) ?? 0,
    food: readFood(read),
    vatClass: read.vatClass('vat_class'),
  }
  if (record.price === 0 && read.errors.every((error) => error.column !== 'price')) {
    read.refuse('price', formatMessage('catalogueCsvPrice', raw.cells.price ?? ''))
  }
  if (record.wasPrice !== null && record.price > 0 && record.wasPrice <= record.price) {
    read.refuse('was_price', formatMessage('catalogueCsvWasPrice', priceCell(record.price)))
  }
  return { row: raw.row, record, errors: read.errors }
}

function parseStoreItem(raw: RawRow): ParsedRow<StoreItemRecord> {
  const read = new RowReader(raw)
  const record: StoreItemRecord = {
    store: read.slug('store', true),
    item: read.slug('item', true),
    price: read.price('price'),
    wasPrice: read.price('was_price'),
    outOfStock: read.yesNo('out_of_stock'),
    available: read.yesNo('available') ?? true,
    stockQuantity: read.whole('stock_quantity', 0, 1_000_000),
  }
  if (record.price === 0) {
    read.refuse('price', formatMessage('catalogueCsvPrice', raw.cells.price ?? ''))
  }
  return { row: raw.row, record, errors: read.errors }
}

function parseOption(raw: RawRow): ParsedRow<OptionRecord> {
  const read = new RowReader(raw)
  const extraCost = raw.cells.extra_cost ?? ''
  const record: OptionRecord = {
    item: read.slug('item', true),
    option: read.text('option', 100, true),
    value: read.text('value', 100, true),
    // A free value is 0: the only price column where 0 is allowed.
    extraCost: extraCost === '' || parsePrice(extraCost) === 0 ? 0 : read.price('extra_cost', true),
    default: read.yesNo('default') ?? false,
    outOfStock: read.yesNo('out_of_stock') ?? false,
    min: read.whole('min', 0, 50) ?? 0,
    max: read.whole('max', 1, 50) ?? 1,
    exclusive: read.yesNo('exclusive') ?? false,
    grid: read.yesNo('grid') ?? false,
    placeholder: read.text('placeholder', 100),
  }
  if (record.min > record.max) {
    read.refuse('min', formatMessage('catalogueCsvOptionMinMax', record.min, record.max))
  }
  return { row: raw.row, record, errors: read.errors }
}

/** An option's rows must agree on its own columns; a later row that differs is an error. */
function optionMismatches(rows: ReadonlyArray<ParsedRow<OptionRecord>>): void {
  const first = new Map<string, ParsedRow<OptionRecord>>()
  for (const parsed of rows) {
    const key = `${parsed.record.item}\u0000${parsed.record.option}`
    const earlier = first.get(key)
    if (!earlier) {
      first.set(key, parsed)
      continue
    }
    for (const [field, column] of OPTION_COLUMNS) {
      if (earlier.record[field] !== parsed.record[field]) {
        parsed.errors.push({
          row: parsed.row,
          column,
          message: formatMessage(
            'catalogueCsvOptionMismatch',
            parsed.record.option,
            column,
            earlier.row
          ),
        })
      }
    }
  }
}

const PARSERS: { [K in CatalogueKind]: (raw: RawRow) => ParsedRow<CatalogueRecords[K]> } = {
  categories: parseCategory,
  items: parseItem,
  options: parseOption,
  'store-items': parseStoreItem,
}

/**
 * Parses a file of `kind`: every row's record, every error by row and column, and a duplicate
 * key (the same slug twice) reported on its second row.
 */
export function parseCatalogueCsv<K extends CatalogueKind>(
  kind: K,
  text: string
): { rows: Array<ParsedRow<CatalogueRecords[K]>>; errors: Array<CatalogueRowError> } {
  const read = readCsv(kind, text)
  if (read.errors.length > 0) return { rows: [], errors: read.errors }
  const parser = PARSERS[kind] as (raw: RawRow) => ParsedRow<CatalogueRecords[K]>
  const rows = read.rows.map(parser)
  if (kind === 'options') optionMismatches(rows as Array<ParsedRow<OptionRecord>>)
  const seen = new Map<string, number>()
  const keyColumn = kind === 'store-items' ? 'item' : kind === 'options' ? 'value' : 'slug'
  for (const parsed of rows) {
    const key = recordKey(kind, parsed.record)
    const first = seen.get(key)
    if (first === undefined) seen.set(key, parsed.row)
    else {
      const shown =
        kind === 'store-items'
          ? (parsed.record as StoreItemRecord).item
          : kind === 'options'
            ? (parsed.record as OptionRecord).value
            : key
      parsed.errors.push({
        row: parsed.row,
        column: keyColumn,
        message: formatMessage('catalogueCsvDuplicate', shown, first),
      })
    }
  }
  return { rows, errors: rows.flatMap((parsed) => parsed.errors) }
}

function cellsOf<K extends CatalogueKind>(kind: K, record: CatalogueRecords[K]): Array<string> {
  if (kind === 'categories') {
    const r = record as CategoryRecord
    return [
      r.slug,
      r.name,
      cell(r.parent),
      cell(r.description),
      cell(r.position),
      yesNoCell(r.active),
      cell(r.ageRestriction),
    ]
  }
  if (kind === 'items') {
    const r = record as ItemRecord
    return [
      r.slug,
      r.name,
      r.category,
      priceCell(r.price),
      priceCell(r.wasPrice),
      cell(r.size),
      cell(r.description),
      cell(r.ingredients),
      r.tags.join(';'),
      yesNoCell(r.outOfStock),
      yesNoCell(r.active),
      cell(r.ageRestriction),
      cell(r.maxQuantity),
      cell(r.position),
      ...foodCells(r.food),
      cell(r.vatClass),
    ]
  }
  if (kind === 'options') {
    const r = record as OptionRecord
    return [
      r.item,
      r.option,
      r.value,
      priceCell(r.extraCost),
      yesNoCell(r.default),
      yesNoCell(r.outOfStock),
      cell(r.min),
      cell(r.max),
      yesNoCell(r.exclusive),
      yesNoCell(r.grid),
      cell(r.placeholder),
    ]
  }
  const r = record as StoreItemRecord
  return [
    r.store,
    r.item,
    priceCell(r.price),
    priceCell(r.wasPrice),
    yesNoCell(r.outOfStock),
    yesNoCell(r.available),
    cell(r.stockQuantity),
  ]
}

/** Writes records as a file of `kind` (what the import reads back to the same records). */
export function writeCatalogueCsv<K extends CatalogueKind>(
  kind: K,
  records: ReadonlyArray<CatalogueRecords[K]>
): string {
  return writeCsv([CATALOGUE_COLUMNS[kind].all, ...records.map((r) => cellsOf(kind, r))])
}

/** Whether two records of a kind are the same (what "unchanged" means). */
export function sameRecord<K extends CatalogueKind>(
  kind: K,
  a: CatalogueRecords[K],
  b: CatalogueRecords[K]
): boolean {
  return cellsOf(kind, a).join('\u0000') === cellsOf(kind, b).join('\u0000')
}
