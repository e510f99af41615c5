import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { hashBasketToken } from '../../../worker/backend/basket-ref-repo.ts'
import { PASSWORD, uniqueEmail } from '../auth/fixtures.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { ORIGIN, pageClient, testEnv } from './storefront.ts'
import { seedDemo } from '../../support/workers/seed.ts'

const app = createApp()
const { get, postForm } = pageClient(app, '198.51.100')
const PENDING = 'sf_restorable_strategy_otp'

/** The text of an element with this id in the HTML, tags removed. */
function textOfId(html: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null
}

/** Registers a member through the page (with these cookies) and answers their email. */
async function registerMember(cookie = ''): Promise<{ email: string; res: Response }> {
  const email = uniqueEmail('otp-page')
  const res = await postForm(
    '/register',
    {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phone: '07700 900456',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'yes',
    },
    cookie
  )
  expect(res.status).toBe(303)
  return { email, res }
}

/** The six digits last sent to this address. */
async function lastCode(recipient: string): Promise<{ code: string; channel: string } | null> {
  const row = await env.DB.prepare(
    `select channel, payload_json from outbox
     where recipient = ?1 and template = 'one_time_password' order by id desc limit 1`
  )
    .bind(recipient)
    .first<{ channel: string; payload_json: string }>()
  if (!row) return null
  return { channel: row.channel, code: (JSON.parse(row.payload_json) as { code: string }).code }
}

