import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/components/forms/Form.tsx'
import { ADDRESS_FIELDS } from '../../../client/components/checkout/AddressFields.tsx'
import {
  CheckoutDetailsPage,
  type OutsideArea,
} from '../../../client/pages/CheckoutDetailsPage.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import {
  AcceptTermsRequestSchema,
  CheckoutStateSchema,
  SetContactDetailsRequestSchema,
  SetDeliveryAddressRequestSchema,
  type CheckoutState,
} from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { echoValues, readForm, safeParseForm } from '../forms.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import { renderPage } from '../render.tsx'
import { checkoutHeaderSummary } from './checkout-header.ts'
import {
  addressFromForm,
  addressValues,
  checkoutCallErrors,
  checkoutFieldErrors,
  refusalReason,
} from './checkout-forms.ts'
import { checkoutCaller, loadCheckoutState, type CheckoutCaller } from './checkout-state.ts'
import { redirectTo } from '../../lib/redirect.ts'
import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import { SAVED_ADDRESS_FIELD } from '../../../client/components/checkout/SavedAddressChoice.tsx'
import {
  checkoutAddressOf,
  chosenSavedAddress,
  loadSavedAddresses,
  preselectedChoice,
  saveTypedAddress,
} from './saved-addresses.ts'

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const
const ECHOED_FIELDS = [
  ...CONTACT_FIELDS,
  ...ADDRESS_FIELDS,
  'instructions',
  'terms',
  SAVED_ADDRESS_FIELD,
  'saveAddress',
  'saveAddressName',
]

interface DetailsView {
  errors: FormErrors
  values: FormValues
  memberEmail?: boolean
  outsideArea?: OutsideArea
  /** The member's saved delivery addresses (none for a guest). */
  saved: ReadonlyArray<MemberAddress>
}

function renderDetails(
  c: Context<AppEnv>,
  state: CheckoutState,
  view: DetailsView,
  status: 200 | 422 = 200
): Promise<Response> {
  return renderPage(
    c,
    (chrome) => (
      <CheckoutDetailsPage
        chrome={chrome}
        summary={checkoutHeaderSummary(c, state.basket)}
        delivery={state.basket.fulfilmentMethod === 'delivery'}
        errors={view.errors}
        values={view.values}
        memberEmail={view.memberEmail ?? false}
        outsideArea={view.outsideArea ?? null}
        savedAddresses={view.saved}
        canSaveAddress={state.caller === 'member'}
      />
    ),
    {
      meta: { title: 'Your details', description: 'Checkout: your details', noindex: true },
      cache: 'private',
      status,
    }
  )
}

/**
 * What the form shows first: the details checkout already holds, else the searched postcode; a
 * member's saved address is chosen when checkout holds it, or their default when it holds none.
 */
function savedValues(
  c: Context<AppEnv>,
  state: CheckoutState,
  saved: ReadonlyArray<MemberAddress>
): FormValues {
  const values: FormValues = {}
  const contact = state.contact
  if (contact) {
    values.firstName = contact.firstName
    values.lastName = contact.lastName
    values.email = contact.email
    values.phoneNumber = contact.phoneNumber ?? ''
  }
  const address = state.deliveryAddress
  if (address) Object.assign(values, addressValues(address))
  else values.postcode = readLocation(c)?.postcode ?? ''
  values.instructions = state.instructions ?? ''
  if (state.termsAccepted) values.terms = 'yes'
  values[SAVED_ADDRESS_FIELD] = preselectedChoice(saved, address)
  return values
}

/** GET /checkout/details: the form, filled with what checkout holds. */
export async function checkoutDetailsPage(c: Context<AppEnv>): Promise<Response> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  const saved = await loadSavedAddresses(c, caller, state, 'delivery')
  return renderDetails(c, state, { errors: {}, values: savedValues(c, state, saved), saved })
}

function post(c: Context<AppEnv>, path: string, body: object, caller: CheckoutCaller) {
  return c.var.backend.post(path, {
    body: { ...caller.scope, ...body },
    token: caller.token,
    schema: CheckoutStateSchema,
  })
}

