import { expect } from 'vitest'
import type { StoreOrderDetail, StoreOrderLine } from '../../../schemas/store-orders.ts'
import {
  act,
  actOk,
  finishPicking,
  inMinutes,
  type SignedInStaff,
  STORES,
  substituteCheaper,
} from '../../integration/store-orders/fixtures.ts'

/*
 * A sent order through the store's picking (ADR 017), as the tests of what follows picking need
 * it: accepted by the manager, one line substituted a penny cheaper and one marked short when
 * asked, then picked. One walk, so a change to picking changes every test that starts from it.
 */

type Lines = ReadonlyArray<StoreOrderLine>

export interface PickingPlan {
  /** The line the picker substitutes a penny cheaper (a picking refund), if any. */
  substitute?: (lines: Lines) => StoreOrderLine | undefined
  /** The line the picker finds fewer of, and how many were found. */
  short?: { line: (lines: Lines) => StoreOrderLine | undefined; pickedQuantity: number }
  /** Leave the order while picking (false) or finish it (the default). */
  finish?: boolean
}

export interface PickedOrder {
  /** The order as accepted, its lines before picking. */
  accepted: StoreOrderDetail
  /** The line substituted, the substitute and what the shopper gets back (null: none asked for). */
  substitute: (Awaited<ReturnType<typeof substituteCheaper>> & { line: StoreOrderLine }) | null
  /** The order once picked (null while left picking). */
  picked: StoreOrderDetail | null
}

/** Accepts, picks as planned and (unless told not to) finishes picking an order of the main store. */
export async function pickOrder(
  team: { manager: SignedInStaff; picker: SignedInStaff },
  orderId: number,
  plan: PickingPlan = {}
): Promise<PickedOrder> {
  const store = STORES.main
  const accepted = await actOk(team.manager.bearer, store, orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  const lines = accepted.departments.flatMap((department) => department.lines)
  let substitute: PickedOrder['substitute'] = null
  if (plan.substitute) {
    const line = plan.substitute(lines)
    if (!line) throw new Error('no line to substitute')
    substitute = { ...(await substituteCheaper(team.picker.bearer, orderId, line)), line }
    expect(substitute.answer.status, JSON.stringify(substitute.answer.json)).toBe(200)
  }
  if (plan.short) {
    const line = plan.short.line(lines)
    if (!line) throw new Error('no line to mark short')
    const short = await act(team.picker.bearer, store, orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: 0,
      mark: 'short',
      pickedQuantity: plan.short.pickedQuantity,
    })
    expect(short.status, JSON.stringify(short.json)).toBe(200)
  }
  const picked =
    plan.finish === false ? null : await finishPicking(team.picker.bearer, store, orderId)
  return { accepted, substitute, picked }
}
