import { useState, type RefObject } from 'react'
import { itemLimitMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  actionFailureMessage,
  confirmBasketChange,
  removeLine,
  setLineQuantity,
} from '../../lib/basket.ts'
import type { CardLine } from '../../lib/basket-quantities.ts'
import type { AddStatus } from './use-add-to-basket.tsx'

/** Which of the card's controls takes focus once the basket answers (the pressed one may go). */
export type CardFocus = 'plus' | 'add' | null

/**
 * A card's − quantity + flow (ADR 003: a flow's pending and error state live in one named hook
 * beside the island): whether a step is under way, and the step. Its failures go to the card's
 * status, which the add flow shares; the header confirms each change.
 */
export function useCardStepper(
  itemName: string,
  setStatus: (status: AddStatus) => void,
  focusNextRef: RefObject<CardFocus>
) {
  const [stepping, setStepping] = useState(false)

  async function step(current: CardLine, change: -1 | 1): Promise<void> {
    if (change === 1 && current.maxQuantity !== null && current.quantity >= current.maxQuantity) {
      setStatus({ kind: 'failed', message: itemLimitMessage(current.maxQuantity) })
      return
    }
    const quantity = current.quantity + change
    setStepping(true)
    setStatus({ kind: 'idle' })
    try {
      if (quantity === 0) focusNextRef.current = 'add'
      const basket =
        quantity === 0
          ? await removeLine(current.basketLineId)
          : await setLineQuantity(current.basketLineId, quantity)
      confirmBasketChange(change === 1 ? 'added' : 'removed', `1 × ${itemName}`, basket)
    } catch (error) {
      focusNextRef.current = null
      const fallback = quantity === 0 ? MESSAGES.removeItemFailed : MESSAGES.updateQuantityFailed
      setStatus({ kind: 'failed', message: actionFailureMessage(error, fallback) })
    } finally {
      setStepping(false)
    }
  }

  return { stepping, step }
}
