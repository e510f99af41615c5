import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { deliverEffects } from '../../support/workers/effects.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { call, plainItem, readyBasket, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { checkoutSteps } from './checkout-steps.ts'
import { pageText as text, pageClient, testEnv } from './storefront.ts'

// Issue 43: a business in the Netherlands (nl-NL, EUR) shows, emails and asks its wallets for
// euros in Dutch conventions. Everything else about the journey is the UK's test checkout.

const app = createApp()
const client = pageClient(app, '198.51.143')
const { get, postForm } = client
const steps = checkoutSteps(client, () => itemId)
let itemId = 0

const euros = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100)

// The page text reads a no-break space as a space.
const shown = (cents: number) => euros(cents).replace(/\s/g, ' ')

const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? ''

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
})

/** Saves checkout contact details through the backend, as any API client would. */
async function contactWith(phoneNumber: string) {
  const ready = await readyBasket({ items: [{ id: itemId, quantity: 1 }], details: false })
  return call('/checkout/contact-details', {
    businessId: 1,
    basketToken: ready.token,
    firstName: 'Anna',
    lastName: 'Jansen',
    email: 'anna.api@example.com',
    phoneNumber,
  })
}

describe('a UK business (the default)', () => {
  it('still takes UK mobiles only, with the spec’s message', async () => {
    expect((await contactWith('07700 900321')).status).toBe(200)
    const dutch = await contactWith('+31 6 12345678')
    expect(dutch.status).toBe(422)
    expect(dutch.json).toMatchObject({
      error: { message: MESSAGES.mobileInvalid, fields: [{ field: 'phoneNumber' }] },
    })
  })
})

describe('a brand whose business is Dutch (nl-NL, EUR, NL)', () => {
  beforeAll(async () => {
    await env.DB.prepare(
      `update businesses set locale = 'nl_NL', currency = 'EUR', country_code = 'NL' where id = 1`
    ).run()
  })

  it('says the error page and the API’s errors in Dutch (ADR 049)', async () => {
    const missing = await get('/geen-pagina-hier')
    expect(missing.status).toBe(404)
    const page = text(await missing.text())
    expect(page).toContain('Pagina niet gevonden')
    expect(page).not.toContain(MESSAGES.pageNotFound)

    const answer = await app.request(
      'http://localhost/api/location/postcode-to-coordinates',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ postcode: 'ZZ99' }),
      },
      testEnv
    )
    expect(answer.status).toBe(422)
    const message = 'ZZ99 is geen geldige postcode'
    expect(await answer.json()).toMatchObject({
      error: { code: 'validation_error', message, fields: [{ field: 'postcode', message }] },
    })
  })

  it('checks postcodes as Dutch ("1234 AB") without a rule of its own', async () => {
    const dutch = await call('/location/postcode-to-coordinates', {
      businessId: 1,
      postcode: '1012ab',
      country: 'NL',
    })
    // Past the check, and placed by its four-digit area (ADR 052).
    expect(dutch.status).toBe(200)
    expect(dutch.json).toMatchObject({ postcode: '1012 AB', precision: 'outcode' })
    const uk = await call('/location/postcode-to-coordinates', {
      businessId: 1,
      postcode: 'M1 1AE',
      country: 'NL',
    })
    expect(uk.status).toBe(422)
    expect(uk.json).toMatchObject({ error: { message: 'M1 1AE is not a valid postcode' } })
  })

  it('asks for the delivery address in the Dutch order and checks it as a Dutch one (ADR 052)', async () => {
    const start = await steps.basket(STORES.main, 'delivery')
    const cookies = jar(await get('/checkout', start.cookies), start.cookies)
    const form = await (await get('/checkout/details', cookies)).text()
    expect(form.indexOf('for="delivery-postcode"')).toBeGreaterThan(0)
    expect(form.indexOf('for="delivery-postcode"')).toBeLessThan(
      form.indexOf('for="delivery-addressLine1"')
    )
    // The form's words are the brand's language's (ADR 058).
    expect(text(form)).toContain('Straat en huisnummer')
    expect(text(form)).not.toContain('Street and house number')
    expect(form).not.toContain('for="delivery-county"')
    const details = {
      firstName: 'Anna',
      lastName: 'Jansen',
      email: 'anna.address@example.com',
      phoneNumber: '06 1234 5678',
      terms: 'yes',
      town: 'Utrecht',
      postcode: '3511ab',
    }
    const noNumber = await postForm(
      '/checkout/details',
      { ...details, addressLine1: 'Oudegracht' },
      cookies
    )
    expect(noNumber.status).toBe(422)
    const refused = await noNumber.text()
    expect(refused).toContain('id="delivery-addressLine1-error"')
    expect(text(refused)).toMatch(/Vul het huisnummer in\.|Please enter the house number\./)
    // A Dutch postcode is a postcode here: the Manchester test store only does not deliver to it.
    const numbered = await postForm(
      '/checkout/details',
      { ...details, addressLine1: 'Oudegracht 12' },
      cookies
    )
    const answer = text(await numbered.text())
    expect(answer).not.toMatch(/is not a valid postcode|geen geldige postcode/)
    expect(answer).toContain('3511 AB')
  })

  it('refuses a UK mobile and takes a Dutch one', async () => {
    const uk = await contactWith('+44 7700 900321')
    expect(uk.status).toBe(422)
    expect(uk.json).toMatchObject({ error: { message: MESSAGES.mobileInvalid } })
    expect((await contactWith('+31 6 12345678')).status).toBe(200)
  })

  it('shows the payment page in euros, tells the wallets EUR, and emails the total in euros', async () => {
    const email = 'anna.locale@example.com'
    // Typed as a Dutch shopper writes it: the page keeps it in E.164 and shows it nationally.
    const details = { firstName: 'Anna', lastName: 'Jansen', email, phoneNumber: '06 1234 5678' }
    const { cookies } = await steps.guestAtPayment({ ...details, terms: 'yes' })
    const page = await (await get('/checkout/payment', cookies)).text()
    const total = Number(field(page, 'shownTotal'))
    expect(total).toBeGreaterThan(0)

    // The browser's wallet sheets (Apple Pay, Google Pay) read the locale the document carries.
    expect(page).toMatch(/<html lang="nl-NL" data-currency="EUR" data-country="NL"/)
    expect(text(page)).toContain('06 12345678')
    expect(text(page)).toContain(`${shown(total)} betalen`)
    expect(text(page)).not.toContain('£')

    const placed = await postForm(
      '/checkout/payment',
      {
        attempt: field(page, 'attempt'),
        shownTotal: String(total),
        paymentSource: 'cash',
        cashConfirmed: 'yes',
      },
      cookies
    )
    expect(placed.status).toBe(303)
    await deliverEffects()
    const mail = await env.DB.prepare(
      `select payload_json from outbox where template = 'order_confirmation' and recipient = ?1`
    )
      .bind(email)
      .first<{ payload_json: string }>()
    expect(JSON.parse(mail?.payload_json ?? '{}')).toMatchObject({ total: euros(total) })
    const order = await env.DB.prepare('select phone, currency from orders where email = ?1')
      .bind(email)
      .first()
    expect(order).toEqual({ phone: '+31612345678', currency: 'EUR' })
    // A whole checkout through the pages, then the effects: more than the default 5 s on a busy machine.
  }, 30_000)
})
