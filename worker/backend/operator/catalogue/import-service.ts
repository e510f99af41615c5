import { formatMessage } from '../../../../schemas/messages.ts'
import type {
  CatalogueImportReport,
  CatalogueKind,
  CatalogueRowError,
} from '../../../../schemas/operator-catalogue.ts'
import { sha256Hex } from '../../../lib/crypto.ts'
import { AppError } from '../../../lib/errors.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { auditStatement } from '../../audit-repo.ts'
import {
  type CatalogueRecords,
  type CategoryRecord,
  type ItemRecord,
  type OptionRecord,
  type ParsedRow,
  parseCatalogueCsv,
  priceCell,
  recordKey,
  sameRecord,
  type StoreItemRecord,
  writeCatalogueCsv,
} from './csv-format.ts'
import {
  categoryStatements,
  itemStatements,
  readCategories,
  readItems,
  readStoreItems,
  readStoreSlugs,
  storeItemStatements,
} from './repo.ts'
import { optionStatements, readLinkedOptionItems, readOptions } from './options-repo.ts'

/*
 * The catalogue import (ADR 029): check a file against the business's catalogue (every error by
 * row and column, what would be created, updated or left alone) and apply it all-or-nothing.
 * Apply re-reads and re-checks everything: the dry run is advice, never trusted.
 */

/** The kind's records as they are now, in export order. */
export function readKind<K extends CatalogueKind>(
  db: D1Database,
  businessId: number,
  kind: K
): Promise<Array<CatalogueRecords[K]>> {
  const read =
    kind === 'categories'
      ? readCategories
      : kind === 'items'
        ? readItems
        : kind === 'options'
          ? readOptions
          : readStoreItems
  return read(db, businessId) as Promise<Array<CatalogueRecords[K]>>
}

/** The catalogue's export of a kind, and its version (SHA-256 of that export). */
export async function exportKind(
  db: D1Database,
  businessId: number,
  kind: CatalogueKind
): Promise<{ csv: string; version: string; records: Array<CatalogueRecords[CatalogueKind]> }> {
  const records = await readKind(db, businessId, kind)
  const csv = writeCatalogueCsv(kind, records)
  return { csv, version: await sha256Hex(csv), records }
}

const rowError = (row: number, column: string, message: string): CatalogueRowError => ({
  row,
  column,
  message,
})

/** Errors that need the catalogue: unknown slugs, loops, was prices against the item's price. */
async function contextErrors(
  db: D1Database,
  businessId: number,
  kind: CatalogueKind,
  rows: ReadonlyArray<ParsedRow<CatalogueRecords[CatalogueKind]>>
): Promise<Array<CatalogueRowError>> {
  const errors: Array<CatalogueRowError> = []
  if (kind === 'categories') {
    const existing = await readCategories(db, businessId)
    const parents = new Map(existing.map((c) => [c.slug, c.parent]))
    for (const { record } of rows as ReadonlyArray<ParsedRow<CategoryRecord>>) {
      parents.set(record.slug, record.parent)
    }
    for (const { row, record } of rows as ReadonlyArray<ParsedRow<CategoryRecord>>) {
      if (record.parent === null) continue
      if (!parents.has(record.parent)) {
        errors.push(
          rowError(row, 'parent', formatMessage('catalogueCsvUnknownParent', record.parent))
        )
        continue
      }
      // Walk up from the row: meeting the row's own slug again is a loop.
      let step: string | null = record.parent
      for (let depth = 0; step !== null && depth <= parents.size; depth++) {
        if (step === record.slug) {
          errors.push(
            rowError(row, 'parent', formatMessage('catalogueCsvParentLoop', record.parent))
          )
          break
        }
        step = parents.get(step) ?? null
      }
    }
  } else if (kind === 'items') {
    const known = new Set((await readCategories(db, businessId)).map((c) => c.slug))
    for (const { row, record } of rows as ReadonlyArray<ParsedRow<ItemRecord>>) {
      if (record.category !== '' && !known.has(record.category)) {
        errors.push(
          rowError(row, 'category', formatMessage('catalogueCsvUnknownCategory', record.category))
        )
      }
    }
  } else if (kind === 'options') {
    const [items, linked] = await Promise.all([
      readItems(db, businessId),
      readLinkedOptionItems(db, businessId),
    ])
    const known = new Set(items.map((item) => item.slug))
    for (const { row, record } of rows as ReadonlyArray<ParsedRow<OptionRecord>>) {
      if (record.item === '') continue
      if (!known.has(record.item)) {
        errors.push(rowError(row, 'item', formatMessage('catalogueCsvUnknownItem', record.item)))
      } else if (linked.has(record.item)) {
        errors.push(rowError(row, 'item', formatMessage('catalogueCsvOptionsLinked', record.item)))
      }
    }
  } else {
    const [stores, items] = await Promise.all([
      readStoreSlugs(db, businessId),
      readItems(db, businessId),
    ])
    const prices = new Map(items.map((item) => [item.slug, item.price]))
    for (const { row, record } of rows as ReadonlyArray<ParsedRow<StoreItemRecord>>) {
      if (record.store !== '' && !stores.has(record.store)) {
        errors.push(rowError(row, 'store', formatMessage('catalogueCsvUnknownStore', record.store)))
      }
      const itemPrice = prices.get(record.item)
      if (record.item !== '' && itemPrice === undefined) {
        errors.push(rowError(row, 'item', formatMessage('catalogueCsvUnknownItem', record.item)))
      }
      const price = record.price ?? itemPrice
      if (record.wasPrice !== null && price !== undefined && record.wasPrice <= price) {
        errors.push(
          rowError(row, 'was_price', formatMessage('catalogueCsvWasPrice', priceCell(price)))
        )
      }
    }
  }
  return errors
}

