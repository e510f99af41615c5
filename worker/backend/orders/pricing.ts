import type { LineMark } from '../../../schemas/order-states.ts'

/*
 * What the shopper pays for a picked line (ADR 017 "Picking"): pure, in pence. The rule the store
 * cannot break: the shopper never pays more for a line than they agreed to at checkout, whatever
 * the store picks instead; a short line is paid pro rata, rounded in the shopper's favour.
 */

/** A line as ordered. */
export interface OrderedLine {
  readonly quantity: number
  readonly totalPrice: number
}

/** What the picker did with the line. */
export type LineOutcome =
  /** A weighed line carries what its weight costs (capped at what was authorised). */
  | { readonly mark: 'picked'; readonly weighedCharge?: number }
  | { readonly mark: 'short'; readonly pickedQuantity: number }
  | { readonly mark: 'out_of_stock' }
  | {
      readonly mark: 'substituted'
      readonly substituteUnitPrice: number
      readonly substituteQuantity: number
    }

export function outcomeMark(outcome: LineOutcome): LineMark {
  return outcome.mark
}

/** What the shopper pays for the line after the mark: never more than the line as ordered. */
export function chargedPrice(line: OrderedLine, outcome: LineOutcome): number {
  switch (outcome.mark) {
    case 'picked':
      return outcome.weighedCharge ?? line.totalPrice
    case 'short': {
      const found = Math.max(0, Math.min(outcome.pickedQuantity, line.quantity))
      return Math.floor((line.totalPrice * found) / line.quantity)
    }
    case 'out_of_stock':
      return 0
    case 'substituted':
      return Math.min(outcome.substituteUnitPrice * outcome.substituteQuantity, line.totalPrice)
  }
}

/** How many units of the line the shopper received (and may later have refunded). */
export function receivedUnits(line: OrderedLine, outcome: LineOutcome | null): number {
  if (outcome === null) return line.quantity
  switch (outcome.mark) {
    case 'picked':
      return line.quantity
    case 'short':
      return Math.max(0, Math.min(outcome.pickedQuantity, line.quantity))
    case 'out_of_stock':
      return 0
    case 'substituted':
      return outcome.substituteQuantity
  }
}

/**
 * The refund of `quantity` more units of a line whose `received` units cost `charged`, after
 * `alreadyRefunded` units: pro rata, each unit's share rounded so that refunding every unit gives
 * back exactly `charged`. Null when more units are asked than remain.
 */
export function lineRefundAmount(
  charged: number,
  received: number,
  alreadyRefunded: number,
  quantity: number
): number | null {
  if (quantity < 1 || alreadyRefunded + quantity > received) return null
  const upTo = (units: number) => Math.floor((charged * units) / received)
  return upTo(alreadyRefunded + quantity) - upTo(alreadyRefunded)
}

/**
 * The change of the order's total from its marked lines (≤ 0: the rule above). A weighed line
 * heavier than its estimate counts at its estimate here; what it adds is weighedExtra.
 */
export function pickingAdjustment(
  lines: ReadonlyArray<{ readonly totalPrice: number; readonly chargedPrice: number | null }>
): number {
  return lines.reduce(
    (sum, line) =>
      sum + (line.chargedPrice === null ? 0 : Math.min(0, line.chargedPrice - line.totalPrice)),
    0
  )
}

/** What weighed lines heavier than their estimate add to the order (≥ 0). */
export function weighedExtra(
  lines: ReadonlyArray<{ readonly totalPrice: number; readonly chargedPrice: number | null }>
): number {
  return lines.reduce(
    (sum, line) => sum + Math.max(0, (line.chargedPrice ?? line.totalPrice) - line.totalPrice),
    0
  )
}
