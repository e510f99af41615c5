import {
  REVIEW_REJECT_STATUSES,
  type OrderChange,
  type OrderChanges,
} from '../../../schemas/order-changes.ts'
import { fillMessage, type Say } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { receivedUnits } from './pricing.ts'
import { orderPickLines, type PickLineRow } from './repo.ts'
import { outcomeOf } from './view.ts'

/*
 * What picking changed, as the shopper reviews it (issue 42, ADR 043): pure, from the order's
 * pick lines, so the member's order page, the tracking page and the picked email tell the same.
 */

function changeOf(line: PickLineRow): OrderChange | null {
  const outcome = outcomeOf(line)
  if (outcome === null || outcome.mark === 'picked') return null
  const base = {
    lineId: line.id,
    ordered: { name: line.name, quantity: line.quantity },
    chosen: line.allow_substitutes === 1 ? line.chosen_name : null,
    chargedPrice: line.charged_price ?? 0,
    rejected: line.rejected_by,
    refunded: line.rejected_amount ?? 0,
  }
  switch (outcome.mark) {
    case 'substituted':
      return {
        ...base,
        kind: 'substituted',
        supplied: {
          name: line.substitute_name ?? '',
          quantity: line.substitute_quantity ?? 1,
        },
      }
    case 'short':
      return {
        ...base,
        kind: 'short',
        supplied: {
          name: line.name,
          quantity: receivedUnits(
            { quantity: line.quantity, totalPrice: line.total_price },
            outcome
          ),
        },
      }
    case 'out_of_stock':
      return { ...base, kind: 'out_of_stock', supplied: null }
  }
}

/** The order's changes once it is picked (none before: a line marked mid-picking may change). */
export function orderChangesOf(
  order: { status: string; payment_method: string | null },
  lines: ReadonlyArray<PickLineRow>
): OrderChanges | null {
  const { status } = order
  if (['sent_to_store', 'store_accepted_picking'].includes(status)) return null
  const changes = lines.map(changeOf).filter((change) => change !== null)
  if (changes.length === 0) return null
  return {
    lines: changes,
    canReject:
      (REVIEW_REJECT_STATUSES as ReadonlyArray<string>).includes(status) &&
      changes.some((change) => change.kind === 'substituted' && change.rejected === null),
    cash: order.payment_method === 'paymentCash',
  }
}

/** The order's changes as they now are (the pages' list). */
export async function changesOfOrder(
  db: D1Database,
  order: { id: number; status: string; payment_method: string | null }
): Promise<OrderChanges | null> {
  return orderChangesOf(order, await orderPickLines(db, order.id))
}

/**
 * The changes in one sentence, for the picked email ('2 × Oat milk instead of 2 × Whole milk; …'),
 * each change said by `say` (the business's catalogue; English by default).
 */
export function changesSentence(changes: OrderChanges, say: Say = fillMessage): string {
  return changes.lines
    .map((change) => {
      const ordered = `${change.ordered.quantity} × ${change.ordered.name}`
      switch (change.kind) {
        case 'substituted':
          return say(
            MESSAGES.orderChangeSubstituted,
            change.supplied?.quantity ?? 1,
            change.supplied?.name ?? '',
            ordered
          )
        case 'short':
          return say(MESSAGES.orderChangeShort, change.supplied?.quantity ?? 0, ordered)
        case 'out_of_stock':
          return say(MESSAGES.orderChangeOutOfStock, ordered)
      }
    })
    .join('; ')
}
