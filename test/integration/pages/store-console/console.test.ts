import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { BasketSchema, SimilarItemsSchema } from '../../../../schemas/basket.ts'
import { formatMessage, MESSAGES } from '../../../../schemas/messages.ts'
import { formatMoney } from '../../../../schemas/money.ts'
import { PRESET_REASONS } from '../../../../schemas/order-reasons.ts'
import { createApp } from '../../../../worker/app.ts'
import {
  actOk,
  cardOrder,
  cashOrder,
  shopperEmails,
  inMinutes,
  seedCheckout,
  staffMember,
  STORES,
  finishPicking,
} from '../../store-orders/fixtures.ts'
import { lastMessage, PASSWORD, seedStaff } from '../../staff/fixtures.ts'
import { uniqueEmail } from '../../auth/fixtures.ts'
import { jar, setCookieLine } from '../cookie-jar.ts'
import { operatorPagesClient } from '../operator/console-client.ts'
import { ORIGIN, pageText, registration, testEnv } from '../storefront.ts'
import type { StoreRole } from '../../../../schemas/staff.ts'
import { withAppVersion } from '../../../support/app-version.ts'
import { expectOk } from '../../checkout/fixtures.ts'
import { deliver } from '../../member/orders-fixtures.ts'

const app = createApp()
const { get, postForm, signIn } = operatorPagesClient('198.51.101', app)
const STORE = STORES.main
const OTHER_STORE = STORES.single

beforeAll(async () => {
  await seedCheckout(env.DB)
})

async function staffCookies(
  roles: ReadonlyArray<{ storeId: number; role: StoreRole }>,
  operator = false
): Promise<string> {
  const staff = await seedStaff({ roles, operator })
  return signIn(staff.email)
}

/**
 * A new driver of the store signed in through the pages, and a cash delivery the manager accepted,
 * picked (every line marked, through the API) and assigned to them.
 */
async function pickedDeliveryOfNewDriver() {
  const manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
  const driver = await seedStaff({ roles: [{ storeId: STORE, role: 'driver' }] })
  const cookies = await signIn(driver.email)
  const order = await cashOrder('delivery')
  const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(30),
  })
  for (const line of accepted.departments.flatMap((d) => d.lines)) {
    await actOk(manager.bearer, STORE, order.orderId, 'store_accepted_picking', {
      type: 'mark_line',
      lineId: line.lineId,
      version: line.version,
      mark: 'picked',
    })
  }
  await finishPicking(manager.bearer, STORE, order.orderId)
  await actOk(manager.bearer, STORE, order.orderId, 'picked', {
    type: 'assign_driver',
    driverId: driver.id,
  })
  return { cookies, order }
}

/**
 * Moves an order to tomorrow's 11:00–12:00 slot in the store's zone (London), tomorrow counted
 * from the run's pinned clock (test/setup/pin-clock.ts); answers the slot's date.
 */
async function moveToTomorrowsSlot(orderId: number): Promise<string> {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000)
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(tomorrow)
  await env.DB.prepare(
    `update orders set fulfilment_timing = 'future', slot_date = ?2, slot_starts_at = '11:00',
       slot_ends_at = '12:00' where id = ?1`
  )
    .bind(orderId, date)
    .run()
  return date
}

/** The page's alert (a refused form's message), for a failing assertion to show. */
function textOfAlert(html: string): string {
  return /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? ''
}

function expectConsoleHeaders(res: Response): void {
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  const csp = res.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("connect-src 'self' ws://localhost")
  expect(csp).not.toContain('challenges.cloudflare.com')
}

