import { routePath } from '../../lib/routes.ts'
import {
  PAYMENT_ATTEMPT_FIELD,
  PAYMENT_SOURCE_FIELD,
  SHOWN_TOTAL_FIELD,
  STORE_CREDIT_SOURCE,
} from '../../lib/payment-step.ts'
import { SubmitButton } from '../forms/Form.tsx'

/**
 * The payment step when store credit pays the whole order (ADR 020): there is no card or cash to
 * choose, so one plain form places it (the attempt's keys make a double submit one order).
 */
export function PaidByCreditForm({ attempt }: { attempt: string }) {
  return (
    <form method="post" action={routePath('checkout-payment')} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">Nothing to pay</h2>
      <p>Your store credit covers this order, so no card or cash is needed.</p>
      <input type="hidden" name={PAYMENT_SOURCE_FIELD} value={STORE_CREDIT_SOURCE} />
      <input type="hidden" name={SHOWN_TOTAL_FIELD} value="0" />
      <input type="hidden" name={PAYMENT_ATTEMPT_FIELD} value={attempt} />
      <SubmitButton>Place order</SubmitButton>
    </form>
  )
}
