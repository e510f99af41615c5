import { TEXT_MAX_LENGTH } from '../../../schemas/text-limits.ts'
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { MemberReferralsSchema } from '../../../schemas/referrals.ts'
import { ensureGuestSession } from '../../../worker/lib/shopper-session.ts'
import { PASSWORD, uniqueEmail } from '../auth/fixtures.ts'
import { jar, setCookieLine } from './cookie-jar.ts'
import { ORIGIN, pageClient, pageText, registration, testEnv } from './storefront.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { productionEnv } from '../../support/workers/production-env.ts'

// The storefront plus a probe of ensureGuestSession.
const app = createApp({
  probe: (probe) =>
    probe.get('/test/guest-session', async (c) => c.json({ token: await ensureGuestSession(c) })),
})
const { get, postForm } = pageClient(app, '192.0.2')
const NEW_PASSWORD = 'a much newer passphrase'

/** Registers through the page and answers the member's cookies. */
async function signedUpMember(): Promise<{ email: string; cookies: string }> {
  const email = uniqueEmail('pages')
  const res = await postForm('/register', registration(email))
  expect(res.status).toBe(303)
  return { email, cookies: jar(res) }
}

/** The text of an element with this id in the HTML, tags removed. */
function textOfId(html: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null
}

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('register page', () => {
  it('renders a labelled form with autocomplete attributes, no script needed', async () => {
    const res = await get('/register')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('action="/register" method="post"')
    for (const [name, autocomplete] of [
      ['firstName', 'given-name'],
      ['lastName', 'family-name'],
      ['email', 'email'],
      ['phone', 'tel'],
      ['password', 'new-password'],
      ['confirmPassword', 'new-password'],
    ]) {
      const input = new RegExp(`<input id="register-${name}"[^>]*>`).exec(html)?.[0]
      expect(input).toContain(`autoComplete="${autocomplete}"`)
      expect(input).toContain(`name="${name}"`)
      expect(html).toContain(`for="register-${name}"`)
    }
    expect(html).toContain('Where did you hear about us?')
    expect(html).toContain('<option value="Search engine">Search engine</option>')
    expect(html).toContain('<option value="Leaflet or flyer">Leaflet or flyer</option>')
  })

  it('creates a member, signs them in with httpOnly cookies and goes home', async () => {
    const res = await postForm('/register', registration(uniqueEmail('pages')))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/')
    expect(setCookieLine(res, 'sf_access')).toMatch(/HttpOnly/)
    expect(setCookieLine(res, 'sf_refresh')).toMatch(/HttpOnly/)
    expect(setCookieLine(res, 'sf_session')).toMatch(/^sf_session=member;/)
    const home = await get('/', jar(res))
    expect(await home.text()).toContain('My account')
  })

  it('shows each field error linked to its input and keeps what was typed', async () => {
    const res = await postForm('/register', {
      ...registration(uniqueEmail('pages')),
      firstName: '',
      phone: '01632 960001',
      confirmPassword: 'something else',
      terms: '',
    })
    expect(res.status).toBe(422)
    const html = await res.text()
    expect(textOfId(html, 'register-phone-error')).toBe(MESSAGES.mobileInvalid)
    expect(textOfId(html, 'register-confirmPassword-error')).toBe(MESSAGES.passwordsDoNotMatch)
    expect(textOfId(html, 'register-firstName-error')).toBe(MESSAGES.firstNameRequired)
    expect(textOfId(html, 'register-terms-error')).toBe(MESSAGES.termsRequired)
    expect(html).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="register-phone-hint register-phone-error"/
    )
    expect(html).toContain('value="01632 960001"')
    // Issue 35 item 15: one error summary at the top of the form takes focus without a script,
    // each error a link to its field.
    expect(html).toMatch(/<div id="register-form-error" role="alert" tabindex="-1" autofocus=""/)
    const summary = /id="register-form-error"[\s\S]*?<\/div>/.exec(html)?.[0] ?? ''
    expect(summary).toContain(`<a href="#register-firstName"`)
    expect(summary).toContain(`<a href="#register-phone"`)
    expect(summary).toContain(MESSAGES.firstNameRequired)
    // A password is never sent back in the page.
    expect(html).not.toContain(PASSWORD)
    expect(setCookieLine(res, 'sf_access')).toBeUndefined()
  })

  it('limits each field to what the server takes, and a long name hears the limit', async () => {
    const html = await (await get('/register')).text()
    for (const [name, max] of [
      ['firstName', TEXT_MAX_LENGTH.name],
      ['lastName', TEXT_MAX_LENGTH.name],
      ['email', TEXT_MAX_LENGTH.email],
      ['phone', TEXT_MAX_LENGTH.phone],
      ['password', TEXT_MAX_LENGTH.newPassword],
    ] as const) {
      const input = new RegExp(`<input id="register-${name}"[^>]*>`).exec(html)?.[0]
      expect(input).toContain(`maxLength="${max}"`)
    }
    const res = await postForm('/register', {
      ...registration(uniqueEmail('pages')),
      lastName: 'L'.repeat(TEXT_MAX_LENGTH.name + 1),
    })
    expect(res.status).toBe(422)
    expect(textOfId(await res.text(), 'register-lastName-error')).toBe(
      'Last name must be 100 characters or fewer.'
    )
  })

  it('says an email is already registered', async () => {
    const { email } = await signedUpMember()
    const res = await postForm('/register', registration(email.toUpperCase()))
    expect(res.status).toBe(422)
    expect(textOfId(await res.text(), 'register-email-error')).toBe(MESSAGES.emailRegistered)
  })

  it('sends a signed-in member back from register and login', async () => {
    const { cookies } = await signedUpMember()
    for (const path of ['/register', '/login']) {
      const res = await get(path, cookies)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/')
      // Told why (every guard's redirect says why): the home page it lands on says so.
      const home = await get('/', jar(res, cookies))
      expect(await home.text()).toContain(MESSAGES.alreadySignedIn)
    }
  })
})

