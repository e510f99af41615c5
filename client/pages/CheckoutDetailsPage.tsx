import { TermsAgreement } from '../components/auth/TermsAgreement.tsx'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import {
  FormLink,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  NameFields,
  EmailField,
  ErrorSummary,
} from '../components/forms/Form.tsx'
import { AddressFields } from '../components/checkout/AddressFields.tsx'
import {
  SaveAddressOption,
  SavedAddressChoice,
} from '../components/checkout/SavedAddressChoice.tsx'
import type { MemberAddress } from '../../schemas/member-addresses.ts'
import { CheckoutCard, CheckoutFrame } from '../components/checkout/CheckoutFrame.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { CheckoutLayout } from '../components/checkout/CheckoutLayout.tsx'
import { routePath } from '../lib/routes.ts'
import { PostcodeFinder, type PostcodeFinderView } from '../components/checkout/PostcodeFinder.tsx'
import { ADDRESS_FINDER_TEXTS, AddressFinder } from '../islands/AddressFinder.tsx'
import { island } from '../components/Island.tsx'
import { CHECKOUT_LOGIN_EMAIL_QUERY } from '../lib/checkout-forms.ts'
import type { CheckoutHeaderSummary } from '../lib/checkout-summary.ts'
import { useLocalised, useText } from '../lib/page-text.ts'
import { hasAddressLookup } from '../../schemas/address-form.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { CHECKOUT_DETAILS_FIELDS } from '../../schemas/forms/checkout-details.ts'
import { useOrderMobileHint } from '../lib/mobile-hint.ts'

const AddressFinderIsland = island('AddressFinder', AddressFinder, {
  hydrate: 'visible',
  texts: ADDRESS_FINDER_TEXTS,
})

export interface CheckoutDetailsPageProps {
  chrome: PageChrome
  /** The slim header's order and slot countdown (null without a basket store). */
  summary: CheckoutHeaderSummary | null
  /** Delivery asks for the address and instructions; collection does not. */
  delivery: boolean
  errors: FormErrors
  values: FormValues
  /** A guest typed the email of a member: they sign in (password or one-time code) instead. */
  memberEmail: boolean
  /** The store does not deliver to the address: why, and the ways on (schemas/delivery-area.ts). */
  outsideArea?: OutsideArea | null | undefined
  /** A member's saved delivery addresses, default first (none for a guest). */
  savedAddresses?: ReadonlyArray<MemberAddress> | undefined
  /** A member may keep the typed address ("Save this address"). */
  canSaveAddress?: boolean | undefined
  /** The postcode finder's answer, after its Find address button (delivery only). */
  finder?: PostcodeFinderView | null | undefined
}

/** A delivery address outside the store's area: the message, collection and other stores. */
export interface OutsideArea {
  message: string
  /** The store's collection slots, when it collects. */
  collectionHref: string | null
  /** The stores near the address's postcode. */
  otherStoresHref: string
}

const ALERT_BOX = 'rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40'

/** The one-time code sign-in, back to checkout afterwards (spec §6 Guest). */
export const CHECKOUT_OTP_LOGIN_HREF = routePath('login', undefined, {
  otp: 'send',
  redirect: routePath('checkout'),
})

/** The checkout sign-in, its email filled in with the one typed here. */
function checkoutLoginHref(email: string | undefined): string {
  const typed = email?.trim()
  return routePath(
    'checkout-login',
    undefined,
    typed ? { [CHECKOUT_LOGIN_EMAIL_QUERY]: typed } : {}
  )
}

/**
 * Spec §5 Details form: contact details, the delivery address and instructions (delivery only)
 * and the terms and privacy agreement, which must be ticked. A plain form post: it works
 * without JavaScript and comes back with each error under its field.
 */