describe('staff sign-in', () => {
  it('sends a signed-out visitor to the sign-in page, saying why', async () => {
    const res = await get('/store/9200/board')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/store/sign-in?redirect=%2Fstore%2F9200%2Fboard')
    expectConsoleHeaders(res)
    const page = await get(res.headers.get('location') ?? '', jar(res))
    expect(page.status).toBe(200)
    expectConsoleHeaders(page)
    expect(page.headers.get('permissions-policy')).toContain('geolocation=()')
    const html = await page.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(pageText(html)).toContain(MESSAGES.loginRequired)
    // Why the visitor was sent here: the alert sign, not a tick.
    expect(html).toContain('data-tone="notice"')
    expect(html).toContain('name="redirect" value="/store/9200/board"')
  })

  it('takes the password, then the emailed code, into staff cookies of their own', async () => {
    const staff = await seedStaff({ roles: [{ storeId: STORE, role: 'store_manager' }] })
    const first = await postForm('/store/sign-in', {
      intent: 'password',
      email: staff.email,
      password: PASSWORD,
    })
    expect(first.status).toBe(303)
    const challenge = setCookieLine(first, 'sf_staff_challenge') ?? ''
    expect(challenge).toMatch(/Path=\/store(;|$)/)
    expect(challenge).toContain('HttpOnly')
    expect(challenge).toContain('SameSite=Strict')
    const pending = jar(first)

    const codePage = await get('/store/sign-in?step=code', pending)
    expect(pageText(await codePage.text())).toContain(formatMessage('staffCodeSent', staff.email))

    const wrong = await postForm('/store/sign-in', { intent: 'code', code: '000000' }, pending)
    expect(wrong.status).toBe(422)
    expect(pageText(await wrong.text())).toContain(MESSAGES.otpIncorrect)

    const { code = '' } = await lastMessage(staff.email, 'staff_sign_in_code')
    const signedIn = await postForm('/store/sign-in', { intent: 'code', code }, pending)
    expect(signedIn.status).toBe(303)
    expect(signedIn.headers.get('location')).toBe('/store')
    for (const name of ['sf_staff_access', 'sf_staff_refresh']) {
      const line = setCookieLine(signedIn, name) ?? ''
      expect(line, name).toMatch(/Path=\/store(;|$)/)
      expect(line).toContain('HttpOnly')
      expect(line).toContain('SameSite=Strict')
    }
    // The shopper's session cookies are not touched.
    expect(setCookieLine(signedIn, 'sf_access')).toBeUndefined()

    const stores = await get('/store', jar(signedIn, pending))
    expect(stores.status).toBe(200)
    expectConsoleHeaders(stores)
    const text = pageText(await stores.text())
    expect(text).toContain(MESSAGES.signedIn)
    expect(text).toContain('Store manager')
  })

  it('refuses a wrong password with the spec message', async () => {
    const staff = await seedStaff({ roles: [{ storeId: STORE, role: 'picker' }] })
    const res = await postForm('/store/sign-in', {
      intent: 'password',
      email: staff.email,
      password: 'not the password',
    })
    expect(res.status).toBe(422)
    expect(pageText(await res.text())).toContain(MESSAGES.loginFailed)
    expect(setCookieLine(res, 'sf_staff_challenge')).toBeUndefined()
  })

  it("never lets a shopper's session in", async () => {
    const email = uniqueEmail('console-shopper')
    const registered = await postForm('/register', registration(email))
    expect(registered.status).toBe(303)
    const shopper = jar(registered)
    expect(shopper).toContain('sf_access=')
    const res = await get('/store', shopper)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/store/sign-in')
    // Nor through the console's proxy: only the staff cookie is a bearer there.
    const api = await app.request(
      `${ORIGIN}/store/api/staff/orders/board`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: shopper },
        body: JSON.stringify({ storeId: STORE }),
      },
      testEnv
    )
    expect(api.status).toBe(401)
  })

  it('signs out: the session ends and the sign-in page says so', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'picker' }])
    const out = await postForm('/store/sign-out', {}, cookies)
    expect(out.status).toBe(303)
    expect(out.headers.get('location')).toBe('/store/sign-in')
    expect(setCookieLine(out, 'sf_staff_access')).toMatch(/Max-Age=0/)
    const after = jar(out, cookies)
    expect(after).not.toContain('sf_staff_access=')
    expect((await get('/store', after)).status).toBe(303)
  })
})

