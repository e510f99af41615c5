import { StoreOrderFormSchema } from './form.ts'
import type { z } from 'zod'
import { type OrderReasonLists, reasonOfChoice } from '../../../../schemas/order-reasons.ts'

// A slot order's ready time: at least a quarter of an hour ahead, at most a fortnight (the
// furthest any store takes orders, with room).
const SOONEST_READY_MS = 15 * 60_000
const LATEST_READY_MS = 14 * 24 * 60 * 60_000

/** The key of a console action: the form's own (a double submit acts once), else null. */
export function idempotencyKeyOf(form: Record<string, string>): string | null {
  const key = StoreOrderFormSchema.parse(form).idempotencyKey ?? ''
  return /^[\w-]{16,160}$/.test(key) ? key : null
}

type StoreOrderForm = z.infer<typeof StoreOrderFormSchema>

const int = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined

/** A cash refund's choice, when the form sent one (the schema checks its value). */
const cashReturnOf = (form: StoreOrderForm) =>
  form.cashReturn ? { cashReturn: form.cashReturn } : {}

/**
 * An action form's fields as the action call's `action` (StoreOrderActionSchema validates it):
 * the browser's fields by action type, the accept's "ready in N minutes" as an instant from the
 * app clock. Unknown or missing fields stay out, so the schema refuses them with its message.
 */
export function actionOfForm(
  posted: Record<string, string>,
  nowMs: number,
  reasons?: OrderReasonLists
): Record<string, unknown> {
  const form = StoreOrderFormSchema.parse(posted)
  const type = form.action ?? ''
  const reason = (form.reason ?? '').trim()
  switch (type) {
    case 'accept': {
      // A slot order is ready for its slot; a slot already begun is ready in the next minutes.
      const readyAt = Date.parse(form.readyAt ?? '')
      if (Number.isFinite(readyAt)) {
        const at = Math.min(Math.max(readyAt, nowMs + SOONEST_READY_MS), nowMs + LATEST_READY_MS)
        return { type, estimatedReadyAt: new Date(at).toISOString() }
      }
      const minutes = Math.min(int(form.readyInMinutes) ?? 30, 24 * 60)
      return { type, estimatedReadyAt: new Date(nowMs + minutes * 60_000).toISOString() }
    }
    case 'reject':
    case 'cancel':
      return {
        type,
        reason: reasonOfChoice(type, form.reasonChoice ?? '', reason, reasons),
      }
    case 'unable_to_deliver':
      return { type, reason }
    case 'refund_order':
      return { type, reason, ...cashReturnOf(form) }
    case 'assign_driver':
      return { type, driverId: int(form.driverId) }
    case 'mark_line': {
      const mark = form.mark
      const action: Record<string, unknown> = {
        type,
        lineId: int(form.lineId),
        version: int(form.lineVersion),
        mark,
      }
      if (mark === 'short') action.pickedQuantity = int(form.pickedQuantity)
      if (mark === 'picked' && form.pickedGrams) action.pickedGrams = int(form.pickedGrams)
      if (mark === 'substituted') {
        action.substitute = {
          menuItemId: int(form.substituteItemId),
          quantity: int(form.substituteQuantity) ?? 1,
        }
      }
      return action
    }
    case 'refund_lines': {
      const lines = Object.entries(form)
        .filter(([name]) => /^refund-\d+$/.test(name))
        .map(([name, value]) => ({ lineId: Number(name.slice(7)), quantity: int(value) ?? 0 }))
        .filter((line) => line.quantity > 0)
      return { type, reason, lines, ...cashReturnOf(form) }
    }
    default:
      return { type }
  }
}