export function CheckoutDetailsPage({
  chrome,
  summary,
  delivery,
  errors,
  values,
  memberEmail,
  outsideArea,
  savedAddresses = [],
  canSaveAddress = false,
  finder = null,
}: CheckoutDetailsPageProps) {
  const text = useText()
  const localise = useLocalised()
  const mobileHint = useOrderMobileHint()
  const shop = useShopLocale()
  return (
    <CheckoutLayout chrome={chrome} summary={summary}>
      <CheckoutFrame title={MESSAGES.pageYourDetails} progress="details">
        <form
          method="post"
          action={routePath('checkout-details')}
          noValidate
          aria-describedby={errors.form ? 'details-form-error' : undefined}
          className="flex flex-col gap-6"
        >
          {delivery ? (
            // Enter in a field continues to payment: the first submit button is the form's
            // default, and the postcode finder's buttons come before the visible one.
            <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
              {text(MESSAGES.pageContinueToPayment)}
            </button>
          ) : null}
          {outsideArea ? (
            <div id="details-form-error" role="alert" tabIndex={-1} autoFocus className={ALERT_BOX}>
              <p>{localise(outsideArea.message)}</p>
              <div className="mt-2 flex flex-wrap gap-x-6">
                {outsideArea.collectionHref ? (
                  <FormLink href={outsideArea.collectionHref}>
                    {text(MESSAGES.pageCollectInstead)}
                  </FormLink>
                ) : null}
                <FormLink href={outsideArea.otherStoresHref}>
                  {text(MESSAGES.pageFindStoreThatDelivers)}
                </FormLink>
              </div>
            </div>
          ) : memberEmail ? (
            <div id="details-form-error" role="alert" tabIndex={-1} autoFocus className={ALERT_BOX}>
              <p>{text(MESSAGES.guestEmailRegistered)}</p>
              <div className="mt-2 flex flex-wrap gap-x-6">
                <FormLink href={checkoutLoginHref(values.email)}>
                  {text(MESSAGES.pageSignIn)}
                </FormLink>
                <FormLink href={CHECKOUT_OTP_LOGIN_HREF}>
                  {text(MESSAGES.pageSignInWithOtp)}
                </FormLink>
              </div>
            </div>
          ) : (
            <ErrorSummary id="details-form-error" errors={errors} />
          )}
          <CheckoutCard title={MESSAGES.pageContactDetails} titleId="contact-title">
            <NameFields idPrefix="details" errors={errors} values={values} />
            <EmailField idPrefix="details" errors={errors} values={values} />
            <TextField
              idPrefix="details"
              name={CHECKOUT_DETAILS_FIELDS.phoneNumber}
              maxLength={TEXT_MAX_LENGTH.phone}
              label={MESSAGES.pageMobileNumber}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint={mobileHint}
              errors={errors}
              values={values}
            />
          </CheckoutCard>
          {delivery ? (
            <CheckoutCard title={MESSAGES.pageDeliveryAddress} titleId="address-title">
              <SavedAddressChoice
                idPrefix="delivery"
                addresses={savedAddresses}
                values={values}
                legend={text(MESSAGES.pageYourSavedAddresses)}
              />
              {hasAddressLookup(shop.countryCode) ? (
                <>
                  <PostcodeFinder view={finder} values={values} />
                  <AddressFinderIsland fieldPrefix="delivery" />
                </>
              ) : null}
              <AddressFields idPrefix="delivery" errors={errors} values={values} />
              {canSaveAddress ? (
                <SaveAddressOption idPrefix="delivery" values={values} errors={errors} />
              ) : null}
              <div className="mb-4">
                <label htmlFor="delivery-instructions" className="block text-sm font-semibold">
                  {`${text(MESSAGES.pageDeliveryInstructions)} `}
                  <span className="font-normal text-ink/70">{`(${text(MESSAGES.pageOptional)})`}</span>
                </label>
                <textarea
                  id="delivery-instructions"
                  name={CHECKOUT_DETAILS_FIELDS.instructions}
                  rows={3}
                  maxLength={TEXT_MAX_LENGTH.instructions}
                  defaultValue={values[CHECKOUT_DETAILS_FIELDS.instructions] ?? ''}
                  aria-invalid={errors.instructions ? true : undefined}
                  aria-describedby={errors.instructions ? 'delivery-instructions-error' : undefined}
                  className="mt-1 w-full rounded-xl border-2 border-black/15 bg-white p-3 focus:border-primary"
                />
                {errors.instructions ? (
                  <p
                    id="delivery-instructions-error"
                    className="mt-1 text-sm font-semibold text-red-700"
                  >
                    {errors.instructions}
                  </p>
                ) : null}
              </div>
            </CheckoutCard>
          ) : null}
          <TermsAgreement
            idPrefix="details"
            checked={values[CHECKOUT_DETAILS_FIELDS.terms] === 'yes'}
            error={errors.terms}
          />
          <div className="max-w-sm">
            <SubmitButton>{text(MESSAGES.pageContinueToPayment)}</SubmitButton>
          </div>
        </form>
      </CheckoutFrame>
    </CheckoutLayout>
  )
}