describe('the console pages', () => {
  it("shows a picker their store's board and 404s another store's", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'picker' }])
    const board = await get(`/store/${STORE}/board`, cookies)
    expect(board.status).toBe(200)
    expectConsoleHeaders(board)
    expect(pageText(await board.text())).toContain('Turn sound on')
    expect((await get(`/store/${OTHER_STORE}/board`, cookies)).status).toBe(404)
    const order = await cashOrder()
    expect((await get(`/store/${OTHER_STORE}/orders/${order.orderId}`, cookies)).status).toBe(404)
  })

  it('lets the driver page alone ask for the location', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'driver' }])
    const res = await get('/store/driver', cookies)
    expect(res.status).toBe(200)
    expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)')
    expect(pageText(await res.text())).toContain('No deliveries are assigned to you today.')
  })

  it("shows an action's refusal on the order page and confirms a done one", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder()
    const path = `/store/${STORE}/orders/${order.orderId}`
    const page = await get(path, cookies)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(pageText(html)).toContain('Accept order')
    const key = /name="idempotencyKey" value="([\w-]+)-accept"/.exec(html)?.[1] ?? ''
    expect(key).not.toBe('')

    const noReason = await postForm(
      path,
      { action: 'reject', expectedStatus: 'sent_to_store', idempotencyKey: `${key}-reject` },
      cookies
    )
    expect(noReason.status).toBe(422)
    expect(pageText(await noReason.text())).toContain(MESSAGES.orderActionReasonRequired)

    const stale = await postForm(
      path,
      {
        action: 'finish_picking',
        expectedStatus: 'store_accepted_picking',
        idempotencyKey: `${key}-f`,
      },
      cookies
    )
    expect([409, 422]).toContain(stale.status)
    expect(pageText(await stale.text())).toContain('Sent to Store')

    const accepted = await postForm(
      path,
      {
        action: 'accept',
        expectedStatus: 'sent_to_store',
        readyInMinutes: '30',
        idempotencyKey: `${key}-accept`,
      },
      cookies
    )
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toBe(path)
    const after = await get(path, jar(accepted, cookies))
    const afterHtml = await after.text()
    const text = pageText(afterHtml)
    expect(text).toContain(MESSAGES.storeOrderUpdated)
    // A change that went through is confirmed with a tick, not the alert sign.
    expect(afterHtml).toContain('data-tone="success"')
    expect(afterHtml).not.toContain('data-tone="notice"')
    expect(text).toContain('Store Accepted / Picking')
  })
})

describe('a slot order', () => {
  it("is accepted for its slot, not 'ready in 30 minutes' from now", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder()
    const date = await moveToTomorrowsSlot(order.orderId)
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(path, cookies)).text()
    expect(pageText(html)).toMatch(/Ready for its slot, \w{3} \d{2} \w{3} 11:00–12:00/)
    expect(html).not.toContain('name="readyInMinutes"')
    const readyAt = /name="readyAt" value="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(readyAt).toBe(`${date}T11:00:00.000Z`)
    const key = /name="idempotencyKey" value="([\w-]+)-accept"/.exec(html)?.[1] ?? ''
    const accepted = await postForm(
      path,
      {
        action: 'accept',
        expectedStatus: 'sent_to_store',
        readyAt,
        idempotencyKey: `${key}-accept`,
      },
      cookies
    )
    expect(accepted.status).toBe(303)
    const row = await env.DB.prepare('select estimated_ready_at from orders where id = ?1')
      .bind(order.orderId)
      .first<{ estimated_ready_at: string }>()
    expect(row?.estimated_ready_at).toBe(readyAt)
    const after = pageText(await (await get(path, jar(accepted, cookies))).text())
    expect(after).toMatch(/Ready by \w{3} \d{2} \w{3} 11:00/)
  })
})

describe('the staff session', () => {
  it('renews a lapsed access token on the next page, like a member session', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'picker' }])
    const lapsed = cookies.replace(/sf_staff_access=[^;]+/, 'sf_staff_access=lapsed')
    const res = await get('/store', lapsed)
    expect(res.status).toBe(200)
    const renewed = setCookieLine(res, 'sf_staff_refresh') ?? ''
    expect(renewed).toMatch(/Path=\/store(;|$)/)
    expect(renewed.split(';')[0]).not.toBe(/sf_staff_refresh=[^;]+/.exec(cookies)?.[0])
  })

  it('ends a session whose refresh is refused, and says so', async () => {
    const res = await get(
      '/store',
      'sf_staff_access=lapsed; sf_staff_refresh=unknown-refresh-token'
    )
    expect(res.status).toBe(303)
    expect(setCookieLine(res, 'sf_staff_refresh')).toMatch(/Max-Age=0/)
    const page = await get(res.headers.get('location') ?? '', jar(res))
    expect(pageText(await page.text())).toContain(MESSAGES.sessionExpired)
  })
})

