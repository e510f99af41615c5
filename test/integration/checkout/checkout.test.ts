import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CheckoutStateSchema,
  DriverLocationSchema,
  OrderSummarySchema,
  RetailMembershipSchema,
} from '../../../schemas/checkout.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { confirmOrder } from '../../../worker/backend/checkout/orders.ts'
import {
  ADDRESS,
  call,
  checkoutCall,
  expectOk,
  expectRefused,
  orderBody,
  readyBasket,
  registerMember,
  seedCheckoutForGuest,
  STORES,
} from './fixtures.ts'
import { TEST_SECRETS } from '../auth/fixtures.ts'
import { callWith } from '../payments/fixtures.ts'
import { DATED } from '../../support/test-clock.ts'

let item: { id: number; price: number }
let guest: string

beforeAll(async () => {
  ;({ item, guest } = await seedCheckoutForGuest(200, 400))
})

async function basketColumns(basketId: number) {
  return env.DB.prepare(
    `select contact_first_name, contact_last_name, contact_email, contact_phone,
       delivery_address_json, billing_address_json, billing_same_as_delivery, instructions,
       terms_accepted_at, version
     from baskets where id = ?1`
  )
    .bind(basketId)
    .first()
}

describe('checkout state', () => {
  it('walks a guest from options to details to payment', DATED, async () => {
    const ready = await readyBasket({
      method: 'delivery',
      items: [{ id: item.id, quantity: 2 }],
      details: false,
    })
    const start = await checkoutCall('/checkout/prepare', { basketToken: ready.token })
    expect(start).toMatchObject({
      caller: 'guest',
      contact: null,
      activeStep: 'options',
      blocked: null,
      termsAccepted: false,
      savedCards: [],
      cardGateway: 'realex',
      sandbox: true,
      paymentOptions: { paymentCard: true, applePay: true, googlePay: true, paymentCash: true },
    })
    expect(start.basket.basketToken).toBeUndefined()
    expect(start.basket.lines).toHaveLength(1)

    const contact = await checkoutCall('/checkout/contact-details', {
      basketToken: ready.token,
      firstName: ' Grace ',
      lastName: 'Hopper',
      email: 'Grace@Example.com',
      phoneNumber: '07700 900456',
    })
    expect(contact.contact).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phoneNumber: '+447700900456',
    })
    expect(contact.activeStep).toBe('details')

    const address = await checkoutCall('/checkout/delivery-address', {
      basketToken: ready.token,
      address: ADDRESS,
      instructions: 'Leave with the neighbour',
    })
    expect(address.deliveryAddress).toEqual({
      addressLine1: '12 Test Road',
      addressLine2: null,
      town: 'Manchester',
      county: null,
      postcode: 'M1 1AD',
      country: 'GB',
    })
    expect(address.instructions).toBe('Leave with the neighbour')
    expect(address.activeStep).toBe('details')

    const same = await checkoutCall('/checkout/billing-address', {
      basketToken: ready.token,
      sameAsDelivery: true,
    })
    expect(same.billingSameAsDelivery).toBe(true)
    expect(same.billingAddress).toEqual(address.deliveryAddress)

    const terms = await checkoutCall('/checkout/terms', {
      basketToken: ready.token,
      termsAccepted: true,
    })
    expect(terms.termsAccepted).toBe(true)
    expect(terms.activeStep).toBe('payment')
    // Checkout details are not basket contents: the version the draft is priced at stays.
    expect((await basketColumns(ready.basketId))?.version).toBe(start.basket.version)

    const billing = await checkoutCall('/checkout/billing-address', {
      basketToken: ready.token,
      address: { addressLine1: '1 Bill Street', town: 'Leeds', postcode: 'ls1 4ap' },
    })
    expect(billing.billingSameAsDelivery).toBe(false)
    expect(billing.billingAddress).toMatchObject({
      addressLine1: '1 Bill Street',
      postcode: 'LS1 4AP',
    })
  })

  it('says why payment is blocked: slot lapsed, store closed', DATED, async () => {
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    await env.DB.prepare(
      `update slot_reservations set expires_at = '2000-01-01T00:00:00.000Z' where basket_id = ?1`
    )
      .bind(ready.basketId)
      .run()
    const lapsed = await checkoutCall('/checkout/prepare', { basketToken: ready.token })
    expect(lapsed.blocked).toBe('slot_invalid')
    await env.DB.prepare('update stores set is_temporarily_closed = 1 where id = ?1')
      .bind(STORES.main)
      .run()
    try {
      const closed = await checkoutCall('/checkout/prepare', { basketToken: ready.token })
      expect(closed.blocked).toBe('store_closed')
    } finally {
      await env.DB.prepare('update stores set is_temporarily_closed = 0 where id = ?1')
        .bind(STORES.main)
        .run()
    }
  })

  it('prefills a member’s contact and lists their saved cards', async () => {
    const member = await registerMember({ firstName: 'Ada', lastName: 'Lovelace' })
    const customer = await env.DB.prepare('select id from customers where email = ?1')
      .bind(member.email)
      .first<{ id: number }>()
    await env.DB.prepare(
      `insert into saved_cards (customer_id, gateway, token, brand, last4, expiry_month,
         expiry_year, cardholder_name, is_default)
       values (?1, 'realex', 'payer:pmt', 'visa', '1111', 12, 2030, 'A LOVELACE', 1)`
    )
      .bind(customer?.id ?? 0)
      .run()
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }], details: false })
    const state = await checkoutCall(
      '/checkout/prepare',
      { basketToken: ready.token },
      member.tokens.access_token
    )
    expect(state.caller).toBe('member')
    expect(state.contact).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: member.email,
      phoneNumber: '+447700900123',
    })
    expect(state.activeStep).toBe('details')
    expect(state.savedCards).toEqual([
      {
        cardId: expect.any(Number),
        brand: 'visa',
        last4: '1111',
        expiryMonth: 12,
        expiryYear: 2030,
        cardholderName: 'A LOVELACE',
        gateway: 'realex',
        isDefault: true,
      },
    ])
    const asGuest = await checkoutCall('/checkout/prepare', { basketToken: ready.token }, guest)
    expect(asGuest.savedCards).toEqual([])
    expect(asGuest.caller).toBe('guest')

    // A card of another gateway cannot pay here: checkout does not offer it.
    const framesDeployment = await callWith(
      { ...env, ...TEST_SECRETS, CARD_GATEWAY: 'frames' },
      '/checkout/prepare',
      { businessId: 1, basketToken: ready.token },
      member.tokens.access_token
    )
    expect(framesDeployment.status).toBe(200)
    expect(CheckoutStateSchema.parse(framesDeployment.json).savedCards).toEqual([])
  })
})

