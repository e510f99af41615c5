import type { CardGateway } from '../../../../schemas/checkout.ts'
import { logError } from '../../../lib/log.ts'

/**
 * The port forget-me deletes saved card references through (ADR 002): the gateway keeps the card
 * (Realex payer and payment method, the frames provider's instrument) until we ask it to forget
 * it. Answers true when the gateway confirmed.
 */
export interface CardReferenceEraser {
  erase(card: { gateway: CardGateway; token: string }): Promise<boolean>
}

/**
 * The eraser the routes use until the card gateways can delete a stored card (the saved-cards
 * page needs the same call): each reference is logged for deletion at the gateway, and our copy
 * is deleted with the rest of the erasure. Replace with the gateway adapter's delete when it lands.
 */
export const loggingCardEraser: CardReferenceEraser = {
  erase(card) {
    logError(
      new Error('saved card reference to delete at the gateway'),
      {
        gateway: card.gateway,
        // The gateway's reference (never a card number): what its support needs to delete it.
        reference: card.token,
        reason: 'forget_me',
      },
      'warn'
    )
    return Promise.resolve(false)
  },
}
