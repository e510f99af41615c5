import type { CardGateway } from '../../../../schemas/checkout.ts'

/**
 * The port forget-me deletes saved card references through (ADR 002): the gateway keeps the card
 * (Realex payer and payment method, the frames provider's instrument) until we ask it to forget
 * it. Answers true when the gateway confirmed. The routes give it the payments domain's
 * forgetCardAtGateway, the saved-cards page's own way of deleting a card.
 */
export interface CardReferenceEraser {
  erase(card: { gateway: CardGateway; token: string }): Promise<boolean>
}
