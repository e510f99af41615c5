// No zod here: the payment step's islands and the card steps' pages render from these names and
// must stay light. The schemas that read them are payment.ts and billing-address.ts.

/** The payment step's choice: 'new-card', 'cash', `card-<id>` or STORE_CREDIT_SOURCE. */
export const PAYMENT_SOURCE_FIELD = 'paymentSource'
/** The cash box: 'yes' when the shopper confirmed paying in cash at the door. */
export const CASH_CONFIRMED_FIELD = 'cashConfirmed'
/** One card attempt's idempotency anchor, carried across the payment and card steps. */
export const ATTEMPT_FIELD = 'attempt'
/** The total the payment page showed, posted without JavaScript (process order's expectedTotal). */
export const SHOWN_TOTAL_FIELD = 'shownTotal'
/** The store credit switch's box (ADR 020): '1' uses the member's credit on this basket. */
export const USE_CREDIT_FIELD = 'useCredit'