/**
 * A delivery address the store does not deliver to (schemas/delivery-area.ts): the backend's message, with
 * the store's collection slots when it collects and the stores near that postcode.
 */
function outsideAreaView(
  error: unknown,
  state: CheckoutState,
  postcode: string
): OutsideArea | null {
  if (!(error instanceof AppError) || refusalReason(error) !== 'outside_delivery_area') return null
  const slug = state.basket.store?.slug
  const collects = error.details?.collectionAvailable === true && slug !== undefined
  return {
    message: error.message,
    collectionHref: collects
      ? routePath(
          'stores-storeSlug-time-slots',
          { storeSlug: slug },
          { method: 'collection', change: '1' }
        )
      : null,
    otherStoresHref: routePath('stores-near-by', { postcode: postcode.trim().toUpperCase() }),
  }
}

/**
 * POST /checkout/details: checks every field at once, then sets contact details, the delivery
 * address (delivery only) and the terms in turn; the first refusal comes back on the form with
 * its spec message. Then on to payment.
 */
export async function checkoutDetailsForm(c: Context<AppEnv>): Promise<Response> {
  const caller = await checkoutCaller(c)
  const state = await loadCheckoutState(c, caller)
  const form = await readForm(c)
  const values = echoValues(form, ECHOED_FIELDS)
  const delivery = state.basket.fulfilmentMethod === 'delivery'
  const { scope } = caller
  const saved = delivery ? await loadSavedAddresses(c, caller, state, 'delivery') : []
  // A saved address chosen goes through the same call as a typed one (delivery area included).
  const chosen = chosenSavedAddress(form, saved)

  const contact = safeParseForm(SetContactDetailsRequestSchema, {
    ...scope,
    firstName: form.firstName ?? '',
    lastName: form.lastName ?? '',
    email: form.email ?? '',
    phoneNumber: form.phoneNumber ?? '',
  })
  const address = delivery
    ? safeParseForm(SetDeliveryAddressRequestSchema, {
        ...scope,
        address: chosen ? checkoutAddressOf(chosen) : addressFromForm(form),
        instructions: form.instructions ?? '',
      })
    : null
  const errors: FormErrors = {
    ...(contact.success ? {} : checkoutFieldErrors(contact.error.issues)),
    ...(address && !address.success ? checkoutFieldErrors(address.error.issues) : {}),
  }
  if (form.terms !== 'yes') errors.terms = MESSAGES.termsRequired
  if (!contact.success || (address && !address.success) || Object.keys(errors).length > 0) {
    return renderDetails(c, state, { errors, values, saved }, 422)
  }

  try {
    await post(c, '/checkout/contact-details', contact.data, caller)
  } catch (error) {
    if (refusalReason(error) === 'member_email') {
      return renderDetails(c, state, { errors: {}, values, memberEmail: true, saved }, 422)
    }
    const refused = checkoutCallErrors(error, MESSAGES.contactDetailsFailed)
    return renderDetails(c, state, { errors: refused, values, saved }, 422)
  }
  if (address?.success) {
    try {
      await post(c, '/checkout/delivery-address', address.data, caller)
    } catch (error) {
      const outsideArea = outsideAreaView(error, state, address.data.address.postcode)
      if (outsideArea) {
        return renderDetails(c, state, { errors: {}, values, outsideArea, saved }, 422)
      }
      const refused = checkoutCallErrors(error, MESSAGES.deliveryAddressFailed)
      return renderDetails(c, state, { errors: refused, values, saved }, 422)
    }
    if (!chosen && form.saveAddress === 'yes' && state.caller === 'member' && contact.success) {
      await saveTypedAddress(c, caller, {
        type: 'delivery',
        address: address.data.address,
        name: form.saveAddressName,
        firstName: contact.data.firstName,
        lastName: contact.data.lastName,
      })
    }
  }
  const terms = AcceptTermsRequestSchema.parse({ ...scope, termsAccepted: true })
  try {
    await post(c, '/checkout/terms', terms, caller)
  } catch (error) {
    const refused = checkoutCallErrors(error, MESSAGES.checkoutDetailsFailed)
    return renderDetails(c, state, { errors: refused, values, saved }, 422)
  }
  return redirectTo(c, routePath('checkout-payment'), 303)
}