describe('an invitation', () => {
  it('sets the first password, then sends the new member of staff to sign in', async () => {
    const operator = await staffCookies([], true)
    const email = `invitee.${crypto.randomUUID()}@example.com`
    const invited = await app.request(
      `${ORIGIN}/store/api/staff/invitations`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: operator },
        body: JSON.stringify({ email, name: 'Ivy Invitee', role: 'picker', storeIds: [STORE] }),
      },
      testEnv
    )
    expect(invited.status).toBe(200)
    const { acceptPath = '' } = await lastMessage(email, 'staff_invitation')
    const page = await get(acceptPath)
    expect(page.status).toBe(200)
    expect(pageText(await page.text())).toContain('Join your team')
    const accepted = await postForm(acceptPath, { password: PASSWORD })
    expect(accepted.status).toBe(303)
    expect(accepted.headers.get('location')).toBe('/store/sign-in')
    const signInPage = await get('/store/sign-in', jar(accepted))
    expect(pageText(await signInPage.text())).toContain(MESSAGES.staffInvitationAccepted)
    const again = await postForm(acceptPath, { password: PASSWORD })
    expect(again.status).toBe(422)
    expect(pageText(await again.text())).toContain(MESSAGES.staffInvitationInvalid)
    await signIn(email)
  })
})

