import { CheckoutCard, CheckoutFrame, StepLink } from '../components/checkout/CheckoutFrame.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

/** How a signed-out shopper checks out (spec §6 Guest): as a guest, signed in, or registering. */
export function CheckoutOptionsPage({ chrome }: { chrome: PageChrome }) {
  const text = useText()
  return (
    <CheckoutLayout chrome={chrome} summary={null}>
      <CheckoutFrame title={MESSAGES.pageHowCheckOut} progress="details">
        <CheckoutCard title={MESSAGES.pageNewHere} titleId="guest-title">
          <p className="mb-4 text-ink/80">{text(MESSAGES.pageGuestIntro)}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <StepLink href={routePath('checkout-details')}>
              {text(MESSAGES.pageContinueAsGuest)}
            </StepLink>
            <StepLink href={routePath('checkout-create')} variant="secondary">
              {text(MESSAGES.pageCreateAnAccount)}
            </StepLink>
          </div>
        </CheckoutCard>
        <CheckoutCard title={MESSAGES.pageHaveAccount} titleId="member-title">
          <p className="mb-4 text-ink/80">{text(MESSAGES.pageSignInSaved)}</p>
          <StepLink href={routePath('checkout-login')} variant="secondary">
            {text(MESSAGES.pageSignIn)}
          </StepLink>
        </CheckoutCard>
      </CheckoutFrame>
    </CheckoutLayout>
  )
}
