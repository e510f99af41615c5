/*
 * A list's table that reads on a phone (issue 38: the console at 390 px; the operator lists and
 * the cookie policy's cookies): from `md` up a table as before; below it each row is a card of
 * its cells, one under another, each cell led by its column's name (the cell's `data-label`), so
 * nothing is cut off and nothing scrolls sideways. The row's header cell (its name, a link) leads
 * the card without a label. The head row stays for screen readers.
 */
// A data cell on a phone: its column's name (`data-label`) before its value, in a column of its
// own width so the values line up.
const CELL =
  'p-3 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:shrink-0 max-md:before:text-sm max-md:before:font-semibold max-md:before:text-ink/70 max-md:before:content-[attr(data-label)]'

export const STACKED_TABLE_CLASS = {
  /** The box around the table: a phone's cards sit in it, a wide table scrolls inside it. */
  box: 'rounded-2xl border-2 border-black/10 bg-white md:overflow-x-auto',
  table: 'w-full text-start max-md:block',
  head: 'bg-tint text-sm max-md:sr-only',
  body: 'max-md:block',
  row: 'border-t border-black/10 max-md:block max-md:px-3 max-md:py-2 max-md:first:border-t-0',
  /** The row's header cell: the card's title. */
  rowHeader: 'p-3 max-md:block max-md:p-0 max-md:text-lg',
  /** A data cell; give it `data-label` (its column's name) for the card's label. */
  cell: `${CELL} max-md:before:w-20`,
  /**
   * A data cell whose column names may run longer than a console's (a shopper page in another
   * language: 'Bewaartermijn'), so its label is not written over its value.
   */
  wideLabelCell: `${CELL} max-md:before:w-28`,
} as const