describe('login page', () => {
  it('signs in with email and password and returns to the page it came from', async () => {
    const { email } = await signedUpMember()
    const form = await get('/login?redirect=/stores/manchester-piccadilly')
    expect(await form.text()).toContain('name="redirect" value="/stores/manchester-piccadilly"')
    const res = await postForm('/login', {
      email,
      password: PASSWORD,
      redirect: '/stores/manchester-piccadilly',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/stores/manchester-piccadilly')
    expect(setCookieLine(res, 'sf_session')).toMatch(/^sf_session=member;/)
  })

  it('goes back to the checkout step it came from, never off the site', async () => {
    const { email } = await signedUpMember()
    const checkout = await postForm('/login', {
      email,
      password: PASSWORD,
      redirect: '/checkout/details',
    })
    expect(checkout.headers.get('location')).toBe('/checkout/details')
    const offsite = await postForm('/login', {
      email,
      password: PASSWORD,
      redirect: '//evil.example/',
    })
    expect(offsite.headers.get('location')).toBe('/')
  })

  it('goes to the basket when its members-only coupon needs re-applying after sign-in', async () => {
    const { email } = await signedUpMember()
    // Open all day and a simple in-stock item, so the £15 minimum of WELCOME10 is met at any hour.
    const store = await env.DB.prepare(
      `select id from stores where slug = 'manchester-piccadilly'`
    ).first<{ id: number }>()
    await env.DB.prepare(
      `update store_opening_hours set opens_at = '00:00', closes_at = '23:59' where store_id = ?1`
    )
      .bind(store?.id)
      .run()
    const item = await env.DB.prepare(
      `select m.id, m.price from menu_items m
       left join store_menu_items s on s.store_id = ?1 and s.menu_item_id = m.id
       where m.business_id = 1 and m.is_active = 1 and m.add_to_basket_type = 'simple'
       and m.sold_by = 'each'
         and m.age_restriction is null and m.out_of_stock = 0 and m.max_quantity is null
         and coalesce(s.is_available, 1) = 1 and coalesce(s.out_of_stock, 0) = 0
         and m.price >= 300 order by m.id limit 1`
    )
      .bind(store?.id)
      .first<{ id: number; price: number }>()
    const created = await app.request(
      `${ORIGIN}/api/basket/items/add`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          storeId: store?.id,
          menuItem: { itemId: item?.id, quantity: Math.ceil(2000 / (item?.price ?? 1)) },
        }),
      },
      testEnv
    )
    expect(created.status).toBe(200)
    let cookies = jar(created)
    const applied = await app.request(
      `${ORIGIN}/api/basket/coupon/apply`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: cookies },
        body: JSON.stringify({ coupon: 'WELCOME10', verifyToken: LOCAL_ROBOT_CHECK_TOKEN }),
      },
      testEnv
    )
    const { basket } = await applied.json<{
      basket: { coupon: { needsReapply: boolean } | null }
    }>()
    expect(basket.coupon?.needsReapply).toBe(true)
    cookies = jar(applied, cookies)
    const res = await postForm(
      '/login',
      { email, password: PASSWORD, redirect: '/stores/manchester-piccadilly' },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/basket')
  })

  it('gives one message for a wrong password and for an unknown email', async () => {
    const { email } = await signedUpMember()
    const wrong = await postForm('/login', { email, password: 'not the password' })
    const unknown = await postForm('/login', { email: uniqueEmail('ghost'), password: PASSWORD })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422)
      expect(textOfId(await res.text(), 'login-form-error')).toBe(MESSAGES.loginFailed)
      expect(res.headers.getSetCookie().some((line) => line.startsWith('sf_access='))).toBe(false)
    }
  })

  it('refuses a form posted from another site', async () => {
    const res = await app.request(
      `${ORIGIN}/login`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        body: 'email=a%40b.com&password=x',
      },
      testEnv
    )
    expect(res.status).toBe(403)
  })
})

