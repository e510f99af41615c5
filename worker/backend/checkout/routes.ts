import { TaxQuoteSchema } from '../../../schemas/added-tax.ts'
import { createTaxCalculator } from '../tax/create-tax-calculator.ts'
import type { Context } from 'hono'
import { countCheckoutFailure } from '../../lib/checkout-outcome.ts'
import { dispatchEffects } from '../effects/relay.ts'
import { executionContext, runInBackground } from '../../lib/background.ts'
import { checkoutStartedEffectKey } from './started-effect-row.ts'
import {
  AcceptTermsRequestSchema,
  CheckoutStateSchema,
  DriverLocationRequestSchema,
  DriverLocationSchema,
  OrderSummaryRequestSchema,
  OrderSummarySchema,
  PrepareCheckoutRequestSchema,
  ProcessOrderRequestSchema,
  RetailMembershipRequestSchema,
  RetailMembershipSchema,
  SetBillingAddressRequestSchema,
  SetContactDetailsRequestSchema,
  SetDeliveryAddressRequestSchema,
} from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { authenticate, bearerToken } from '../auth/authenticate.ts'
import type { BackendEnv } from '../env.ts'
import { createGeocoder } from '../location/create-geocoder.ts'
import { createDomain } from '../route-registry.ts'
import { processOrder, quoteTax } from './process-order.ts'
import {
  acceptTerms,
  type CheckoutCall,
  type CheckoutCaller,
  checkRetailMembership,
  driverLocation,
  findOwnOrder,
  prepareCheckout,
  setBillingAddress,
  setContactDetails,
  setDeliveryAddress,
  storeRetailMembership,
} from './service.ts'
import { now } from '../../lib/clock.ts'

/** Checkout (spec §7): contact, addresses, terms, the draft order, retail membership, tracking. */
export const checkout = createDomain('Checkout', { edge: { basketToken: 'carries' } })

const STATE =
  'Answers the CheckoutState: the basket (without its token), contact (a member’s own details ' +
  'until they set others), addresses, terms, payment options of the store, saved cards ' +
  '(members), the active step and why payment is blocked, if it is.'
const BEARER =
  'The bearer token is optional: a member bearer makes the caller a member, none or a guest ' +
  'bearer a guest.'
const SCOPE = `A basketToken that names no active basket of the business answers not_found ('${MESSAGES.basketNotFound}').`

/** The caller: a member with a valid member bearer; a guest with a guest bearer or none. */
async function callerOf(
  c: Context<BackendEnv>,
  businessId: number,
  required = false
): Promise<CheckoutCaller> {
  if (!required && bearerToken(c) === undefined) return { kind: 'guest' }
  const caller = await authenticate(c, { businessId })
  return caller.kind === 'member' && caller.customerId !== undefined
    ? { kind: 'member', customerId: caller.customerId }
    : { kind: 'guest' }
}

async function callOf(
  c: Context<BackendEnv>,
  businessId: number,
  required = false
): Promise<CheckoutCall> {
  return {
    db: c.env.DB,
    guarded: c.get('guardedBasket'),
    now: now(c.env),
    caller: await callerOf(c, businessId, required),
    config: {
      cardGateway: c.env.CARD_GATEWAY,
      paymentsMode: c.env.PAYMENTS_MODE,
      realexMerchantId: c.env.REALEX_MERCHANT_ID,
      framesPublicKey: c.env.FRAMES_PUBLIC_KEY,
      googlePayMerchantId: c.env.GOOGLE_PAY_MERCHANT_ID,
    },
    taxCalculator: (provider) => createTaxCalculator(c.env, provider),
  }
}

