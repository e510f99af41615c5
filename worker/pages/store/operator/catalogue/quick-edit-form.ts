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
 * Reads the quick edit's form: `itemId` per row, then `price-<id>`, `wasPrice-<id>` (pounds,
 * empty = none) and the `outOfStock-<id>` / `available-<id>` checkboxes (absent = unticked).
 * A price that is not one is an error on its row, keyed `item-<id>`.
 */
export function quickEditItems(
  form: FormData
): { items: Array<QuickEditItem> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const items: Array<QuickEditItem> = []
  for (const raw of form.getAll('itemId')) {
    const itemId = Number(raw)
    if (!Number.isInteger(itemId) || itemId <= 0) continue
    const money = (name: string): number | null => {
      const text = String(form.get(`${name}-${itemId}`) ?? '').trim()
      if (text === '') return null
      const pence = parsePrice(text)
      if (pence === null || pence === 0) {
        errors[`item-${itemId}`] = formatMessage('catalogueCsvPrice', text)
        return null
      }
      return pence
    }
    items.push({
      itemId,
      price: money('price'),
      wasPrice: money('wasPrice'),
      outOfStock: form.get(`outOfStock-${itemId}`) !== null,
      available: form.get(`available-${itemId}`) !== null,
    })
  }
  return Object.keys(errors).length > 0 ? { errors } : { items }
}
