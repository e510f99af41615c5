import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MemberAddressListSchema, type MemberAddress } from '../../../schemas/member-addresses.ts'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { call, plainItem, registerMember, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { checkoutSteps } from './checkout-steps.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText } from './storefront.ts'

// A member's saved addresses at checkout: the delivery step offers them (default chosen first)
// and sends the chosen one through the same set-address call, delivery area included.
const app = createApp()
const client = pageClient(app, '198.51.14')
const { get, postForm } = client
let itemId = 0
const steps = checkoutSteps(client, () => itemId)

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
})

const ADDRESS = {
  businessId: 1,
  type: 'delivery',
  firstName: 'Ada',
  lastName: 'Lovelace',
  town: 'Manchester',
}

async function addAddress(bearer: string, fields: Record<string, unknown>): Promise<MemberAddress> {
  const answer = await call('/member/addresses', { ...ADDRESS, ...fields }, { bearer })
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  const { addresses } = MemberAddressListSchema.parse(answer.json)
  return addresses.find(({ name }) => name === fields.name)!
}

/** A member with a delivery basket at the main store, signed in, at the details step. */
async function memberAtDetails() {
  const member = await registerMember()
  const start = await steps.basket(STORES.main, 'delivery')
  let cookies = jar(await get('/checkout', start.cookies), start.cookies)
  const signIn = await postForm(
    '/login',
    { email: member.email, password: PASSWORD, redirect: '/checkout/login' },
    cookies
  )
  expect(signIn.status).toBe(303)
  cookies = jar(signIn, cookies)
  const details = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: member.email,
    phoneNumber: '07700 900123',
    terms: 'yes',
  }
  return { bearer: member.tokens.access_token, cookies, details }
}

function checkedChoice(html: string): string | undefined {
  const inputs = html.match(/<input[^>]*name="savedAddressId"[^>]*>/g) ?? []
  const checked = inputs.find((input) => input.includes('checked=""'))
  return checked ? /value="(\w+)"/.exec(checked)?.[1] : undefined
}

describe('checkout with saved addresses', () => {
  it('pre-selects the default delivery address, refuses one outside the area, uses the chosen one', async () => {
    const { bearer, cookies, details } = await memberAtDetails()
    await addAddress(bearer, { name: 'Home', addressLine1: '1 Piccadilly', postcode: 'M1 1AD' })
    const work = await addAddress(bearer, {
      name: 'Work',
      addressLine1: '2 Portland Street',
      postcode: 'M1 1AE',
      isDefault: true,
    })
    const away = await addAddress(bearer, {
      name: 'Leeds',
      addressLine1: '1 Park Row',
      town: 'Leeds',
      postcode: 'LS1 4AP',
    })

    const form = await (await get('/checkout/details', cookies)).text()
    expect(checkedChoice(form)).toBe(String(work.addressId))
    expect(pageText(form)).toContain('Work (default) Ada Lovelace, 2 Portland Street')

    const refused = await postForm(
      '/checkout/details',
      { ...details, savedAddressId: String(away.addressId) },
      cookies
    )
    expect(refused.status).toBe(422)
    expect(pageText(await refused.text())).toMatch(/doesn't deliver to LS1 4AP/)

    const chosen = await postForm(
      '/checkout/details',
      { ...details, savedAddressId: String(work.addressId) },
      cookies
    )
    expect(chosen.status, pageText(await chosen.clone().text()).slice(0, 600)).toBe(303)
    expect(chosen.headers.get('location')).toBe('/checkout/payment')
    const again = await (await get('/checkout/details', cookies)).text()
    expect(checkedChoice(again)).toBe(String(work.addressId))
    expect(again).toContain('value="2 Portland Street"')
  })

  it('saves a new address typed at checkout when asked', async () => {
    const { cookies, details } = await memberAtDetails()
    const form = await (await get('/checkout/details', cookies)).text()
    expect(pageText(form)).toContain('Save this address')
    const res = await postForm(
      '/checkout/details',
      {
        ...details,
        addressLine1: '3 Oldham Street',
        town: 'Manchester',
        postcode: 'm1 1ae',
        saveAddress: 'yes',
        saveAddressName: 'Flat',
      },
      cookies
    )
    expect(res.status).toBe(303)
    const page = pageText(await (await get('/member/addresses', cookies)).text())
    expect(page).toMatch(/Flat Default Ada Lovelace 3 Oldham Street Manchester M1 1AE/)
  })

  it('offers saved billing addresses on the billing step and bills to the chosen one', async () => {
    const { bearer, cookies, details } = await memberAtDetails()
    const home = await addAddress(bearer, {
      name: 'Home',
      addressLine1: '1 Piccadilly',
      postcode: 'M1 1AD',
    })
    const bills = await addAddress(bearer, {
      type: 'billing',
      name: 'Bills',
      addressLine1: '9 Deansgate',
      postcode: 'M1 1AE',
    })
    const done = await postForm(
      '/checkout/details',
      { ...details, savedAddressId: String(home.addressId) },
      cookies
    )
    expect(done.status).toBe(303)
    const billing = await get('/checkout/payment/billing-address', cookies)
    const html = await billing.text()
    expect(billing.status, pageText(html).slice(0, 500)).toBe(200)
    expect(pageText(html)).toContain('Your saved billing addresses Bills (default)')
    const attempt = /name="attempt" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const res = await postForm(
      '/checkout/payment/billing-address',
      { attempt, sameAsDelivery: 'no', savedAddressId: String(bills.addressId) },
      cookies
    )
    expect(res.status, pageText(await res.clone().text()).slice(0, 600)).toBe(303)
    expect(res.headers.get('location')).toMatch(/^\/checkout\/payment\/card-form\?attempt=/)
  })
})
