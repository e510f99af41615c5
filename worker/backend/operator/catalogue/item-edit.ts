import { MESSAGES } from '../../../../schemas/messages.ts'
import { ITEM_EDIT_COLUMNS, type ItemEditCells } from '../../../../schemas/operator-catalogue.ts'
import { writeCsv } from '../../../lib/csv.ts'
import { AppError } from '../../../lib/errors.ts'
import { auditStatement } from '../../audit-repo.ts'
import { CATALOGUE_COLUMNS, type ItemRecord, readCsv, writeCatalogueCsv } from './csv-format.ts'
import { planImport, readKind } from './import-service.ts'
import { itemStatements } from './repo.ts'
import { findItem } from './store-items-repo.ts'

/*
 * The single-item edit page's backend (issue 41): the item is its row of the items file, so an
 * edit is checked exactly as an import of that one row is (the same rules and messages, each
 * error by column, which is the page's field) and written by the import's own statements, with
 * an audit entry naming the item. Columns the page does not show keep the row's value.
 */

/** The item's row as the items export writes it, cell by column. */
function rowCells(record: ItemRecord): Record<string, string> {
  return readCsv('items', writeCatalogueCsv('items', [record])).rows[0]?.cells ?? {}
}

async function itemRow(db: D1Database, businessId: number, itemId: number) {
  const item = await findItem(db, businessId, itemId)
  if (!item) throw new AppError('not_found', MESSAGES.productNotFound)
  const records = await readKind(db, businessId, 'items')
  const record = records.find((candidate) => candidate.slug === item.slug)
  if (!record) throw new AppError('not_found', MESSAGES.productNotFound)
  return { item, record }
}

/** What the edit page shows: the item's editable cells and the categories it may move to. */
export async function itemForEdit(db: D1Database, businessId: number, itemId: number) {
  const [{ item, record }, categories] = await Promise.all([
    itemRow(db, businessId, itemId),
    readKind(db, businessId, 'categories'),
  ])
  const cells = rowCells(record)
  return {
    itemId,
    name: item.name,
    cells: Object.fromEntries(
      ITEM_EDIT_COLUMNS.map((column) => [column, cells[column] ?? ''])
    ) as ItemEditCells,
    categories: categories.map((category) => ({ slug: category.slug, name: category.name })),
  }
}

/**
 * Saves the edited cells: refused with every error by column (validation_error, field = column)
 * and nothing written; otherwise the item's row and one audit entry in one batch.
 */
export async function saveItem(
  db: D1Database,
  caller: { businessId: number; staffId: number },
  input: { itemId: number; cells: ItemEditCells; at: string }
): Promise<{ itemId: number; changed: boolean }> {
  const { item, record } = await itemRow(db, caller.businessId, input.itemId)
  const before = rowCells(record)
  const after: Record<string, string> = { ...before, ...input.cells, slug: record.slug }
  const columns = CATALOGUE_COLUMNS.items.all
  const text = writeCsv([columns, columns.map((column) => after[column] ?? '')])
  const plan = await planImport(db, caller.businessId, 'items', new TextEncoder().encode(text))
  const errors = plan.report.errors
  if (errors.length > 0) {
    throw new AppError('validation_error', errors[0]?.message ?? MESSAGES.validationError, {
      fields: errors.map((error) => ({ field: error.column, message: error.message })),
    })
  }
  const changed = plan.changed as Array<ItemRecord>
  if (changed.length === 0) return { itemId: input.itemId, changed: false }
  const edited = ITEM_EDIT_COLUMNS.filter((column) => (before[column] ?? '') !== after[column])
  await db.batch([
    ...itemStatements(db, caller.businessId, changed, input.at),
    auditStatement(db, {
      businessId: caller.businessId,
      staffId: caller.staffId,
      action: 'menu_item.update',
      entity: 'menu_item',
      entityId: input.itemId,
      before: Object.fromEntries(edited.map((column) => [column, before[column] ?? ''])),
      after: Object.fromEntries(edited.map((column) => [column, after[column] ?? ''])),
      summary: `Edited ${item.name}: ${edited.join(', ')}`,
      at: input.at,
    }),
  ])
  return { itemId: input.itemId, changed: true }
}
