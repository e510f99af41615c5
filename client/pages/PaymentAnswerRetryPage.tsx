import { MESSAGES } from '../../schemas/messages.ts'
import { HPP_RESPONSE_FIELD, HPP_RESPONSE_PATH } from '../../schemas/payments.ts'
import { CheckoutCard, CheckoutFrame } from '../components/checkout/CheckoutFrame.tsx'
import { FormAlert } from '../components/forms/Form.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { useText } from '../lib/page-text.ts'

export interface PaymentAnswerRetryPageProps {
  chrome: PageChrome
  /** The card page's signed answer, exactly as it arrived: posted again by "Try again". */
  hppResponse: string
}

/**
 * The card page answered, but the shop could not record the answer just now (its database was
 * out of reach). The answer is kept in this page, so the shopper can send it again: recording
 * it is idempotent, so a second press never charges twice, and the order is placed once.
 */
export function PaymentAnswerRetryPage({ chrome, hppResponse }: PaymentAnswerRetryPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <CheckoutFrame title={MESSAGES.pageConfirmingPayment} progress="payment">
        <FormAlert id="payment-answer-retry" message={MESSAGES.paymentPending} />
        <CheckoutCard>
          <p className="mb-3">{text(MESSAGES.pageAnswerRetryIntro)}</p>
          <form method="post" action={HPP_RESPONSE_PATH}>
            <input type="hidden" name={HPP_RESPONSE_FIELD} value={hppResponse} />
            <button
              type="submit"
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-primary px-6 font-bold text-on-primary hover:brightness-90"
            >
              {text(MESSAGES.pageTryAgain)}
            </button>
          </form>
        </CheckoutCard>
      </CheckoutFrame>
    </Layout>
  )
}
