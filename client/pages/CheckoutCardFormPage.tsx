import type { PaymentRedirect } from '../../schemas/payments.ts'
import { FormAlert } from '../components/forms/Form.tsx'
import {
  CheckoutCard,
  CheckoutFrame,
  SandboxBanner,
  StepLink,
} from '../components/checkout/CheckoutFrame.tsx'
import { island } from '../components/Island.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { CARD_FRAMES_TEXTS, CardFrames, type CardFramesProps } from '../islands/CardFrames.tsx'
import { useRenderContext } from '../components/render-context.ts'
import { FRAMES_SCRIPT_ID, FRAMES_SCRIPT_URL } from '../lib/frames-provider.ts'
import { routePath } from '../lib/routes.ts'
import type { CheckoutHeaderSummary } from '../lib/checkout-summary.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

const HPP_FORM_ID = 'secure-payment-form'

// The card frames are the page: hydrate at once.
const CardFramesIsland = island('CardFrames', CardFrames, {
  hydrate: 'load',
  texts: CARD_FRAMES_TEXTS,
})

export interface CheckoutCardFormPageProps {
  chrome: PageChrome
  /** The slim header's order and slot countdown (null without a basket store). */
  summary: CheckoutHeaderSummary | null
  sandbox: boolean
  /** The hosted card page's signed request, or null when it could not be had. */
  redirect: PaymentRedirect | null
  error: string | null
  /**
   * Embedded card frames (CARD_GATEWAY="frames"): the sandbox frame or the provider's fields (whose
   * script this page tags, nonce'd), and the island that pays.
   */
  frames?: Omit<CardFramesProps, 'islandId'> | null
}

/**
 * The hand-over to the hosted card page: a form posting the signed request, sent at once by a
 * nonce'd script, with a visible button for browsers without JavaScript. Card numbers are typed
 * on the gateway's page only.
 */
export function CheckoutCardFormPage({
  chrome,
  summary,
  sandbox,
  redirect,
  error,
  frames = null,
}: CheckoutCardFormPageProps) {
  const { nonce } = useRenderContext()
  const text = useText()
  return (
    <CheckoutLayout chrome={chrome} summary={summary}>
      <CheckoutFrame title={MESSAGES.pageCardDetails} progress="payment">
        <SandboxBanner sandbox={sandbox} />
        <FormAlert id="card-form-error" message={error ?? undefined} />
        <CheckoutCard>
          {frames ? (
            <CardFramesIsland {...frames} />
          ) : redirect ? (
            <form id={HPP_FORM_ID} method={redirect.method} action={redirect.url}>
              {Object.entries(redirect.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <p className="mb-4">{text(MESSAGES.pageGoingToProvider)}</p>
              <button
                type="submit"
                className="h-12 w-full rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 sm:w-auto"
              >
                {text(MESSAGES.pageContinueToSecurePayment)}
              </button>
            </form>
          ) : (
            <StepLink href={routePath('checkout-payment')}>
              {text(MESSAGES.pageBackToPayment)}
            </StepLink>
          )}
        </CheckoutCard>
        {frames?.provider ? (
          // Deferred, not async: React hoists async scripts; the island waits for this tag's load.
          <script id={FRAMES_SCRIPT_ID} nonce={nonce} src={FRAMES_SCRIPT_URL} defer />
        ) : null}
        {redirect ? (
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html: `document.getElementById(${JSON.stringify(HPP_FORM_ID)}).submit()`,
            }}
          />
        ) : null}
      </CheckoutFrame>
    </CheckoutLayout>
  )
}