/** Asks for a code on the login page; answers the cookies holding the pending sign-in. */
async function sendCode(
  identifier: string,
  channel: 'email' | 'sms' = 'email',
  extra: Record<string, string> = {},
  cookie = ''
): Promise<{ res: Response; cookies: string }> {
  const res = await postForm(
    '/login',
    { intent: 'otp-send', identifier, channel, ...extra },
    cookie
  )
  return { res, cookies: jar(res, cookie) }
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000'
}

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('one-time password sign-in on /login', () => {
  it('offers a second form: email or mobile, Email me a code / Text me a code', async () => {
    const html = await (await get('/login')).text()
    expect(html).toContain('Or sign in with a one-time code')
    const input = /<input id="otp-send-identifier"[^>]*>/.exec(html)?.[0]
    expect(input).toContain('name="identifier"')
    expect(html).toContain('for="otp-send-identifier"')
    for (const [value, text] of [
      ['email', 'Email me a code'],
      ['sms', 'Text me a code'],
    ]) {
      const button = new RegExp(`<button[^>]*>${text}</button>`).exec(html)?.[0]
      expect(button).toContain(`value="${value}"`)
      expect(button).toContain('name="channel"')
    }
    expect(html).toContain('name="intent" value="otp-send"')
  })

  it('answers a member and an unknown email alike: the code form, a 10-minute httpOnly cookie', async () => {
    const { email } = await registerMember()
    const ghost = uniqueEmail('ghost')
    const pages: Array<string> = []
    for (const identifier of [email, ghost]) {
      const { res, cookies } = await sendCode(identifier, 'email', {
        redirect: '/stores/manchester-piccadilly',
      })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe(
        '/login?otp=code&redirect=%2Fstores%2Fmanchester-piccadilly'
      )
      const pending = setCookieLine(res, PENDING)
      expect(pending).toMatch(/HttpOnly/)
      expect(pending).toMatch(/SameSite=Lax/)
      const maxAge = Number(/Max-Age=(\d+)/.exec(pending ?? '')?.[1])
      expect(maxAge).toBeGreaterThan(590)
      expect(maxAge).toBeLessThanOrEqual(600)
      const page = await get(res.headers.get('location') ?? '', cookies)
      expect(page.status).toBe(200)
      const html = await page.text()
      const input = /<input id="otp-code"[^>]*>/.exec(html)?.[0]
      expect(input).toContain('autoComplete="one-time-code"')
      expect(input).toContain('inputMode="numeric"')
      expect(input).toContain('maxLength="6"')
      expect(html).toContain(formatMessage('otpSent', identifier, 'email'))
      expect(html).toContain('name="redirect" value="/stores/manchester-piccadilly"')
      expect(html).toContain('Send a new code')
      pages.push(html.replace(identifier, 'EMAIL').replace(/nonce="[^"]*"/g, ''))
    }
    expect(pages[0]).toBe(pages[1])
    expect(await lastCode(email)).not.toBeNull()
    expect(await lastCode(ghost)).toBeNull()
  })

  it('says the code was incorrect, stays on the code form and counts the attempt', async () => {
    const { email } = await registerMember()
    const { cookies } = await sendCode(email)
    const sent = await lastCode(email)
    const res = await postForm(
      '/login',
      { intent: 'otp-code', code: wrongCodeFor(sent?.code ?? '') },
      cookies
    )
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(textOfId(html, 'otp-code-error')).toBe(MESSAGES.otpIncorrect)
    expect(html).toContain('autoComplete="one-time-code"')
    expect(setCookieLine(res, 'sf_access')).toBeUndefined()
    const row = await env.DB.prepare(
      `select o.attempts from otp_codes o join customers c on c.id = o.customer_id
       where c.email = ?1`
    )
      .bind(email)
      .first<{ attempts: number }>()
    expect(row?.attempts).toBe(1)
  })

  it('signs in with the right code, clears the pending cookie and returns like the password form', async () => {
    const { email } = await registerMember()
    const { cookies } = await sendCode(email, 'email', { redirect: '/checkout/login' })
    const sent = await lastCode(email)
    const res = await postForm(
      '/login',
      { intent: 'otp-code', code: sent?.code ?? '', redirect: '/checkout/login' },
      cookies
    )
    expect(res.status).toBe(303)
    // Checkout's own sign-in step goes back to checkout's entry, as for the password login.
    expect(res.headers.get('location')).toBe('/checkout')
    expect(setCookieLine(res, 'sf_access')).toMatch(/HttpOnly/)
    expect(setCookieLine(res, 'sf_refresh')).toMatch(/HttpOnly/)
    expect(setCookieLine(res, 'sf_session')).toMatch(/^sf_session=member;/)
    expect(setCookieLine(res, PENDING)).toMatch(/Max-Age=0/)
    // Signed in: the login page is no longer offered.
    const login = await get('/login', jar(res, cookies))
    expect(login.status).toBe(302)
  })

  it('texts the code to the mobile number on the account', async () => {
    const { email } = await registerMember()
    const phone = `07700 9${String(Date.now()).slice(-5)}`
    const id = await env.DB.prepare('select id from customers where email = ?1')
      .bind(email)
      .first<{ id: number }>()
    const e164 = `+44${phone.replace(/\s/g, '').slice(1)}`
    await env.DB.prepare('update customers set phone = ?2 where id = ?1').bind(id?.id, e164).run()
    const { res, cookies } = await sendCode(phone, 'sms')
    expect(res.status).toBe(303)
    const sent = await lastCode(e164)
    expect(sent?.channel).toBe('sms')
    const page = await (await get('/login?otp=code', cookies)).text()
    expect(page).toContain(formatMessage('otpSent', phone, 'text'))
    const signIn = await postForm('/login', { intent: 'otp-code', code: sent?.code ?? '' }, cookies)
    expect(signIn.status).toBe(303)
    expect(signIn.headers.get('location')).toBe('/')
  })

  it('after the last allowed wrong code, sends the shopper back to ask for a new one', async () => {
    const { email } = await registerMember()
    let { cookies } = await sendCode(email)
    const wrong = wrongCodeFor((await lastCode(email))?.code ?? '')
    let res: Response | undefined
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      res = await postForm('/login', { intent: 'otp-code', code: wrong }, cookies)
      cookies = jar(res, cookies)
    }
    expect(res?.status).toBe(422)
    const html = (await res?.text()) ?? ''
    expect(textOfId(html, 'otp-send-form-error')).toBe(MESSAGES.otpExpired)
    expect(html).toContain('id="otp-send-identifier"')
    expect(res && setCookieLine(res, PENDING)).toMatch(/Max-Age=0/)
    expect(cookies).not.toContain(PENDING)
  })

  it('asks for a new code when none is pending (expired cookie, or a code posted without one)', async () => {
    const page = await get('/login?otp=code')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(textOfId(html, 'otp-send-form-error')).toBe(MESSAGES.otpExpired)
    expect(html).not.toContain('id="login-password"')
    const posted = await postForm('/login', { intent: 'otp-code', code: '123456' })
    expect(posted.status).toBe(422)
    expect(textOfId(await posted.text(), 'otp-send-form-error')).toBe(MESSAGES.otpExpired)
  })

  it("'Send a new code' shows the code request form alone", async () => {
    const html = await (await get('/login?otp=send&redirect=/basket')).text()
    expect(html).toContain('Sign in with a code')
    expect(html).toContain('id="otp-send-identifier"')
    expect(html).not.toContain('id="login-password"')
    expect(html).toContain('name="redirect" value="/basket"')
  })

  it('refuses what is neither an email nor a mobile number, sending nothing', async () => {
    const email = await sendCode('not-an-email')
    expect(email.res.status).toBe(422)
    expect(textOfId(await email.res.text(), 'otp-send-identifier-error')).toBe(
      MESSAGES.emailInvalid
    )
    const phone = await sendCode('0123', 'sms')
    expect(phone.res.status).toBe(422)
    expect(textOfId(await phone.res.text(), 'otp-send-identifier-error')).toBe(
      MESSAGES.mobileInvalid
    )
    expect(setCookieLine(phone.res, PENDING)).toBeUndefined()
  })

  it("says 'Unable to send one time password code at this moment' when sending fails", async () => {
    const { email } = await registerMember()
    const broken: Env = { ...testEnv, MESSAGING_PROVIDER: 'http', MESSAGING_API_URL: '' }
    const res = await postForm(
      '/login',
      { intent: 'otp-send', identifier: email, channel: 'email' },
      '',
      broken
    )
    expect(res.status).toBe(422)
    expect(textOfId(await res.text(), 'otp-send-form-error')).toBe(MESSAGES.otpSendFailed)
    expect(setCookieLine(res, PENDING)).toBeUndefined()
  })
})

