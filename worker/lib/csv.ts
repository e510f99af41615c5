import { stringify } from 'csv-stringify/sync'

/*
 * The one CSV writer of the product (every export goes through writeCsv). A spreadsheet runs a
 * cell that starts with = + - @, or with a tab or carriage return before one, as a formula:
 * `=HYPERLINK(…)` or `=cmd|…` in a name an operator typed would run on the machine of whoever
 * opens the export (OWASP "CSV injection"). Such a cell is written with a leading apostrophe,
 * which spreadsheets show as text; the importer takes the apostrophe off again (restoreCell), so
 * an export imports back unchanged.
 */

// A cell a spreadsheet would evaluate, and one already starting with apostrophes before such a
// character (so a value that really starts with "'=" survives the round trip too).
const FORMULA_START = /^'*[=+\-@\t\r]/
const NEUTRALISED = /^'+[=+\-@\t\r]/

/** The cell as written: a leading apostrophe when a spreadsheet would run it as a formula. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** A cell as read back: the apostrophe neutraliseCell added taken off, anything else as is. */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value
}

/** Rows (the header first) as CSV text, every cell neutralised; lines end with \n. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return stringify(
    rows.map((row) => row.map(neutraliseCell)),
    { record_delimiter: '\n' }
  )
}