describe('checkout details refusals (nothing written)', () => {
  it('refuses a guest using a member’s email, lets the member use it', async () => {
    const member = await registerMember()
    const ready = await readyBasket({ items: [{ id: item.id, quantity: 1 }], details: false })
    const before = await basketColumns(ready.basketId)
    const body = {
      businessId: 1,
      basketToken: ready.token,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: member.email.toUpperCase(),
      phoneNumber: '07700900123',
    }
    for (const bearer of [undefined, guest]) {
      const error = await expectRefused('/checkout/contact-details', body, 409, bearer)
      expect(error.message).toBe(MESSAGES.guestEmailRegistered)
      expect(error.details).toEqual({ reason: 'member_email' })
    }
    expect(await basketColumns(ready.basketId)).toEqual(before)
    const own = await checkoutCall('/checkout/contact-details', body, member.tokens.access_token)
    expect(own.contact?.email).toBe(member.email)
  })

  it('refuses a bad postcode on address.postcode, a bad phone, unticked terms', async () => {
    const ready = await readyBasket({
      method: 'delivery',
      items: [{ id: item.id, quantity: 1 }],
      details: false,
    })
    const before = await basketColumns(ready.basketId)
    const postcode = await expectRefused(
      '/checkout/delivery-address',
      { businessId: 1, basketToken: ready.token, address: { ...ADDRESS, postcode: 'ZZ9' } },
      422
    )
    expect(postcode.fields).toEqual([
      { field: 'address.postcode', message: formatMessage('postcodeInvalid', 'ZZ9') },
    ])
    const billing = await expectRefused(
      '/checkout/billing-address',
      { businessId: 1, basketToken: ready.token, address: { ...ADDRESS, postcode: 'ZZ9' } },
      422
    )
    expect(billing.fields?.[0]?.field).toBe('address.postcode')
    const phone = await expectRefused(
      '/checkout/contact-details',
      {
        businessId: 1,
        basketToken: ready.token,
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
        phoneNumber: '01612 345678',
      },
      422
    )
    expect(phone.fields).toEqual([{ field: 'phoneNumber', message: MESSAGES.mobileInvalid }])
    const terms = await expectRefused(
      '/checkout/terms',
      { businessId: 1, basketToken: ready.token, termsAccepted: false },
      422
    )
    expect(terms.fields?.[0]?.message).toBe(MESSAGES.termsRequired)
    const unknown = await expectRefused(
      '/checkout/prepare',
      { businessId: 1, basketToken: 'no-such-basket-token-0123456789abcdefghijk' },
      404
    )
    expect(unknown.message).toBe(MESSAGES.basketNotFound)
    expect(await basketColumns(ready.basketId)).toEqual(before)
  })
})

