import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema } from '../../../schemas/basket.ts'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { call, plainItem, registerMember, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { customerIdOf, giveCredit } from '../credit/fixtures.ts'
import { checkoutSteps } from './checkout-steps.ts'
import { jar } from './cookie-jar.ts'
import { pageClient } from './storefront.ts'

// The payment step's store credit switch without JavaScript (ADR 020): a ticked box uses the
// member's credit on the basket, an unticked one (no field posted) keeps it; back to payment.
const app = createApp()
const client = pageClient(app, '198.51.16')
const { get, postForm } = client
let itemId = 0
const steps = checkoutSteps(client, () => itemId)

beforeAll(async () => {
  await seedCheckout(env.DB)
  itemId = (await plainItem(1500, 4000)).id
})

describe('the store credit switch without JavaScript', () => {
  it('keeps the credit when unticked and uses it when ticked', { timeout: 20_000 }, async () => {
    const member = await registerMember()
    await giveCredit(await customerIdOf(member.email), 500)
    const start = await steps.basket(STORES.main, 'collection')
    let cookies = jar(await get('/checkout', start.cookies), start.cookies)
    const signIn = await postForm(
      '/login',
      { email: member.email, password: PASSWORD, redirect: '/checkout/login' },
      cookies
    )
    expect(signIn.status).toBe(303)
    cookies = jar(signIn, cookies)
    const bearer = member.tokens.access_token
    const basket = async () => {
      const answer = await call('/basket', { businessId: 1, basketToken: start.token }, { bearer })
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      return BasketSchema.parse(answer.json).totals
    }
    expect(await basket()).toMatchObject({ creditApplied: 500, useCredit: true })

    const kept = await postForm('/checkout/payment/credit', {}, cookies)
    expect(kept.status).toBe(303)
    expect(kept.headers.get('location')).toBe('/checkout/payment')
    expect(await basket()).toMatchObject({ creditApplied: 0, useCredit: false })

    const used = await postForm('/checkout/payment/credit', { useCredit: '1' }, jar(kept, cookies))
    expect(used.status).toBe(303)
    expect(await basket()).toMatchObject({ creditApplied: 500, useCredit: true })
  })
})
