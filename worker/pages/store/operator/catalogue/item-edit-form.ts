import { ITEM_EDIT_COLUMNS, type ItemEditCells } from '../../../../../schemas/operator-catalogue.ts'

/**
 * Reads the item edit page's form as the item's cells: each field as typed, the allergen
 * checkboxes as the file writes them ("milk;eggs"), the out-of-stock box as yes or no. The
 * backend checks them as the items import checks its row.
 */
export function itemEditCells(form: FormData): ItemEditCells {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, 5000) : ''
  }
  const cells = Object.fromEntries(ITEM_EDIT_COLUMNS.map((column) => [column, text(column)]))
  const ticked = (name: string) =>
    form
      .getAll(name)
      .filter((value): value is string => typeof value === 'string')
      .join(';')
  return {
    ...(cells as ItemEditCells),
    contains: ticked('contains'),
    may_contain: ticked('may_contain'),
    out_of_stock: form.get('out_of_stock') === 'yes' ? 'yes' : 'no',
  }
}
