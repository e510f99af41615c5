import { CheckoutCard, CheckoutFrame, StepLink } from '../components/checkout/CheckoutFrame.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { routePath } from '../lib/routes.ts'

/** How a signed-out shopper checks out (spec §6 Guest): as a guest, signed in, or registering. */
export function CheckoutOptionsPage({ chrome }: { chrome: PageChrome }) {
  return (
    <CheckoutLayout chrome={chrome} summary={null}>
      <CheckoutFrame title="How would you like to check out?" progress="details">
        <CheckoutCard title="New here?" titleId="guest-title">
          <p className="mb-4 text-ink/80">
            Check out with just your contact details. You can create an account later.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <StepLink href={routePath('checkout-details')}>Continue as guest</StepLink>
            <StepLink href={routePath('checkout-create')} variant="secondary">
              Create an account
            </StepLink>
          </div>
        </CheckoutCard>
        <CheckoutCard title="Already have an account?" titleId="member-title">
          <p className="mb-4 text-ink/80">Sign in to use your saved details and cards.</p>
          <StepLink href={routePath('checkout-login')} variant="secondary">
            Sign in
          </StepLink>
        </CheckoutCard>
      </CheckoutFrame>
    </CheckoutLayout>
  )
}