describe('a sign-in claims the guest basket', () => {
  /** A guest basket made through the API, and the cookies holding it. */
  async function guestBasketCookies(): Promise<{ cookies: string; token: string }> {
    const item = await env.DB.prepare(
      `select m.id from menu_items m
       where m.business_id = 1 and m.is_active = 1 and m.add_to_basket_type = 'simple'
         and m.age_restriction is null and m.out_of_stock = 0 and m.max_quantity is null
         and not exists (select 1 from store_menu_items s where s.menu_item_id = m.id)
       order by m.id limit 1`
    ).first<{ id: number }>()
    await env.DB.prepare(
      `update store_opening_hours set opens_at = '00:00', closes_at = '23:59' where store_id = 1`
    ).run()
    const res = await app.request(
      `${ORIGIN}/api/basket/items/add`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ storeId: 1, menuItem: { itemId: item?.id, quantity: 1 } }),
      },
      testEnv
    )
    expect(res.status, await res.clone().text()).toBe(200)
    const cookies = jar(res)
    const token = /sf_basket=([^;]+)/.exec(cookies)?.[1] ?? ''
    return { cookies, token }
  }

  async function ownerOf(token: string): Promise<string | null> {
    const row = await env.DB.prepare(
      `select c.email from baskets b left join customers c on c.id = b.customer_id
       where b.token_hash = ?1`
    )
      .bind(await hashBasketToken(token))
      .first<{ email: string | null }>()
    return row?.email ?? null
  }

  it('by one-time password', async () => {
    const { email } = await registerMember()
    const { cookies, token } = await guestBasketCookies()
    expect(await ownerOf(token)).toBeNull()
    const sent = await sendCode(email, 'email', {}, cookies)
    const code = (await lastCode(email))?.code ?? ''
    const res = await postForm('/login', { intent: 'otp-code', code }, sent.cookies)
    expect(res.status).toBe(303)
    expect(await ownerOf(token)).toBe(email)
    // The header summary is refreshed from the claimed basket.
    expect(setCookieLine(res, 'sf_basket_summary')).toContain('itemCount')
  })

  it('by password', async () => {
    const { email } = await registerMember()
    const { cookies, token } = await guestBasketCookies()
    const res = await postForm('/login', { email, password: PASSWORD }, cookies)
    expect(res.status).toBe(303)
    expect(await ownerOf(token)).toBe(email)
  })

  it('by registering', async () => {
    const { cookies, token } = await guestBasketCookies()
    const { email } = await registerMember(cookies)
    expect(await ownerOf(token)).toBe(email)
  })

  it("never blocks the sign-in: another member's basket stays theirs", async () => {
    const { cookies, token } = await guestBasketCookies()
    const { email: owner } = await registerMember(cookies)
    const { email: other } = await registerMember()
    const res = await postForm('/login', { email: other, password: PASSWORD }, cookies)
    expect(res.status).toBe(303)
    expect(setCookieLine(res, 'sf_session')).toMatch(/^sf_session=member;/)
    expect(await ownerOf(token)).toBe(owner)
  })
})
