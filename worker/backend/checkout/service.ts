import type { TaxCalculator } from '../tax/tax-calculator.ts'
import { assertBusinessMobile } from '../business-phone.ts'
import type { z } from 'zod'
import {
  type AcceptTermsRequestSchema,
  type CardGateway,
  CARD_GATEWAYS,
  type CheckoutAddress,
  type CheckoutContact,
  type CheckoutState,
  type SavedCard,
  type DriverLocationRequestSchema,
  type DriverLocationSchema,
  type OrderSummary,
  type OrderSummaryRequestSchema,
  type PrepareCheckoutRequestSchema,
  type RetailMembershipRequestSchema,
  type RetailMembershipSchema,
  type SetBillingAddressRequestSchema,
  type SetContactDetailsRequestSchema,
  type SetDeliveryAddressRequestSchema,
} from '../../../schemas/checkout.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { type BasketLookup, loadStore, readBasket, requireBasket } from '../basket/read.ts'
import type { Geocoder } from '../location/geocoder.ts'
import { type DeliveryPlace, requireDeliveryTo } from '../stores/delivery.ts'
import { addressErrorsFor } from '../../../schemas/address-form.ts'
import { requireBusinessPostcode } from '../location/postcode-rules-repo.ts'
import { localSandboxActive } from '../../lib/payments-config.ts'
import { tokenOwnsOrder } from '../orders/ownership.ts'
import { parseAddress } from '../orders/view.ts'
import { orderSummary } from './orders.ts'
import { findOrderDriver, findOrderRow } from './orders-repo.ts'
import { checkoutBlock, findStorePayment } from './refusals.ts'
import {
  addressJson,
  type CheckoutRow,
  findCheckoutRow,
  findWeighedMargin,
  updateCheckoutStatement,
} from './repo.ts'
import { paymentHold } from '../../../schemas/weighing.ts'
import { findMember, isRegistered, saveRetailMemberId } from '../customers-repo.ts'
import { normaliseRetailMemberId } from '../../../schemas/member-profile.ts'
import { listSavedCards } from './saved-cards-repo.ts'

/** Who is checking out: a member (with their customer id) or a guest (guest bearer or none). */
export type CheckoutCaller = { kind: 'member'; customerId: number } | { kind: 'guest' }

/** Whose store credit a checkout spends: the signed-in member's; a guest has none (ADR 020). */
export function creditHolderOf(caller: CheckoutCaller): number | null {
  return caller.kind === 'member' ? caller.customerId : null
}

/** What every checkout call runs with. */
export interface CheckoutCall extends BasketLookup {
  db: D1Database
  now: Date
  caller: CheckoutCaller
  /** The payment settings of the deployment (wrangler vars of the same names). */
  config: {
    cardGateway: string | undefined
    paymentsMode: string | undefined
    realexMerchantId?: string | undefined
    framesPublicKey?: string | undefined
    googlePayMerchantId?: string | undefined
  }
  /** The tax calculator of a business's tax_provider (ADR 055), for prices that exclude tax. */
  taxCalculator: (provider: string) => TaxCalculator
}

// Google Pay's tokenisation gateway ids for our card gateways.
const GOOGLE_PAY_GATEWAYS: Readonly<Record<CardGateway, string>> = {
  realex: 'globalpayments',
  frames: 'checkoutltd',
}

/**
 * Whether a saved card can pay here: it belongs to this deployment's card gateway, and for the
 * frames provider only in the local sandbox (web frames have no CVV-only field for saved cards).
 */
function cardUsable(card: SavedCard, config: CheckoutCall['config']): boolean {
  if (card.gateway !== cardGatewayOf(config.cardGateway)) return false
  return card.gateway !== 'frames' || (config.framesPublicKey ?? '').trim() === ''
}

/** How checkout offers the wallets (CheckoutState.wallets). */
export function walletsOf(config: CheckoutCall['config']): CheckoutState['wallets'] {
  const merchantId = config.googlePayMerchantId?.trim() ?? ''
  const gateway = cardGatewayOf(config.cardGateway)
  return {
    sandbox: localSandboxActive({
      PAYMENTS_MODE: config.paymentsMode ?? '',
      REALEX_MERCHANT_ID: config.realexMerchantId ?? '',
    }),
    googlePay: merchantId
      ? {
          merchantId,
          gateway: GOOGLE_PAY_GATEWAYS[gateway],
          gatewayMerchantId:
            (gateway === 'realex' ? config.realexMerchantId : config.framesPublicKey)?.trim() ?? '',
        }
      : null,
  }
}

/** The deployment's card gateway (CARD_GATEWAY, 'realex' when unset or unknown). */
export function cardGatewayOf(value: string | undefined): CardGateway {
  const gateway = value?.trim()
  return (CARD_GATEWAYS as ReadonlyArray<string>).includes(gateway ?? '')
    ? (gateway as CardGateway)
    : 'realex'
}

function contactOf(row: CheckoutRow): CheckoutContact | null {
  if (!row.contact_first_name || !row.contact_last_name || !row.contact_email) return null
  return {
    firstName: row.contact_first_name,
    lastName: row.contact_last_name,
    email: row.contact_email,
    phoneNumber: row.contact_phone,
  }
}

