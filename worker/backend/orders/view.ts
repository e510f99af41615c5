import { sayIn } from '../../../schemas/message-catalogue.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { weighedPrice, weighedQuantityLabel, weighingOf } from '../../../schemas/weighing.ts'
import { type CheckoutAddress, CheckoutAddressSchema } from '../../../schemas/checkout.ts'
import type { StoreOrderLine, StoreOrderSlot } from '../../../schemas/store-orders.ts'
import { receivedUnits, type LineOutcome } from './pricing.ts'
import type { PickLineRow, StoreOrderRow } from './repo.ts'

/*
 * The order's parts as every view tells them (pure): the store console, the member's orders,
 * tracking and the driver's route build their answers from these.
 */

/** A stored address (JSON written by checkout), or null when absent or unreadable. */
export function parseAddress(json: string | null): CheckoutAddress | null {
  if (json === null) return null
  try {
    const parsed = CheckoutAddressSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The slot as the shopper chose it (a future order without one reads as asap). */
export function slotOf(
  row: Pick<StoreOrderRow, 'fulfilment_timing' | 'slot_date' | 'slot_starts_at' | 'slot_ends_at'>
): StoreOrderSlot {
  if (row.fulfilment_timing === 'asap' || !row.slot_date || !row.slot_starts_at) {
    return { kind: 'asap' }
  }
  return {
    kind: 'scheduled',
    date: row.slot_date,
    startsAt: row.slot_starts_at,
    endsAt: row.slot_ends_at ?? row.slot_starts_at,
  }
}

/** The mark of a line as the price rule reads it; null when not marked. */
export function outcomeOf(line: PickLineRow): LineOutcome | null {
  switch (line.mark) {
    case null:
      return null
    case 'picked':
      // A weighed line's charge is what its weight cost (ADR 039).
      return line.picked_grams !== null && line.charged_price !== null
        ? { mark: 'picked', weighedCharge: line.charged_price }
        : { mark: 'picked' }
    case 'short':
      return { mark: 'short', pickedQuantity: line.picked_quantity ?? 0 }
    case 'out_of_stock':
      return { mark: 'out_of_stock' }
    case 'substituted':
      return {
        mark: 'substituted',
        substituteUnitPrice: line.substitute_unit_price ?? 0,
        substituteQuantity: line.substitute_quantity ?? 1,
      }
  }
}

/** One line as the console and the member both see it: marks, substitute, what it costs now. */
export function lineOf(
  line: PickLineRow,
  selections: ReadonlyArray<string>,
  /**
   * Says a weighed line's words in the shop's language and its weight in the shop's numbers
   * ('ca. 1,5 kg') on a shopper's page; the store console's default is English and the UK's.
   */
  shop: ShopLocale = GB_LOCALE
): StoreOrderLine {
  const outcome = outcomeOf(line)
  const charged = line.charged_price ?? line.total_price
  return {
    lineId: line.id,
    menuItemId: line.menu_item_id,
    name: line.name,
    selections: [...selections],
    quantity: line.quantity,
    unitPrice: line.unit_price,
    totalPrice: line.total_price,
    mark: line.mark,
    pickedQuantity:
      outcome === null
        ? null
        : outcome.mark === 'substituted'
          ? 0
          : receivedUnits({ quantity: line.quantity, totalPrice: line.total_price }, outcome),
    substitute:
      line.mark === 'substituted' && line.substitute_menu_item_id !== null
        ? {
            menuItemId: line.substitute_menu_item_id,
            name: line.substitute_name ?? '',
            quantity: line.substitute_quantity ?? 1,
            unitPrice: line.substitute_unit_price ?? 0,
            chargedPrice: charged,
          }
        : null,
    chargedPrice: Math.max(
      0,
      charged - refundedShare(line, outcome, charged, line.refunded_quantity ?? 0)
    ),
    refundedQuantity: line.refunded_quantity ?? 0,
    version: line.version,
    ageRestriction: line.age_restriction,
    challenge25: line.age_restriction !== null,
    allowSubstitutes: line.allow_substitutes === 1,
    substitution:
      line.allow_substitutes === 0
        ? 'none'
        : line.chosen_item_id === null
          ? 'best_match'
          : 'replacement',
    chosenReplacement:
      line.allow_substitutes === 1 && line.chosen_item_id !== null
        ? { menuItemId: line.chosen_item_id, name: line.chosen_name ?? '' }
        : null,
    weighed: weighedOf(line, shop),
  }
}

/** A weighed line's weight as asked for and as picked (ADR 039); null for an item sold each. */
function weighedOf(line: PickLineRow, shop: ShopLocale): StoreOrderLine['weighed'] {
  const weighing = weighingOf(line)
  if (weighing === null) return null
  const grams = line.mark === 'picked' ? line.picked_grams : null
  const weighed = grams === null ? null : weighedPrice(weighing.pricePerKg, grams)
  return {
    label: weighedQuantityLabel(weighing, line.quantity, sayIn(shop), shop),
    pricePerKg: weighing.pricePerKg,
    pickedGrams: grams,
    weighedPrice: weighed,
    capped: weighed !== null && weighed > (line.charged_price ?? weighed),
  }
}

/** What the line's refunded units gave back (the same pro rata rule as the refund). */
function refundedShare(
  line: PickLineRow,
  outcome: LineOutcome | null,
  charged: number,
  refunded: number
): number {
  const received = receivedUnits({ quantity: line.quantity, totalPrice: line.total_price }, outcome)
  return received === 0 ? 0 : Math.floor((charged * refunded) / received)
}
