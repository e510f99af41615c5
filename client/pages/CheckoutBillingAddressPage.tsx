import {
  SubmitButton,
  type FormErrors,
  type FormValues,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { AddressFields } from '../components/checkout/AddressFields.tsx'
import { SavedAddressChoice } from '../components/checkout/SavedAddressChoice.tsx'
import type { MemberAddress } from '../../schemas/member-addresses.ts'
import {
  CheckoutCard,
  CheckoutFrame,
  SandboxBanner,
} from '../components/checkout/CheckoutFrame.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { routePath } from '../lib/routes.ts'
import { CHECKOUT_BILLING_FIELDS as FIELDS } from '../../schemas/forms/billing-address.ts'
import type { CheckoutHeaderSummary } from '../lib/checkout-summary.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface CheckoutBillingAddressPageProps {
  chrome: PageChrome
  /** The slim header's order and slot countdown (null without a basket store). */
  summary: CheckoutHeaderSummary | null
  /** Delivery offers 'Same as delivery address' (the default); collection needs an address. */
  delivery: boolean
  /** Members may keep the card for next time (spec §7 Make payment saveCard). */
  canSaveCard: boolean
  sandbox: boolean
  attempt: string
  /** The total the payment page showed: the card step charges only that (null: not known). */
  shownTotal: number | null
  errors: FormErrors
  values: FormValues
  /** A member's saved billing addresses, default first (none for a guest). */
  savedAddresses?: ReadonlyArray<MemberAddress> | undefined
}

/**
 * Spec §3 Card payment form's billing address: the delivery address, or another one (its fields
 * appear when 'A different address' is chosen; the server ignores them otherwise). A plain form
 * post; then the hosted card page.
 */
export function CheckoutBillingAddressPage({
  chrome,
  summary,
  delivery,
  canSaveCard,
  sandbox,
  attempt,
  shownTotal,
  errors,
  values,
  savedAddresses = [],
}: CheckoutBillingAddressPageProps) {
  const same = delivery && values[FIELDS.sameAsDelivery] !== 'no'
  const text = useText()
  return (
    <CheckoutLayout chrome={chrome} summary={summary}>
      <CheckoutFrame title={MESSAGES.pageBillingAddress} progress="payment">
        <SandboxBanner sandbox={sandbox} />
        <form
          method="post"
          action={routePath('checkout-payment-billing-address')}
          noValidate
          aria-describedby={errors.form ? 'billing-form-error' : undefined}
          className="group/billing flex flex-col gap-6"
        >
          <ErrorSummary id="billing-form-error" errors={errors} idPrefix="billing" />
          <input type="hidden" name={FIELDS.attempt} value={attempt} />
          {shownTotal !== null ? (
            <input type="hidden" name={FIELDS.shownTotal} value={shownTotal} />
          ) : null}
          <CheckoutCard>
            {delivery ? (
              <fieldset className="mb-5">
                <legend className="mb-2 font-bold">{text(MESSAGES.pageCardBillingAddress)}</legend>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name={FIELDS.sameAsDelivery}
                    value="yes"
                    defaultChecked={same}
                    className="size-5 accent-primary"
                  />
                  {text(MESSAGES.pageSameAsDelivery)}
                </label>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name={FIELDS.sameAsDelivery}
                    value="no"
                    defaultChecked={!same}
                    className="size-5 accent-primary"
                  />
                  {text(MESSAGES.pageADifferentAddress)}
                </label>
              </fieldset>
            ) : null}
            {/* With delivery, the address fields belong to 'A different address' alone: shown
                while it is checked, by CSS (the form is the `billing` group), with or without JS.
                The selector spells FIELDS.sameAsDelivery (Tailwind reads whole class names); a
                test holds it to the schema. */}
            <div
              id="billing-different-address"
              className={
                delivery
                  ? 'hidden group-has-[input[name=sameAsDelivery][value=no]:checked]/billing:block'
                  : undefined
              }
            >
              <SavedAddressChoice
                idPrefix="billing"
                addresses={savedAddresses}
                values={values}
                legend={text(MESSAGES.pageYourSavedBillingAddresses)}
              />
              <AddressFields idPrefix="billing" errors={errors} values={values} />
            </div>
            {canSaveCard ? (
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  name={FIELDS.saveCard}
                  value="yes"
                  defaultChecked={values[FIELDS.saveCard] === 'yes'}
                  className="size-5 accent-primary"
                />
                {text(MESSAGES.pageSaveCardNextTime)}
              </label>
            ) : null}
          </CheckoutCard>
          <div className="max-w-sm">
            <SubmitButton>{text(MESSAGES.pageContinueToCardDetails)}</SubmitButton>
          </div>
        </form>
      </CheckoutFrame>
    </CheckoutLayout>
  )
}