describe("the driver's round", () => {
  it('lists an assigned delivery with maps and call links, and takes it en route', async () => {
    const { cookies, order } = await pickedDeliveryOfNewDriver()

    // The shopper's note for the driver, as checkout keeps it.
    await env.DB.prepare('update orders set instructions = ?2 where id = ?1')
      .bind(order.orderId, 'Side door, ring twice')
      .run()

    // The driver's console home lists their store, opening their deliveries.
    const home = await (await get('/store', cookies)).text()
    expect(pageText(home)).not.toContain(MESSAGES.staffNoStores)
    expect(home.match(/href="\/store\/driver"/g)).toHaveLength(2)
    expect(pageText(home)).toMatch(/Your stores .+ Driver My deliveries/)

    const round = await get('/store/driver', cookies)
    expect(round.status).toBe(200)
    const html = await round.text()
    const text = pageText(html)
    expect(text).toContain('Instructions: Side door, ring twice')
    expect(text).toMatch(/Collect £\d+\.\d{2} in cash/)
    expect(text).toMatch(/Today .*Stop 1/)
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=')
    expect(html).toMatch(/href="geo:0,0\?q=/)
    expect(html).toMatch(/href="tel:/)
    expect(pageText(html)).toContain('Start delivery (en route)')
    expect(pageText(html)).toMatch(/Stop 1( · [\d.]+ miles?| · Under 0\.1 miles)?/)
    const action = `/store/${STORE}/orders/${order.orderId}?from=driver`
    const key = /name="idempotencyKey" value="([\w-]+)-start_route"/.exec(html)?.[1] ?? ''
    const started = await postForm(
      action,
      { action: 'start_route', expectedStatus: 'picked', idempotencyKey: `${key}-start_route` },
      cookies
    )
    expect(started.status, textOfAlert(await started.clone().text())).toBe(303)
    expect(started.headers.get('location')).toBe('/store/driver')
    const enRoute = pageText(await (await get('/store/driver', jar(started, cookies))).text())
    expect(enRoute).toContain(MESSAGES.storeOrderUpdated)
    expect(enRoute).toContain('Driver en Route')
    expect(enRoute).toContain('Starting to share your location')
    expect(enRoute).toContain('Unable to deliver')
  })

  it("puts a later day's picked delivery under its date, not today's", async () => {
    const { cookies, order } = await pickedDeliveryOfNewDriver()
    // Picked a day early for tomorrow's slot.
    const date = await moveToTomorrowsSlot(order.orderId)
    const text = pageText(await (await get('/store/driver', cookies)).text())
    expect(text).toContain('No deliveries are assigned to you today.')
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`)
    )
    const heading = `${weekday} ${date.slice(8)}`
    expect(text).toContain(heading)
    expect(text.indexOf(heading)).toBeLessThan(text.indexOf('Stop 1'))
  })
})

describe('the live board route', () => {
  it("opens the store's board socket for its staff, through every middleware", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'picker' }])
    const upgrade = (path: string, cookie: string) =>
      app.request(
        `${ORIGIN}${path}`,
        { headers: { upgrade: 'websocket', cookie: withAppVersion(cookie) } },
        testEnv
      )
    const res = await upgrade(`/store/${STORE}/board/live`, cookies)
    expect(res.status).toBe(101)
    const ws = res.webSocket
    if (!ws) throw new Error('no WebSocket')
    const said: Array<string> = []
    ws.addEventListener('message', (message) => said.push(String(message.data)))
    ws.accept()
    for (let i = 0; i < 100 && said.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(JSON.parse(said[0] ?? '{}')).toMatchObject({ type: 'hello' })
    ws.close()
    // Another store's board, or no staff session: refused before any socket.
    expect((await upgrade(`/store/${OTHER_STORE}/board/live`, cookies)).status).toBe(404)
    expect((await upgrade(`/store/${STORE}/board/live`, '')).status).toBe(401)
  })
})

describe('picking without JavaScript', () => {
  it("finds a substitute by name among the store's items and substitutes it", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder()
    const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const [line] = accepted.departments.flatMap((d) => d.lines)
    if (!line) throw new Error('no line')
    const path = `/store/${STORE}/orders/${order.orderId}`
    const term = 'milk'
    const found = await get(`${path}?substituteFor=${line.lineId}&q=${term}`, cookies)
    expect(found.status).toBe(200)
    const html = await found.text()
    expect(html).toContain(`aria-label="Substitutes for ${line.name}"`)
    const form = /name="idempotencyKey" value="([\w-]+-substituted-(\d+)-mark_line)"/.exec(html)
    if (!form?.[1] || !form[2]) throw new Error('no substitute offered')
    const done = await postForm(
      path,
      {
        action: 'mark_line',
        expectedStatus: 'store_accepted_picking',
        idempotencyKey: form[1],
        lineId: String(line.lineId),
        lineVersion: String(line.version),
        mark: 'substituted',
        substituteItemId: form[2],
        substituteQuantity: String(line.quantity),
      },
      cookies
    )
    expect(done.status, textOfAlert(await done.clone().text())).toBe(303)
    const after = pageText(await (await get(path, jar(done, cookies))).text())
    expect(after).toContain('Substituted:')
    // A term too short finds nothing and says so, never an error page.
    const short = await get(`${path}?substituteFor=${line.lineId}&q=m`, cookies)
    expect(pageText(await short.text())).toContain('No items of this store match.')
  })

  it('marks a no-substitutes line "No substitutes" and offers no substitute for it', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder('delivery', async (ready) => {
      await expectOk('/basket/substitutes', {
        businessId: 1,
        basketToken: ready.token,
        allowSubstitutes: false,
      })
    })
    const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const [line] = accepted.departments.flatMap((d) => d.lines)
    if (!line) throw new Error('no line')
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(`${path}?substituteFor=${line.lineId}&q=milk`, cookies)).text()
    expect(pageText(html)).toContain('No substitutes')
    expect(pageText(html)).not.toContain('Find a substitute')
    expect(html).not.toContain(`aria-label="Substitutes for ${line.name}"`)
    // Short and out of stock are still offered.
    expect(pageText(html)).toContain('Out of stock')
  })

  it("shows the shopper's chosen replacement, offered before the search", async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
    let chosen = ''
    const order = await cashOrder('delivery', async (ready) => {
      const basket = BasketSchema.parse(
        await expectOk('/basket', { businessId: 1, basketToken: ready.token })
      )
      const basketLineId = basket.lines[0]?.basketLineId
      const similar = SimilarItemsSchema.parse(
        await expectOk('/basket/similar-items', {
          businessId: 1,
          basketToken: ready.token,
          basketLineId,
        })
      )
      chosen = similar.items[0]?.name ?? ''
      await expectOk('/basket/substitutes', {
        businessId: 1,
        basketToken: ready.token,
        basketLineId,
        substitution: 'replacement',
        replacementItemId: similar.items[0]?.itemId,
      })
    })
    await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const text = pageText(
      await (await get(`/store/${STORE}/orders/${order.orderId}`, cookies)).text()
    )
    expect(text).toContain(`Replace with: ${chosen}`)
    const offer = text.indexOf(`Substitute the shopper's choice: ${chosen}`)
    expect(offer).toBeGreaterThan(-1)
    expect(offer).toBeLessThan(text.indexOf('Find a substitute'))
  })

  it('refuses Picking done with a line unmarked, and a mark from an older page', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'picker' }])
    const manager = await staffMember([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder()
    const accepted = await actOk(manager.bearer, STORE, order.orderId, 'sent_to_store', {
      type: 'accept',
      estimatedReadyAt: inMinutes(30),
    })
    const [line] = accepted.departments.flatMap((d) => d.lines)
    if (!line) throw new Error('no line')
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(path, cookies)).text()
    // The page's forms carry the version of the line they show.
    expect(html).toContain('name="lineVersion" value="0"')
    const key = crypto.randomUUID()
    const early = await postForm(
      path,
      {
        action: 'finish_picking',
        expectedStatus: 'store_accepted_picking',
        idempotencyKey: `${key}-f`,
      },
      cookies
    )
    expect(early.status).toBe(409)
    expect(pageText(await early.text())).toContain(formatMessage('orderLinesUnmarked', line.name))

    const form = (mark: string, suffix: string) => ({
      action: 'mark_line',
      expectedStatus: 'store_accepted_picking',
      idempotencyKey: `${key}-${suffix}`,
      lineId: String(line.lineId),
      lineVersion: '0',
      mark,
    })
    expect((await postForm(path, form('picked', 'p'), cookies)).status).toBe(303)
    // Another tab, opened before the line was picked, marks it out of stock.
    const stale = await postForm(path, form('out_of_stock', 'o'), cookies)
    expect(stale.status).toBe(409)
    const text = pageText(await stale.text())
    expect(text).toContain(formatMessage('orderLineChanged', line.name, 'Picked'))
    // The page shows the line as it is now: picked, with its new version in the forms.
    expect(text).toContain('Picked')
    const done = await postForm(
      path,
      {
        action: 'finish_picking',
        expectedStatus: 'store_accepted_picking',
        idempotencyKey: `${key}-d`,
      },
      cookies
    )
    expect(done.status).toBe(303)
  })
})