describe('orders for their owner', () => {
  it('shows the order to its basket holder and its member, not to others', async () => {
    const member = await registerMember()
    const ready = await readyBasket({
      items: [{ id: item.id, quantity: 1 }],
      email: member.email,
      bearer: member.tokens.access_token,
    })
    const stranger = await readyBasket({ items: [{ id: item.id, quantity: 1 }] })
    const draft = OrderSummarySchema.parse(
      await expectOk(
        '/checkout/process-order',
        orderBody(ready, { emailAddress: member.email }),
        member.tokens.access_token
      )
    )
    const byToken = OrderSummarySchema.parse(
      await expectOk('/checkout/order', {
        businessId: 1,
        basketToken: ready.token,
        draftOrderId: draft.draftOrderId,
      })
    )
    expect(byToken).toEqual(draft)
    const byMember = await call(
      '/checkout/order',
      { businessId: 1, basketToken: stranger.token, draftOrderId: draft.draftOrderId },
      { bearer: member.tokens.access_token }
    )
    expect(byMember.status).toBe(200)
    const notYours = await expectRefused(
      '/checkout/order',
      { businessId: 1, basketToken: stranger.token, draftOrderId: draft.draftOrderId },
      404,
      guest
    )
    const missing = await expectRefused(
      '/checkout/order',
      { businessId: 1, basketToken: stranger.token, draftOrderId: 99999999 },
      404
    )
    expect(notYours.message).toBe(MESSAGES.orderNotFound)
    expect(missing.message).toBe(notYours.message)

    const location = (basketToken?: string, bearer?: string) =>
      call(
        '/checkout/driver-location',
        { businessId: 1, businessOrderId: draft.businessOrderId, basketToken },
        bearer ? { bearer } : {}
      )
    const draftTracking = DriverLocationSchema.parse((await location(ready.token)).json)
    expect(draftTracking).toMatchObject({ statusCode: null, trackable: false, latitude: null })
    await confirmOrder(env, { businessId: 1, orderId: draft.draftOrderId, now: new Date() })
    await env.DB.prepare(
      `update orders set driver_latitude = 53.5, driver_longitude = -2.2,
         driver_updated_at = '2026-01-01T00:00:00.000Z' where id = ?1`
    )
      .bind(draft.draftOrderId)
      .run()
    const tracked = DriverLocationSchema.parse(
      (await location(undefined, member.tokens.access_token)).json
    )
    expect(tracked).toEqual({
      businessOrderId: draft.businessOrderId,
      statusCode: 20,
      trackable: true,
      latitude: 53.5,
      longitude: -2.2,
      updatedAt: '2026-01-01T00:00:00.000Z',
    })
    const other = await location(stranger.token)
    expect(other.status).toBe(404)
  })
})

describe('retail membership', () => {
  it('checks the format and stores it for a signed-in member only', async () => {
    const ok = RetailMembershipSchema.parse(
      await expectOk('/checkout/retail-membership/check', {
        businessId: 1,
        retailMemberId: 'ab12-34cd',
      })
    )
    expect(ok).toEqual({ retailMemberId: 'AB1234CD', valid: true })
    for (const retailMemberId of ['12345', 'AB12$34', '']) {
      const error = await expectRefused(
        '/checkout/retail-membership/check',
        { businessId: 1, retailMemberId },
        422
      )
      expect(error.message).toBe(MESSAGES.retailMembershipInvalid)
    }
    const member = await registerMember()
    const stored = await call(
      '/checkout/retail-membership',
      { businessId: 1, retailMemberId: 'club 778899' },
      { bearer: member.tokens.access_token }
    )
    expect(stored.json).toEqual({ retailMemberId: 'CLUB778899', valid: true })
    const row = await env.DB.prepare('select retail_member_id from customers where email = ?1')
      .bind(member.email)
      .first()
    expect(row).toEqual({ retail_member_id: 'CLUB778899' })
    const invalid = await expectRefused(
      '/checkout/retail-membership',
      { businessId: 1, retailMemberId: 'x' },
      422,
      member.tokens.access_token
    )
    expect(invalid.message).toBe(MESSAGES.retailMembershipInvalid)
    expect(
      await env.DB.prepare('select retail_member_id from customers where email = ?1')
        .bind(member.email)
        .first()
    ).toEqual({ retail_member_id: 'CLUB778899' })
    expect(
      (
        await call(
          '/checkout/retail-membership',
          { businessId: 1, retailMemberId: 'ABC123' },
          { bearer: guest }
        )
      ).status
    ).toBe(401)
    expect(
      (await call('/checkout/retail-membership', { businessId: 1, retailMemberId: 'ABC123' }))
        .status
    ).toBe(401)
  })
})
