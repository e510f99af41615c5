import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import { translate } from '../../../schemas/message-catalogue.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { createApp } from '../../../worker/app.ts'
import { PASSWORD } from '../auth/fixtures.ts'
import { customerIdOf, draftOf, memberBasket, payCash } from '../credit/fixtures.ts'
import { newMember } from '../member/orders-fixtures.ts'
import {
  errorMessage,
  seedCheckout,
  shopperEmails,
  staffCall,
  staffMember,
  STORES,
  type SignedInStaff,
} from '../store-orders/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { operatorPagesClient } from './operator/console-client.ts'
import { pageText } from './storefront.ts'

// Issue 43 (ADR 045): every amount a Dutch business's people see is in euros, written the Dutch
// way: the store console, the member's rewards and the emails the store's actions send. The
// business keeps the UK as its country so the fixtures' UK phone numbers and postcodes still
// check out; the money follows the locale and the currency alone.

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.147', app)
const STORE = STORES.main
const DUTCH = shopLocaleOf({ locale: 'nl_NL', currency: 'EUR' })
const euros = (cents: number) => formatMoney(cents, DUTCH)
let manager: SignedInStaff

beforeAll(async () => {
  await seedCheckout(env.DB)
  await env.DB.prepare(
    `update businesses set locale = 'nl_NL', currency = 'EUR' where id = 1`
  ).run()
  manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
})

function goodwill(orderId: number, amount: number) {
  return staffCall(
    '/staff/orders/credit',
    { businessId: 1, storeId: STORE, orderId, amount, kind: 'goodwill', reason: 'Sorry' },
    manager.bearer,
    crypto.randomUUID()
  )
}

async function paidMemberOrder() {
  const member = await newMember('Anna')
  const { ready, total } = await memberBasket(member)
  const draft = await draftOf(member, ready)
  await payCash(draft)
  return { member, orderId: draft.orderId, total }
}

describe('a Dutch business (nl-NL, EUR)', () => {
  it('emails goodwill credit and refuses past the cap in euros', async () => {
    const order = await paidMemberOrder()
    expect((await goodwill(order.orderId, 1500)).status).toBe(200)
    // The email is in the business's language too (ADR 061), its amount in euros.
    expect((await shopperEmails(order.member.email)).at(-1)?.message).toBe(
      translate(DUTCH, 'orderTrackingCreditReturned', euros(1500))
    )
    const over = await goodwill(order.orderId, 1000)
    expect(over.status).toBe(422)
    expect(errorMessage(over)).toBe(
      formatMessage('creditGoodwillOrderCap', euros(2000), euros(500))
    )
    expect(await customerIdOf(order.member.email)).toBeGreaterThan(0)
  }, 30_000)

  it("shows the store console's order and the member's store credit in euros", async () => {
    const order = await paidMemberOrder()
    expect((await goodwill(order.orderId, 700)).status).toBe(200)

    const staff = await seedStaff({ roles: [{ storeId: STORE, role: 'store_manager' }] })
    const consolePage = await get(
      `/store/${STORE}/orders/${order.orderId}`,
      await signIn(staff.email)
    )
    expect(consolePage.status).toBe(200)
    const consoleText = pageText(await consolePage.text())
    expect(consoleText).toContain(euros(order.total).replace(/\s/g, ' '))
    expect(consoleText).not.toContain('£')

    const signedIn = await postForm('/login', { email: order.member.email, password: PASSWORD })
    expect(signedIn.status).toBe(303)
    const rewards = pageText(await (await get('/member', jar(signedIn))).text())
    expect(rewards).toContain(euros(700).replace(/\s/g, ' '))
    // The brand's own banner (operator content, not formatted) may say pounds; the credit may not.
    expect(rewards).not.toContain(formatMoney(700))
  }, 30_000)
})