describe('sessions', () => {
  it('sends a signed-out shopper home from a member page with the spec message', async () => {
    const res = await get('/member/change-password')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
    const home = await get('/', jar(res))
    expect(await home.text()).toContain(MESSAGES.loginRequired)
  })

  it('does not count a guest session as signed in', async () => {
    const res = await get('/test/guest-session')
    const { token } = await res.json<{ token: string }>()
    expect(token.split('.')).toHaveLength(3)
    expect(setCookieLine(res, 'sf_session')).toMatch(/^sf_session=guest;/)
    const cookies = jar(res)
    expect((await get('/member/change-password', cookies)).status).toBe(302)
    expect((await get('/login', cookies)).status).toBe(200)
    // The same session is reused while it lasts.
    const again = await get('/test/guest-session', cookies)
    expect((await again.json<{ token: string }>()).token).toBe(token)
    expect(again.headers.getSetCookie()).toEqual([])
  })

  it('refreshes an expired access token on entry, before the page renders', async () => {
    const { cookies } = await signedUpMember()
    const withoutAccess = cookies
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access='))
      .join('; ')
    const res = await get('/member/change-password', withoutAccess)
    expect(res.status).toBe(200)
    expect(setCookieLine(res, 'sf_access')).toMatch(/HttpOnly/)
    const oldRefresh = /sf_refresh=([^;]+)/.exec(cookies)?.[1]
    expect(setCookieLine(res, 'sf_refresh')).not.toContain(oldRefresh)
    expect(await res.text()).toContain('Change password')
  })

  it('never lets a public page that refreshed a guest session be cached', async () => {
    const guest = jar(await get('/test/guest-session'))
    const refreshOnly = guest
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access='))
      .join('; ')
    const res = await get('/faqs', refreshOnly)
    expect(res.status).toBe(200)
    expect(setCookieLine(res, 'sf_access')).toMatch(/HttpOnly/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    // Without a refresh the same page stays cacheable.
    const plain = await get('/faqs')
    expect(plain.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
  })

  it('refreshes on entry for a form post too, and the form still reads its body', async () => {
    const { email, cookies } = await signedUpMember()
    const withoutAccess = cookies
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access='))
      .join('; ')
    const res = await postForm(
      '/member/change-password',
      { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      withoutAccess
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/member/change-password?changed=1')
    expect((await postForm('/login', { email, password: NEW_PASSWORD })).status).toBe(303)
  })

  it('logs out an expired session: cookies cleared, the spec message shown', async () => {
    const { cookies } = await signedUpMember()
    const deadRefresh = cookies
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access=') && !pair.startsWith('sf_refresh='))
      .concat('sf_refresh=revoked-or-expired-refresh-token-000000000000')
      .join('; ')
    const res = await get('/', deadRefresh)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(MESSAGES.sessionExpired)
    expect(html).toContain('Sign in')
    for (const name of ['sf_access', 'sf_refresh', 'sf_session']) {
      expect(setCookieLine(res, name)).toMatch(/Max-Age=0/)
    }
  })

  it('signs out with POST /logout: cookies cleared, the refresh token dead, home', async () => {
    const { cookies } = await signedUpMember()
    const res = await postForm('/logout', {}, cookies)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/')
    for (const name of ['sf_access', 'sf_refresh', 'sf_session']) {
      expect(setCookieLine(res, name)).toMatch(/Max-Age=0/)
    }
    // The old cookies no longer hold a session: the refresh on entry is refused.
    const stale = cookies
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_access='))
      .join('; ')
    const after = await get('/', stale)
    expect(await after.text()).toContain(MESSAGES.sessionExpired)
  })
})

async function latestResetPath(email: string): Promise<string> {
  const row = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = 'password_reset'
     order by id desc limit 1`
  )
    .bind(email)
    .first<{ payload_json: string }>()
  const payload = JSON.parse(row?.payload_json ?? '{}') as { resetPath?: string }
  if (!payload.resetPath) throw new Error(`no reset email for ${email}`)
  return payload.resetPath
}

describe('forgotten and reset password', () => {
  it('answers the same confirmation for a known and an unknown email', async () => {
    const { email } = await signedUpMember()
    for (const address of [email, uniqueEmail('ghost')]) {
      const res = await postForm('/forgotten-password', { email: address })
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/forgotten-password/set')
    }
    const sent = await get('/forgotten-password/set')
    expect(await sent.text()).toContain(MESSAGES.resetLinkSent.replace(/'/g, '&#x27;'))
  })

  it('shows an invalid email address on the field', async () => {
    const res = await postForm('/forgotten-password', { email: 'not-an-email' })
    expect(res.status).toBe(422)
    expect(textOfId(await res.text(), 'forgotten-email-error')).toBe(MESSAGES.emailInvalid)
  })

  it('sets a new password from the emailed link, once, then signs in with it', async () => {
    const { email, cookies } = await signedUpMember()
    await postForm('/forgotten-password', { email }, '')
    const link = await latestResetPath(email)
    expect((await get(link)).status).toBe(200)

    const mismatch = await postForm(link, { password: NEW_PASSWORD, confirmPassword: 'nope' })
    expect(mismatch.status).toBe(422)
    expect(textOfId(await mismatch.text(), 'reset-confirmPassword-error')).toBe(
      MESSAGES.passwordsDoNotMatch
    )

    const res = await postForm(
      link,
      { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/login?reset=1')
    expect(setCookieLine(res, 'sf_refresh')).toMatch(/Max-Age=0/)
    const login = await get('/login?reset=1')
    expect(await login.text()).toContain(MESSAGES.passwordResetDone)

    const old = await postForm('/login', { email, password: PASSWORD })
    expect(old.status).toBe(422)
    const fresh = await postForm('/login', { email, password: NEW_PASSWORD })
    expect(fresh.status).toBe(303)

    // The link works once.
    const reused = await get(link)
    expect(reused.status).toBe(404)
    expect(await reused.text()).toContain('expired or has already been used')
  })
})

describe('change password page', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const { email, cookies } = await signedUpMember()
    const res = await postForm(
      '/member/change-password',
      { currentPassword: 'wrong wrong', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookies
    )
    expect(res.status).toBe(422)
    expect(textOfId(await res.text(), 'change-currentPassword-error')).toBe(
      MESSAGES.currentPasswordIncorrect
    )
    expect((await postForm('/login', { email, password: PASSWORD })).status).toBe(303)
  })

  it('changes the password, keeps this browser signed in with a fresh session', async () => {
    const { email, cookies } = await signedUpMember()
    const res = await postForm(
      '/member/change-password',
      { currentPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookies
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/member/change-password?changed=1')
    const page = await get('/member/change-password?changed=1', jar(res, cookies))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(MESSAGES.passwordChanged)
    expect((await postForm('/login', { email, password: NEW_PASSWORD })).status).toBe(303)
  })

  it('needs a member: a signed-out post goes home', async () => {
    const res = await postForm('/member/change-password', {
      currentPassword: PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/')
  })
})

describe('development mailbox', () => {
  it('lists the outbox newest first with the reset link', async () => {
    const { email } = await signedUpMember()
    await postForm('/forgotten-password', { email })
    const link = await latestResetPath(email)
    const res = await get('/dev/mailbox')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`href="${link}"`)
    expect(html).toContain(email)
    const api = await app.request(`${ORIGIN}/api/dev/outbox`, {}, testEnv)
    const { messages } = await api.json<{ messages: Array<{ id: number; createdAt: string }> }>()
    const times = messages.map((message) => message.createdAt)
    expect(times).toEqual([...times].sort().reverse())
  })

  it('is not found in production, page and backend route alike', async () => {
    const production = productionEnv()
    const page = await get('/dev/mailbox', '', production)
    expect(page.status).toBe(404)
    const api = await app.request(`${ORIGIN}/api/dev/outbox`, {}, production)
    expect(api.status).toBe(404)
    expect(JSON.stringify(await api.json())).not.toContain('@')
  })
})

describe('what signing up, out and in did', () => {
  /** The page the browser lands on next, with the cookies it now holds. */
  async function nextPage(cookies: string): Promise<string> {
    return (await get('/', cookies)).text()
  }

  it('each leaves the next page a message saying so', async () => {
    const email = uniqueEmail('pages')
    const registered = await postForm('/register', registration(email))
    expect(setCookieLine(registered, 'sf_flash')).toMatch(/^sf_flash=registered;/)
    const member = jar(registered)
    expect(await nextPage(member)).toContain(escapeHtml(MESSAGES.registered))

    const out = await postForm('/logout', {}, member)
    expect(out.status).toBe(303)
    expect(setCookieLine(out, 'sf_flash')).toMatch(/^sf_flash=signedOut;/)
    expect(await nextPage(jar(out, member))).toContain(escapeHtml(MESSAGES.signedOut))

    const signedIn = await postForm('/login', { email, password: PASSWORD })
    expect(signedIn.status).toBe(303)
    expect(setCookieLine(signedIn, 'sf_flash')).toMatch(/^sf_flash=signedIn;/)
    const html = await nextPage(jar(signedIn))
    expect(html).toContain(escapeHtml(MESSAGES.signedIn))
    // The footer follows the session: the member's links and a way to sign out.
    const footer = html.slice(html.indexOf('<footer'))
    expect(footer).toContain('My account')
    expect(footer).toContain(`action="/logout"`)
    expect(footer).not.toContain('>Sign in<')
  })

  it('tells a friend whose invitation cannot earn a reward, without saying why', async () => {
    const referrer = await postForm('/register', registration(uniqueEmail('pages')))
    const mine = await app.request(
      `${ORIGIN}/api/member/referrals`,
      { headers: { cookie: jar(referrer) } },
      testEnv
    )
    const { referralCode } = MemberReferralsSchema.parse(await mine.json())
    // Registered with the referrer's own phone (registration() gives everyone the same one).
    const friend = await postForm('/register', {
      ...registration(uniqueEmail('pages')),
      referralCode,
    })
    expect(friend.status).toBe(303)
    expect(setCookieLine(friend, 'sf_flash')).toMatch(/^sf_flash=registeredReferralRefused;/)
    const html = await nextPage(jar(friend))
    expect(html).toContain(escapeHtml(MESSAGES.registeredReferralRefused))
  })
})

describe('a friend arriving by an invitation', () => {
  it('keeps the code from the header link, and is told the invitation worked', async () => {
    const referrer = await postForm('/register', registration(uniqueEmail('pages')))
    const mine = await app.request(
      `${ORIGIN}/api/member/referrals`,
      { headers: { cookie: jar(referrer) } },
      testEnv
    )
    const { referralCode } = MemberReferralsSchema.parse(await mine.json())
    const invitationPath = `/referrer?code=${referralCode}`

    // The header's Register link: the browser names the invitation as the page it came from.
    const form = await (
      await get('/register', '', testEnv, { referer: `${ORIGIN}${invitationPath}` })
    ).text()
    expect(form).toMatch(new RegExp(`name="referralCode"[^>]*value="${referralCode}"`))

    const friend = await postForm('/register', {
      ...registration(uniqueEmail('pages')),
      // Not the referrer's phone: the guards would refuse the pair (ADR 021).
      phone: '07700 900457',
      referralCode,
      redirect: invitationPath,
    })
    expect(setCookieLine(friend, 'sf_flash')).toMatch(/^sf_flash=registered;/)
    expect(friend.headers.get('location')).toBe(invitationPath)
    const landing = pageText(await (await get(invitationPath, jar(friend))).text())
    expect(landing).toContain('You joined with this invitation.')
    expect(landing).not.toContain('you already have an account')
  })
})

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')
}