describe('preset reject and cancel reasons (issue 44)', () => {
  it('offers the presets, gives the one chosen as the reason, and refuses one not offered', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder('collection')
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(path, cookies)).text()
    const reason = PRESET_REASONS.reject[1]
    expect(html).toContain(`name="reasonChoice" value="${reason}"`)
    const key = /name="idempotencyKey" value="([\w-]+)-accept"/.exec(html)?.[1] ?? ''
    const form = { action: 'reject', expectedStatus: 'sent_to_store', reason: '' }
    const forged = await postForm(
      path,
      { ...form, reasonChoice: 'Because', idempotencyKey: `${key}-forged` },
      cookies
    )
    expect(forged.status).toBe(422)
    expect(textOfAlert(await forged.text())).toContain(MESSAGES.orderActionReasonRequired)
    const rejected = await postForm(
      path,
      { ...form, reasonChoice: reason, idempotencyKey: `${key}-reject` },
      cookies
    )
    expect(rejected.status, textOfAlert(await rejected.clone().text())).toBe(303)
    const text = pageText(await (await get(path, jar(rejected, cookies))).text())
    expect(text).toContain(`Reason: ${reason}`)
    const email = (await shopperEmails(order.email)).at(-1)
    expect(email?.message).toContain(formatMessage('orderTrackingStoreReason', reason))
  })
})

describe("the order page's money", () => {
  it('shows what a reject gave back under its own label, not as a refund after delivery', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cardOrder('collection')
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(path, cookies)).text()
    const key = /name="idempotencyKey" value="([\w-]+)-accept"/.exec(html)?.[1] ?? ''
    const rejected = await postForm(
      path,
      {
        action: 'reject',
        expectedStatus: 'sent_to_store',
        reason: 'Closing early',
        idempotencyKey: `${key}-reject`,
      },
      cookies
    )
    expect(rejected.status, textOfAlert(await rejected.clone().text())).toBe(303)
    const text = pageText(await (await get(path, jar(rejected, cookies))).text())
    const amount = formatMoney(order.total)
    expect(text).toContain(`Given back when the store rejected the order ${amount}`)
    expect(text).not.toContain('Refunds after delivery')
    expect(text).toContain(`Given back to the shopper ${amount}`)
    // The history says how much, in words, and what the step meant.
    expect(text).toContain(`Rejected · ${amount} given back → Store Rejected Order (Closing early)`)
    expect(text).toContain('The store turned the order down and the payment was released.')
    // A guest holds no credit: the page says so and offers no credit form.
    expect(text).toContain(MESSAGES.creditGuestOrder)
    expect(text).not.toContain('Give store credit')
  }, 30_000)
})