checkout.post(
  '/checkout/prepare',
  {
    summary: 'Enter checkout: the checkout state and the step to go to',
    description: `${STATE} ${BEARER} ${SCOPE}`,
    body: PrepareCheckoutRequestSchema,
    response: CheckoutStateSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => prepareCheckout(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/tax-quote',
  {
    summary: 'The tax the basket would add at checkout, to show before paying (ADR 055)',
    description:
      `Null where the business's prices include VAT. The same calculation process-order makes, ` +
      `nothing written: a place the calculator cannot tax is refused with validation_error ` +
      `'${MESSAGES.taxPlaceUnknown}', a tax service down with upstream_error. ${BEARER} ${SCOPE}`,
    body: PrepareCheckoutRequestSchema,
    response: TaxQuoteSchema,
    errors: ['unauthorized', 'not_found', 'validation_error', 'upstream_error'],
  },
  async ({ body }, c) => quoteTax(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/contact-details',
  {
    summary: 'Set the contact details (name, email, mobile) of the order',
    description:
      `A guest whose email belongs to a member of the business is refused with conflict ` +
      `'${MESSAGES.guestEmailRegistered}' (details.reason member_email), nothing written. ` +
      `${STATE} ${BEARER} ${SCOPE}`,
    body: SetContactDetailsRequestSchema,
    response: CheckoutStateSchema,
    errors: ['unauthorized', 'not_found', 'conflict'],
  },
  async ({ body }, c) => setContactDetails(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/delivery-address',
  {
    summary: 'Set the delivery address and instructions',
    description:
      "The postcode is checked with the business's rules and looked up (422 on address.postcode " +
      `when unknown). For a delivery basket the address must be inside the store's delivery ` +
      `area (radius or zones): outside it, conflict with a message offering collection or ` +
      `another store (details.reason outside_delivery_area, details.collectionAvailable), ` +
      `nothing written. The address's zone sets the basket's delivery fee and minimum. ` +
      `${STATE} ${SCOPE}`,
    body: SetDeliveryAddressRequestSchema,
    response: CheckoutStateSchema,
    errors: ['unauthorized', 'not_found', 'conflict'],
  },
  async ({ body }, c) =>
    setDeliveryAddress(await callOf(c, body.businessId), body, createGeocoder(c.env))
)

checkout.post(
  '/checkout/billing-address',
  {
    summary: 'Set the billing address, or the delivery address (sameAsDelivery)',
    description: `The postcode is checked with the business's rules (422 on address.postcode). ${STATE} ${SCOPE}`,
    body: SetBillingAddressRequestSchema,
    response: CheckoutStateSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => setBillingAddress(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/terms',
  {
    summary: 'Accept the terms and privacy policy',
    description: `${STATE} ${SCOPE}`,
    body: AcceptTermsRequestSchema,
    response: CheckoutStateSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => acceptTerms(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/process-order',
  {
    // The referral guards compare the order's device with the code's (ADR 021).
    edge: { deviceId: true },
    summary: 'Make the draft order of the basket (idempotent on idempotencyKey)',
    description:
      'Needs a bearer (guest or member). Prices, totals, slot and addresses come from the ' +
      "server's basket; a newer draft of the basket supersedes older unpaid ones. Refusals, " +
      `nothing written: conflict '${MESSAGES.storeClosedCheckout}' (store_closed), ` +
      `'${MESSAGES.cardNotAccepted}' and the other methods (method_not_accepted), ` +
      `'${MESSAGES.slotExpired}' (slot_expired), a delivery address outside the store's ` +
      'delivery area (outside_delivery_area, as for the delivery address), ' +
      `'${MESSAGES.checkoutDetailsFailed}' (empty, ` +
      `unavailable_lines, minimum_spend), '${MESSAGES.basketChanged}' (basket_changed, ` +
      `slot_changed), '${MESSAGES.basketPricesChanged}' (total_changed, with details.total, ` +
      `when expectedTotal is not the basket's total now), ` +
      `'${MESSAGES.guestEmailRegistered}' (member_email); 422 ` +
      `'${MESSAGES.checkoutDetailsFailed}' with fields when terms or the delivery address are ` +
      'missing, and for a paymentGateway that does not match the method. The same key with ' +
      'the same body answers the same draft; with another body 422; while running 409. ' +
      'Where the business adds tax at checkout (ADR 055) the total includes it (addedTax): ' +
      `a place the calculator cannot tax is 422 '${MESSAGES.taxPlaceUnknown}', the tax ` +
      `service down 502 '${MESSAGES.taxServiceFailed}'.`,
    body: ProcessOrderRequestSchema,
    response: OrderSummarySchema,
    errors: ['unauthorized', 'not_found', 'conflict', 'validation_error', 'upstream_error'],
  },
  async ({ body }, c) => {
    const order = await processOrder(await callOf(c, body.businessId, true), body).catch(
      (error: unknown) => {
        countCheckoutFailure(error)
        throw error
      }
    )
    c.var.log.annotate({ orderId: order.draftOrderId, businessId: body.businessId })
    // ADR 025's checkout started, written with the draft: to the queue (ADR 037) after the
    // answer, which does not wait for it (ADR 065); the cron's sweep hands on what this does not.
    await runInBackground(
      executionContext(c),
      () => dispatchEffects(c.env, [checkoutStartedEffectKey(order.businessOrderId)], now(c.env)),
      { requestId: c.var.requestId, event: 'effects not dispatched' }
    )
    return order
  }
)

checkout.post(
  '/checkout/order',
  {
    summary: 'The draft or placed order, for its owner',
    description:
      "The owner holds the order's basket token or is the member who placed it; anyone else " +
      `gets not_found '${MESSAGES.orderNotFound}', as for an order that does not exist.`,
    body: OrderSummaryRequestSchema,
    response: OrderSummarySchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => findOwnOrder(await callOf(c, body.businessId), body)
)

checkout.post(
  '/checkout/retail-membership/check',
  {
    summary: 'Check a retail membership id (6–20 letters and digits)',
    description: `An invalid id answers 422 '${MESSAGES.retailMembershipInvalid}'.`,
    body: RetailMembershipRequestSchema,
    response: RetailMembershipSchema,
  },
  ({ body }) => checkRetailMembership(body)
)

checkout.post(
  '/checkout/retail-membership',
  {
    summary: "Store the signed-in member's retail membership id",
    description: `Needs a member bearer. An invalid id answers 422 '${MESSAGES.retailMembershipInvalid}', nothing written.`,
    body: RetailMembershipRequestSchema,
    response: RetailMembershipSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => storeRetailMembership(await callOf(c, body.businessId, true), body)
)

checkout.post(
  '/checkout/driver-location',
  {
    summary: "Where the order's driver is, while the order is in progress (status 20–80)",
    description:
      "For the order's owner only (the member who placed it, or its basket token); anyone " +
      `else gets not_found '${MESSAGES.orderNotFound}'.`,
    body: DriverLocationRequestSchema,
    response: DriverLocationSchema,
    errors: ['unauthorized', 'not_found'],
  },
  async ({ body }, c) => driverLocation(await callOf(c, body.businessId), body)
)
