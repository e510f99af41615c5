import { z } from 'zod'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { formatMessage } from '../../../../../schemas/messages.ts'
import { parsePrice } from '../../../../../schemas/operator-catalogue.ts'

/** One row of the quick edit as the backend takes it. */
export interface QuickEditItem {
  itemId: number
  price: number | null
  wasPrice: number | null
  outOfStock: boolean
  available: boolean
}

/**
 * The quick edit's form (a store's items, a page of rows): CataloguePages.tsx takes its names
 * from here and quickEditItems reads a post with these schemas. Each row posts its `itemId`, and
 * fields named after it: {@link quickEditRowFields}.
 */
export const QuickEditFormSchema = z.object({
  /** Every row's item id; one that is not an id is no row. */
  itemId: z
    .array(z.unknown())
    .catch([])
    .transform((ids) => ids.map(Number).filter((id) => Number.isInteger(id) && id > 0)),
})

export const QUICK_EDIT_FIELDS = fieldNames(QuickEditFormSchema)

/** A row's fields, named after its item; `error` is where the row's refusal is shown. */
export function quickEditRowFields(itemId: number) {
  return {
    price: `price-${itemId}`,
    wasPrice: `wasPrice-${itemId}`,
    outOfStock: `outOfStock-${itemId}`,
    available: `available-${itemId}`,
    error: `item-${itemId}`,
  } as const
}

/** Pounds typed; blank is none; anything else, or nothing to pay, is refused in the CSV's words. */
const price = z
  .string()
  .catch('')
  .transform((typed, ctx) => {
    const text = typed.trim()
    if (text === '') return null
    const pence = parsePrice(text)
    if (pence !== null && pence !== 0) return pence
    ctx.addIssue({ code: 'custom', message: formatMessage('catalogueCsvPrice', text) })
    return z.NEVER
  })

/** A check box: ticked when posted at all (an unticked box posts nothing). */
const box = z
  .string()
  .nullable()
  .catch(null)
  .transform((value) => value !== null)

/** One row, read from its own fields by their names without the item's id. */
const QuickEditRowSchema = z.object({
  price,
  wasPrice: price,
  outOfStock: box,
  available: box,
})

/**
 * Reads the quick edit's form: each row's prices (pounds, empty = none) and boxes. A price that is
 * not one is an error on its row, keyed `item-<id>` (the last one refused, as the row shows one).
 */
export function quickEditItems(
  form: FormData
): { items: Array<QuickEditItem> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const items: Array<QuickEditItem> = []
  const { itemId: itemIds } = QuickEditFormSchema.parse({
    [QUICK_EDIT_FIELDS.itemId]: form.getAll(QUICK_EDIT_FIELDS.itemId),
  })
  for (const itemId of itemIds) {
    const names = quickEditRowFields(itemId)
    const row = QuickEditRowSchema.safeParse({
      price: form.get(names.price),
      wasPrice: form.get(names.wasPrice),
      outOfStock: form.get(names.outOfStock),
      available: form.get(names.available),
    })
    if (row.success) items.push({ itemId, ...row.data })
    else errors[names.error] = row.error.issues.at(-1)?.message ?? ''
  }
  return Object.keys(errors).length > 0 ? { errors } : { items }
}