describe("the order page's facts", () => {
  const orderRow = (orderId: number) =>
    env.DB.prepare(
      `select b.name as brand, o.delivery_address_json as address
       from orders o join brands b on b.id = o.brand_id where o.id = ?1`
    )
      .bind(orderId)
      .first<{ brand: string; address: string | null }>()

  it('states the shop, the address, the card and that substitutes are allowed', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cardOrder('delivery')
    // Placed on the second brand, paid with a card whose brand and last four the payment kept
    // (the hosted sandbox page does not report them, a 3-D Secure step does).
    await env.DB.batch([
      env.DB.prepare('update orders set brand_id = 2 where id = ?1').bind(order.orderId),
      env.DB.prepare(
        "update payments set card_brand = 'visa', card_last4 = '5262' where id = ?1"
      ).bind(order.paymentId),
    ])
    const row = await orderRow(order.orderId)
    expect(row?.brand).toBe('Northside Market')
    const address = JSON.parse(row?.address ?? '{}') as { addressLine1: string; postcode: string }
    const text = pageText(
      await (await get(`/store/${STORE}/orders/${order.orderId}`, cookies)).text()
    )
    expect(text).toContain('Placed on Northside Market')
    expect(text).toMatch(new RegExp(`Deliver to ${address.addressLine1}, .*${address.postcode}`))
    expect(text).toContain('Payment Visa ending 5262')
    expect(text).toContain('Substitutes Allowed on every line')
    expect(text).toContain('Best match')
    // The shopper's phone as people read it; the call link keeps the international form.
    expect(text).toContain('07700 900456')
    expect(text).not.toContain('+447700900456')
  }, 30_000)

  it('says Collection, cash, and that the shopper allowed no substitutes', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder('collection', async (ready) => {
      await expectOk('/basket/substitutes', {
        businessId: 1,
        basketToken: ready.token,
        allowSubstitutes: false,
      })
    })
    const text = pageText(
      await (await get(`/store/${STORE}/orders/${order.orderId}`, cookies)).text()
    )
    expect(text).toContain('Collection The shopper collects from the store')
    expect(text).toContain('Payment Cash when you collect')
    expect(text).toContain('Substitutes The shopper allowed no substitutes')
    expect(text).not.toContain('Deliver to')
  }, 30_000)
})

describe("a cash order's refund on the order page", () => {
  it('asks how the cash is given back (no store credit for a guest) and records it', async () => {
    const cookies = await staffCookies([{ storeId: STORE, role: 'store_manager' }])
    const order = await cashOrder('collection')
    await deliver(order.orderId)
    const path = `/store/${STORE}/orders/${order.orderId}`
    const html = await (await get(path, cookies)).text()
    const text = pageText(html)
    expect(text).toContain('How is the cash given back?')
    expect(text).toContain('In cash at the door')
    expect(text).not.toContain('As store credit')
    const key = /name="idempotencyKey" value="([\w-]+)-refund_order"/.exec(html)?.[1] ?? ''
    const refunded = await postForm(
      path,
      {
        action: 'refund_order',
        expectedStatus: 'delivered',
        reason: 'Late',
        cashReturn: 'store',
        idempotencyKey: `${key}-refund_order`,
      },
      cookies
    )
    expect(refunded.status, textOfAlert(await refunded.clone().text())).toBe(303)
    const row = await env.DB.prepare(
      `select detail_json from order_history where order_id = ?1 and action = 'refund_order'`
    )
      .bind(order.orderId)
      .first<{ detail_json: string }>()
    expect(JSON.parse(row?.detail_json ?? '{}')).toMatchObject({ cashReturn: 'store' })
  }, 60_000)
})