/** The answer of prepare and of every set call. */
export async function checkoutState(
  call: CheckoutCall,
  businessId: number,
  basketToken: string
): Promise<CheckoutState> {
  const { db, now, caller } = call
  const ref = await requireBasket({ db }, businessId, basketToken)
  const [basket, row] = await Promise.all([
    readBasket(db, businessId, ref.id, ref.storeId, now, creditHolderOf(caller)),
    findCheckoutRow(db, ref.id),
  ])
  const member =
    caller.kind === 'member' ? await findMember(db, businessId, caller.customerId) : null
  const [store, savedCards, margin] = await Promise.all([
    basket.store ? findStorePayment(db, businessId, basket.store.id, now) : null,
    member ? listSavedCards(db, member.id) : [],
    findWeighedMargin(db, businessId),
  ])
  const contact =
    contactOf(row) ??
    (member
      ? {
          firstName: member.first_name,
          lastName: member.last_name,
          email: member.email,
          phoneNumber: member.phone,
        }
      : null)
  const deliveryAddress = parseAddress(row.delivery_address_json)
  const billingSame = row.billing_same_as_delivery === 1
  const termsAccepted = row.terms_accepted_at !== null
  const detailsDone =
    contact !== null &&
    termsAccepted &&
    (basket.fulfilmentMethod === 'collection' || deliveryAddress !== null)
  const activeStep =
    caller.kind !== 'member' && contact === null ? 'options' : detailsDone ? 'payment' : 'details'
  return {
    basket,
    caller: member ? 'member' : 'guest',
    contact,
    deliveryAddress,
    billingAddress: billingSame ? deliveryAddress : parseAddress(row.billing_address_json),
    billingSameAsDelivery: billingSame,
    instructions: row.instructions,
    termsAccepted,
    paymentOptions: store?.paymentOptions ?? {
      paymentCard: false,
      applePay: false,
      googlePay: false,
      paymentCash: false,
    },
    cardGateway: cardGatewayOf(call.config.cardGateway),
    sandbox: call.config.paymentsMode !== 'live',
    wallets: walletsOf(call.config),
    savedCards: savedCards.filter((card) => cardUsable(card, call.config)),
    activeStep,
    blocked: checkoutBlock(basket, now),
    weighedHold: paymentHold(basket.totals.total, basket.lines, margin),
  }
}

/** Saves checkout columns of the basket, then answers the checkout state (every set call). */
async function saveCheckout(
  call: CheckoutCall,
  body: { businessId: number; basketToken: string },
  basketId: number,
  columns: Parameters<typeof updateCheckoutStatement>[2]
): Promise<CheckoutState> {
  await updateCheckoutStatement(call.db, basketId, columns, call.now).run()
  return checkoutState(call, body.businessId, body.basketToken)
}

export function prepareCheckout(
  call: CheckoutCall,
  body: z.output<typeof PrepareCheckoutRequestSchema>
): Promise<CheckoutState> {
  return checkoutState(call, body.businessId, body.basketToken)
}

/** Spec §6 Guest: a guest may not check out with a member's email; they sign in instead. */
export async function assertNotMemberEmail(
  call: CheckoutCall,
  businessId: number,
  email: string
): Promise<void> {
  if (call.caller.kind === 'member') return
  if (await isRegistered(call.db, businessId, email.trim().toLowerCase())) {
    throw new AppError('conflict', MESSAGES.guestEmailRegistered, {
      details: { reason: 'member_email' },
    })
  }
}

export async function setContactDetails(
  call: CheckoutCall,
  body: z.output<typeof SetContactDetailsRequestSchema>
): Promise<CheckoutState> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  await assertBusinessMobile(call.db, body.businessId, body.phoneNumber, 'phoneNumber')
  await assertNotMemberEmail(call, body.businessId, body.email)
  return saveCheckout(call, body, ref.id, {
    contact_first_name: body.firstName,
    contact_last_name: body.lastName,
    contact_email: body.email,
    contact_phone: body.phoneNumber,
  })
}

/** The address with its postcode normalised by the business's rule, or 422 on 'address.postcode'. */
async function checkedAddress(
  db: D1Database,
  businessId: number,
  address: CheckoutAddress
): Promise<CheckoutAddress> {
  // What the address's country asks beyond the common fields (ADR 052: IE county, NL number).
  const missing = addressErrorsFor(address, address.country)
  if (missing[0]) {
    throw new AppError('validation_error', missing[0].message, {
      fields: missing.map(({ field, message }) => ({ field: `address.${field}`, message })),
    })
  }
  try {
    const postcode = await requireBusinessPostcode(
      db,
      businessId,
      address.postcode,
      address.country
    )
    return { ...address, postcode }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_error') throw error
    throw new AppError('validation_error', error.message, {
      fields: [{ field: 'address.postcode', message: error.message }],
    })
  }
}

