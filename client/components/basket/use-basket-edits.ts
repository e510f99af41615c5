import { useState } from 'react'
import type { Basket } from '../../../schemas/basket.ts'
import { actionFailureMessage } from '../../lib/basket.ts'

/** A coupon the server turned down in a 200 answer (spec §5 Coupon response). */
export class CouponRefused extends Error {}

/** Which part of the basket an edit touched: its failure shows there. */
export type BasketScope =
  `line-${number}` | `deal-${number}` | 'method' | 'coupon' | 'tip' | 'substitutes'

/**
 * The basket editor's flow (ADR 003 addendum, pending state): the basket as the server last
 * answered it, which part an edit is pending for, the error to show where it failed, and `edit`,
 * which runs one change. Every edit answers the whole basket, or null to keep the one shown.
 */
export function useBasketEdits(initial: Basket) {
  const [basket, setBasket] = useState(initial)
  const [pending, setPending] = useState<BasketScope | null>(null)
  const [error, setError] = useState<{ scope: BasketScope; message: string } | null>(null)

  async function edit(scope: BasketScope, fallback: string, action: () => Promise<Basket | null>) {
    setPending(scope)
    setError(null)
    try {
      const next = await action()
      if (next) setBasket(next)
    } catch (caught) {
      const message =
        caught instanceof CouponRefused ? caught.message : actionFailureMessage(caught, fallback)
      setError({ scope, message })
    } finally {
      setPending(null)
    }
  }

  const errorOf = (scope: BasketScope) => (error?.scope === scope ? error.message : null)

  return { basket, pending, busy: pending !== null, errorOf, edit }
}