/** The file's rows that would change something, and the counts of the report. */
export interface ImportPlan {
  report: CatalogueImportReport
  changed: Array<CatalogueRecords[CatalogueKind]>
}

/**
 * A file without the VAT class column (or with the cell empty) leaves an item's class as it is,
 * and a new item standard-rated (ADR 051): a file from before VAT, re-imported, changes no class.
 */
function keepVatClass(record: ItemRecord, before: ItemRecord | undefined): void {
  record.vatClass ??= before?.vatClass ?? 'standard'
}

/** Checks a file against the catalogue: a report that changes nothing. */
export async function planImport(
  db: D1Database,
  businessId: number,
  kind: CatalogueKind,
  bytes: Uint8Array
): Promise<ImportPlan> {
  const text = new TextDecoder().decode(bytes)
  const [fileHash, current] = await Promise.all([sha256Hex(text), exportKind(db, businessId, kind)])
  const parsed = parseCatalogueCsv(kind, text)
  const errors = [
    ...parsed.errors,
    ...(parsed.errors.length === 0 || parsed.rows.length > 0
      ? await contextErrors(db, businessId, kind, parsed.rows)
      : []),
  ].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column))
  const existing = new Map(current.records.map((record) => [recordKey(kind, record), record]))
  let created = 0
  let unchanged = 0
  const changed: Array<CatalogueRecords[CatalogueKind]> = []
  for (const { record } of parsed.rows) {
    const before = existing.get(recordKey(kind, record))
    if (kind === 'items') keepVatClass(record as ItemRecord, before as ItemRecord | undefined)
    if (before === undefined) created++
    else if (sameRecord(kind, before, record)) {
      unchanged++
      continue
    }
    changed.push(record)
  }
  let removed = 0
  if (kind === 'options') {
    // A file lists all of each item's options: what it leaves out goes, and an item with any
    // change is rewritten whole (matched by name, so kept values keep their ids).
    const rows = parsed.rows.map((p) => p.record as OptionRecord)
    const listed = new Set(rows.map((row) => recordKey(kind, row)))
    const named = new Set(rows.map((row) => row.item))
    const gone = (current.records as Array<OptionRecord>).filter(
      (row) => named.has(row.item) && !listed.has(recordKey(kind, row))
    )
    removed = gone.length
    const touched = new Set([
      ...(changed as Array<OptionRecord>).map((row) => row.item),
      ...gone.map((row) => row.item),
    ])
    changed.splice(0, changed.length, ...rows.filter((row) => touched.has(row.item)))
  }
  return {
    report: {
      kind,
      rows: parsed.rows.length,
      errors,
      created,
      updated: parsed.rows.length - created - unchanged,
      unchanged,
      removed,
      fileHash,
      version: current.version,
      applied: false,
    },
    changed,
  }
}

function statementsFor(
  db: D1Database,
  businessId: number,
  kind: CatalogueKind,
  rows: ReadonlyArray<CatalogueRecords[CatalogueKind]>,
  at: string
): Array<D1PreparedStatement> {
  if (kind === 'categories') {
    return categoryStatements(db, businessId, rows as ReadonlyArray<CategoryRecord>, at)
  }
  if (kind === 'items') return itemStatements(db, businessId, rows as ReadonlyArray<ItemRecord>, at)
  if (kind === 'options')
    return optionStatements(db, businessId, rows as ReadonlyArray<OptionRecord>)
  return storeItemStatements(db, businessId, rows as ReadonlyArray<StoreItemRecord>, at)
}

/**
 * Applies a file: re-checks it; refuses (422, every error) if any row is wrong and (409) if the
 * catalogue changed since the dry run's `version`; then writes every changed row and one audit
 * entry in ONE batch, so all of it lands or none does.
 */
export async function applyImport(
  db: D1Database,
  caller: { businessId: number; staffId: number },
  input: { kind: CatalogueKind; bytes: Uint8Array; version: string; at: string }
): Promise<CatalogueImportReport> {
  const plan = await planImport(db, caller.businessId, input.kind, input.bytes)
  if (plan.report.errors.length > 0) {
    throw new AppError('validation_error', plan.report.errors[0]?.message ?? '', {
      fields: plan.report.errors.map((error) => ({
        field: `row ${error.row}${error.column ? ` ${error.column}` : ''}`,
        message: error.message,
      })),
    })
  }
  if (plan.report.version !== input.version) {
    throw new AppError('conflict', MESSAGES.catalogueCatalogueChanged)
  }
  const { created, updated, unchanged, removed, fileHash, kind, rows } = plan.report
  await db.batch([
    ...statementsFor(db, caller.businessId, kind, plan.changed, input.at),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'catalogue.import',
      entity: 'catalogue_import',
      entityId: null,
      before: { version: plan.report.version },
      after: { kind, rows, created, updated, unchanged, removed, fileHash },
      summary:
        `Imported ${kind} CSV: ${created} created, ${updated} updated, ${unchanged} unchanged` +
        (removed > 0 ? `, ${removed} removed` : ''),
      at: input.at,
    }),
  ])
  return { ...plan.report, applied: true }
}