/** Where an address is (its postcode's point), or 422 on 'address.postcode' when unknown. */
async function locatedAddress(
  geocoder: Geocoder,
  address: CheckoutAddress
): Promise<DeliveryPlace & { postcode: string }> {
  const place = await geocoder.postcodeToCoordinates(address.postcode, address.country)
  if (!place) {
    const message = formatMessage('deliveryAddressNotFound', address.postcode)
    throw new AppError('validation_error', message, {
      fields: [{ field: 'address.postcode', message }],
    })
  }
  return { latitude: place.latitude, longitude: place.longitude, postcode: address.postcode }
}

/**
 * The delivery address and instructions. For a delivery basket the address must be
 * inside the store's delivery area (radius or zones), else conflict with the message offering
 * collection or another store, nothing written; its point is kept so the basket pays that zone's
 * fee and minimum, and process order checks it again.
 */
export async function setDeliveryAddress(
  call: CheckoutCall,
  body: z.output<typeof SetDeliveryAddressRequestSchema>,
  geocoder: Geocoder
): Promise<CheckoutState> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  const address = await checkedAddress(call.db, body.businessId, body.address)
  const place = await locatedAddress(geocoder, address)
  if (ref.fulfilmentMethod === 'delivery' && ref.storeId !== null) {
    const store = await loadStore(call.db, body.businessId, ref.storeId, call.now)
    requireDeliveryTo(store.details, store.schedule.zones, place)
  }
  return saveCheckout(call, body, ref.id, {
    delivery_address_json: addressJson(address),
    instructions: body.instructions,
    delivery_latitude: place.latitude,
    delivery_longitude: place.longitude,
  })
}

export async function setBillingAddress(
  call: CheckoutCall,
  body: z.output<typeof SetBillingAddressRequestSchema>
): Promise<CheckoutState> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  const columns =
    'address' in body
      ? {
          billing_address_json: addressJson(
            await checkedAddress(call.db, body.businessId, body.address)
          ),
          billing_same_as_delivery: 0,
        }
      : { billing_address_json: null, billing_same_as_delivery: 1 }
  return saveCheckout(call, body, ref.id, columns)
}

export async function acceptTerms(
  call: CheckoutCall,
  body: z.output<typeof AcceptTermsRequestSchema>
): Promise<CheckoutState> {
  const ref = await requireBasket(call, body.businessId, body.basketToken)
  return saveCheckout(call, body, ref.id, { terms_accepted_at: call.now.toISOString() })
}

/** The order for its owner only: the holder of its basket's token, or the member who placed it. */
export async function findOwnOrder(
  call: CheckoutCall,
  body: z.output<typeof OrderSummaryRequestSchema>
): Promise<OrderSummary> {
  const row = await findOrderRow(call.db, body.businessId, body.draftOrderId, body.brandId)
  const owner =
    row !== null &&
    ((call.caller.kind === 'member' && row.customer_id === call.caller.customerId) ||
      (await tokenOwnsOrder(call.db, body.businessId, body.basketToken, row.basket_id)))
  if (!row || !owner) throw new AppError('not_found', MESSAGES.orderNotFound)
  return orderSummary(call.db, body.businessId, row.id)
}

// One rule for the retail membership id, shared with the member's details (schemas/member-profile.ts).
export { normaliseRetailMemberId }

export function checkRetailMembership(
  body: z.output<typeof RetailMembershipRequestSchema>
): z.output<typeof RetailMembershipSchema> {
  const retailMemberId = normaliseRetailMemberId(body.retailMemberId)
  if (retailMemberId === null) {
    throw new AppError('validation_error', MESSAGES.retailMembershipInvalid, {
      fields: [{ field: 'retailMemberId', message: MESSAGES.retailMembershipInvalid }],
    })
  }
  return { retailMemberId, valid: true }
}

export async function storeRetailMembership(
  call: CheckoutCall,
  body: z.output<typeof RetailMembershipRequestSchema>
): Promise<z.output<typeof RetailMembershipSchema>> {
  if (call.caller.kind !== 'member') throw new AppError('unauthorized', MESSAGES.loginRequired)
  const checked = checkRetailMembership(body)
  await saveRetailMemberId(call.db, {
    customerId: call.caller.customerId,
    businessId: body.businessId,
    retailMemberId: checked.retailMemberId,
    now: call.now,
  })
  return checked
}

export async function driverLocation(
  call: CheckoutCall,
  body: z.output<typeof DriverLocationRequestSchema>
): Promise<z.output<typeof DriverLocationSchema>> {
  const row = await findOrderDriver(call.db, body.businessId, body.businessOrderId, body.brandId)
  const owner =
    row !== null &&
    ((call.caller.kind === 'member' && row.customer_id === call.caller.customerId) ||
      (body.basketToken !== undefined &&
        (await tokenOwnsOrder(call.db, body.businessId, body.basketToken, row.basket_id))))
  if (!row || !owner) throw new AppError('not_found', MESSAGES.orderNotFound)
  const trackable = row.status_code !== null && row.status_code >= 20 && row.status_code <= 80
  return {
    businessOrderId: row.business_order_id,
    statusCode: row.status_code,
    trackable,
    latitude: trackable ? row.driver_latitude : null,
    longitude: trackable ? row.driver_longitude : null,
    updatedAt: trackable ? row.driver_updated_at : null,
  }
}
