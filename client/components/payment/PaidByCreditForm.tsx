import { routePath } from '../../lib/routes.ts'
import {
  PAYMENT_ATTEMPT_FIELD,
  PAYMENT_SOURCE_FIELD,
  SHOWN_TOTAL_FIELD,
  STORE_CREDIT_SOURCE,
} from '../../lib/payment-step.ts'
import { SubmitButton } from '../forms/Form.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The payment step when store credit pays the whole order (ADR 020): there is no card or cash to
 * choose, so one plain form places it (the attempt's keys make a double submit one order).
 */
export function PaidByCreditForm({ attempt }: { attempt: string }) {
  const text = useText()
  return (
    <form method="post" action={routePath('checkout-payment')} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold">{text(MESSAGES.pageNothingToPay)}</h2>
      <p>{text(MESSAGES.pageCreditCovers)}</p>
      <input type="hidden" name={PAYMENT_SOURCE_FIELD} value={STORE_CREDIT_SOURCE} />
      <input type="hidden" name={SHOWN_TOTAL_FIELD} value="0" />
      <input type="hidden" name={PAYMENT_ATTEMPT_FIELD} value={attempt} />
      <SubmitButton>{text(MESSAGES.pagePlaceOrder)}</SubmitButton>
    </form>
  )
}
