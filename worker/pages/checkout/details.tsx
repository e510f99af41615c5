import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from '../../../client/lib/address-fields.ts'
import { SAVE_ADDRESS_FIELDS } from '../../../schemas/forms/address-choice.ts'
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
import { echoValues, readForm, safeParseForm } from '../shared/forms.ts'
import {
  CHECKOUT_DETAILS_FIELDS,
  CheckoutDetailsFormSchema,
  type CheckoutDetailsForm,
} from '../../../schemas/forms/checkout-details.ts'
import { readLocation } from '../../lib/cookies/location.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
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
import { type PostcodeFinderView } from '../../../client/components/checkout/PostcodeFinder.tsx'
import { lookUpPostcode } from '../shared/address-lookup.ts'
import {
  checkoutAddressOf,
  chosenSavedAddress,
  loadSavedAddresses,
  preselectedChoice,
  saveTypedAddress,
} from './saved-addresses.ts'
import { displayPhone } from '../../../schemas/phone.ts'
import { phoneForCountry } from '../../../schemas/phone-country.ts'
import { POSTCODE_FINDER_FIELDS } from '../../../client/lib/checkout-forms.ts'

/** What a refused or redrawn form shows again: every input, not the finder's buttons. */
const ECHOED_FIELDS = Object.values(CHECKOUT_DETAILS_FIELDS).filter(
  (field) => field !== POSTCODE_FINDER_FIELDS.find && field !== POSTCODE_FINDER_FIELDS.pick
)

interface DetailsView {
  errors: FormErrors
  values: FormValues
  memberEmail?: boolean
  outsideArea?: OutsideArea
  /** The member's saved delivery addresses (none for a guest). */
  saved: ReadonlyArray<MemberAddress>
  finder?: PostcodeFinderView | null
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
        finder={view.finder ?? null}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageYourDetails),
        description: requestSay(c)(MESSAGES.metaCheckoutYourDetails),
        noindex: true,
      },
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
    values.phoneNumber = contact.phoneNumber
      ? displayPhone(contact.phoneNumber, c.var.brand.countryCode)
      : ''
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
 * The postcode finder's buttons (delivery only): Find address lists the postcode's addresses,
 * picking one fills the address lines with it. Nothing is saved; what was typed is kept.
 */
async function findAddress(
  c: Context<AppEnv>,
  state: CheckoutState,
  posted: CheckoutDetailsForm,
  view: DetailsView
): Promise<Response> {
  const postcode = posted[POSTCODE_FINDER_FIELDS.postcode].trim().slice(0, 32)
  const { found, message } = postcode
    ? await lookUpPostcode(c, postcode)
    : { found: [], message: MESSAGES.postcodeRequired }
  const picked = found[Number(posted[POSTCODE_FINDER_FIELDS.pick] ?? -1)]
  const values: FormValues = picked
    ? { ...view.values, ...addressValues(picked.address), [SAVED_ADDRESS_FIELD]: NEW_ADDRESS }
    : view.values
  const finder = {
    postcode,
    message,
    choices: picked ? [] : found.map((place) => place.formattedAddress),
  }
  return renderDetails(c, state, { ...view, values, finder })
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
  const posted = CheckoutDetailsFormSchema.parse(form)
  const values = echoValues(form, ECHOED_FIELDS)
  const delivery = state.basket.fulfilmentMethod === 'delivery'
  const { scope } = caller
  const saved = delivery ? await loadSavedAddresses(c, caller, state, 'delivery') : []
  // A saved address chosen goes through the same call as a typed one (delivery area included).
  const chosen = chosenSavedAddress(posted[SAVED_ADDRESS_FIELD], saved)
  const finding =
    posted[POSTCODE_FINDER_FIELDS.find] !== undefined ||
    posted[POSTCODE_FINDER_FIELDS.pick] !== undefined
  if (delivery && finding) return findAddress(c, state, posted, { errors: {}, values, saved })

  const contact = safeParseForm(SetContactDetailsRequestSchema, {
    ...scope,
    firstName: posted.firstName,
    lastName: posted.lastName,
    email: posted.email,
    phoneNumber: phoneForCountry(posted.phoneNumber, c.var.brand.countryCode),
  })
  const address = delivery
    ? safeParseForm(SetDeliveryAddressRequestSchema, {
        ...scope,
        address: chosen
          ? checkoutAddressOf(chosen)
          : addressFromForm(posted, c.var.brand.countryCode),
        instructions: posted.instructions,
      })
    : null
  const errors: FormErrors = {
    ...(contact.success ? {} : checkoutFieldErrors(contact.error.issues)),
    ...(address && !address.success ? checkoutFieldErrors(address.error.issues) : {}),
  }
  if (posted.terms !== 'yes') errors.terms = MESSAGES.termsRequired
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
    const saveAddress = posted[SAVE_ADDRESS_FIELDS.save] === 'yes'
    if (!chosen && saveAddress && state.caller === 'member' && contact.success) {
      await saveTypedAddress(c, caller, {
        type: 'delivery',
        address: address.data.address,
        name: posted[SAVE_ADDRESS_FIELDS.name],
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
