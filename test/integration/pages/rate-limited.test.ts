import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { MESSAGES, passwordAttemptsLockedMessage } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/local-backend.ts'
import type { BackendApp } from '../../../worker/lib/backend-client.ts'
import { PASSWORD, uniqueEmail } from '../auth/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, registration, testEnv } from './storefront.ts'
import { seedDemo } from '../../support/workers/seed.ts'

// Rate limits (README Security): every page and API path that can be rate limited answers 429
// with Retry-After, and a form still shows the message where it shows any refusal (role=alert, described by it).

const app = createApp()
const { get, postForm } = pageClient(app, '192.0.9')

/** A limiter that refuses every call: the shopper is over the limit. */
const refusing: RateLimit = { limit: () => Promise.resolve({ success: false }) }
const authLimited: Env = { ...testEnv, AUTH_LIMITER: refusing }
const searchLimited: Env = { ...testEnv, STORE_SEARCH_LIMITER: refusing }
const detailsLimited: Env = { ...testEnv, STORE_DETAILS_LIMITER: refusing }

/** The backend, except that these paths answer as an operator's rate-limited backend would. */
function limitedBackend(paths: ReadonlyArray<string>, answer: () => Response): BackendApp {
  return {
    fetch(request, bindings, ctx) {
      if (paths.includes(new URL(request.url).pathname)) return answer()
      return backend.fetch(request, bindings, ctx)
    },
  }
}

const envelope429 = () =>
  Response.json(
    { error: { code: 'rate_limited', message: MESSAGES.tooManyRequests } },
    { status: 429, headers: { 'retry-after': '45' } }
  )

/** The text of an element with this id in the HTML, tags removed. */
function textOfId(html: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html)
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() ?? null
}

/** A 429 form page: Retry-After, never cached, the message in the form's alert. */
async function expectLimitedForm(
  res: Response,
  alertId: string,
  message: string = MESSAGES.tooManyRequests,
  retryAfter = '60'
): Promise<string> {
  expect(res.status).toBe(429)
  expect(res.headers.get('retry-after')).toBe(retryAfter)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const html = await res.text()
  expect(textOfId(html, alertId)).toBe(message)
  expect(html).toMatch(new RegExp(`<p id="${alertId}" role="alert"`))
  return html
}

/** The 429 error page: Retry-After, the message and the store search box to try again. */
async function expectLimitedPage(res: Response, retryAfter = '60'): Promise<void> {
  expect(res.status).toBe(429)
  expect(res.headers.get('retry-after')).toBe(retryAfter)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const html = await res.text()
  expect(html).toContain(MESSAGES.tooManyRequests)
  expect(html).toContain('Error 429')
  expect(html).toContain('name="postcode"')
}

async function registeredMember(): Promise<{ email: string; cookies: string }> {
  const email = uniqueEmail('limited')
  const res = await postForm('/register', registration(email))
  expect(res.status).toBe(303)
  return { email, cookies: jar(res) }
}

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('sign-in forms over the limit', () => {
  it('login (and checkout login, which posts to it): 429, Retry-After, the message in the form', async () => {
    for (const redirect of ['', '/checkout/login']) {
      const res = await postForm(
        '/login',
        { email: 'someone@example.com', password: 'a password', redirect },
        '',
        authLimited
      )
      const html = await expectLimitedForm(res, 'login-form-error')
      expect(html).toContain('aria-describedby="login-form-error"')
      expect(html).toContain('value="someone@example.com"')
    }
  })

  it('login of an account locked after wrong passwords: the real wait and the ways in', async () => {
    const { email } = await registeredMember()
    for (let i = 0; i < 5; i++) {
      expect((await postForm('/login', { email, password: 'wrong password' })).status).toBe(422)
    }
    const res = await postForm('/login', { email, password: PASSWORD, redirect: '/basket' })
    const html = await expectLimitedForm(
      res,
      'login-form-error',
      passwordAttemptsLockedMessage(60),
      '60'
    )
    expect(html).toContain('aria-describedby="login-form-error login-locked-help"')
    expect(textOfId(html, 'login-locked-help')).toBe(MESSAGES.passwordAttemptsLockedHelp)
    expect(html).toContain('href="/login?otp=send&amp;redirect=%2Fbasket"')
    expect(html).toContain('href="/forgotten-password"')
    // Half a minute later the wait is what is left of it.
    vi.setSystemTime(Date.now() + 30_000)
    const later = await postForm('/login', { email, password: PASSWORD })
    expect(later.status).toBe(429)
    expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    // The one-time code still signs the owner in (worker/backend/auth/otp.ts).
    const sent = await postForm('/login', {
      intent: 'otp-send',
      identifier: email,
      channel: 'email',
    })
    expect(sent.status).toBe(303)
  })

  it('one-time code: sending and checking a code', async () => {
    const send = await postForm(
      '/login',
      { intent: 'otp-send', identifier: 'someone@example.com', channel: 'email' },
      '',
      authLimited
    )
    await expectLimitedForm(send, 'otp-send-form-error')
    const { email } = await registeredMember()
    const sent = await postForm('/login', {
      intent: 'otp-send',
      identifier: email,
      channel: 'email',
    })
    expect(sent.status).toBe(303)
    const check = await postForm(
      '/login',
      { intent: 'otp-code', code: '123456' },
      jar(sent),
      authLimited
    )
    await expectLimitedForm(check, 'otp-code-form-error')
  })

  it('register (and checkout create, which posts to it)', async () => {
    for (const redirect of ['', '/checkout/create']) {
      const res = await postForm(
        '/register',
        { ...registration(uniqueEmail('limited')), redirect },
        '',
        authLimited
      )
      await expectLimitedForm(res, 'register-form-error')
    }
  })

  it('forgotten password', async () => {
    const res = await postForm(
      '/forgotten-password',
      { email: 'someone@example.com' },
      '',
      authLimited
    )
    await expectLimitedForm(res, 'forgotten-form-error')
  })

  it('change password: over the per-minute limit, and with its account locked', async () => {
    const { email, cookies } = await registeredMember()
    const form = {
      currentPassword: PASSWORD,
      password: 'a new passphrase',
      confirmPassword: 'a new passphrase',
    }
    const limited = await postForm('/member/change-password', form, cookies, authLimited)
    await expectLimitedForm(limited, 'change-form-error')
    for (let i = 0; i < 5; i++) await postForm('/login', { email, password: 'wrong password' })
    const locked = await postForm('/member/change-password', form, cookies)
    await expectLimitedForm(locked, 'change-form-error', passwordAttemptsLockedMessage(60))
  })

  it('reset password, behind a backend that limits it', async () => {
    const limitedApp = createApp({ backend: limitedBackend(['/auth/reset-password'], envelope429) })
    const res = await pageClient(limitedApp, '192.0.10').postForm(
      `/member/reset-token/${'a'.repeat(43)}`,
      { password: 'a new passphrase', confirmPassword: 'a new passphrase' }
    )
    await expectLimitedForm(res, 'reset-form-error', MESSAGES.tooManyRequests, '45')
  })
})

describe('store search pages over the limit', () => {
  it('the store search flow: the 429 page with the search box, not a redirect', async () => {
    // Northside Market (127.0.0.1) selects the nearest store, so its flow searches.
    const res = await app.request(
      'http://127.0.0.1/stores-near-by?postcode=M1%201AE',
      {},
      searchLimited
    )
    expect(res.headers.get('location')).toBeNull()
    await expectLimitedPage(res)
  })

  it('the results page', async () => {
    await expectLimitedPage(await get('/stores-near-by/M1%201AE', '', searchLimited))
  })

  it('a store page (every store page reads the store details)', async () => {
    await expectLimitedPage(await get('/stores/manchester-piccadilly', '', detailsLimited))
  })
})

describe('footer and interest forms, behind a backend that limits them', () => {
  it('stay in touch and the interest form answer the 429 page, not a redirect', async () => {
    // A 429 whose body is not an envelope: its text is not shown, its Retry-After is kept.
    const plain = () =>
      new Response('Slow down', { status: 429, headers: { 'retry-after': '120' } })
    const limitedApp = createApp({
      backend: limitedBackend(['/content/stay-in-touch', '/location/interest'], plain),
    })
    const client = pageClient(limitedApp, '192.0.11')
    const stay = await client.postForm('/stay-in-touch', { email: 'someone@example.com' })
    await expectLimitedPage(stay, '120')
    const interest = await client.postForm('/stores-near-by/KW1%204YT/interest', {
      email: 'someone@example.com',
    })
    await expectLimitedPage(interest, '120')
  })
})

describe('/api over the limit', () => {
  it('passes the locked account’s real wait through the proxy', async () => {
    const { email } = await registeredMember()
    const token = (password: string) =>
      app.request(
        'http://localhost/api/oauth/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost' },
          body: JSON.stringify({ grant_type: 'password', username: email, password }),
        },
        testEnv
      )
    for (let i = 0; i < 5; i++) expect((await token('wrong password')).status).toBe(401)
    vi.setSystemTime(Date.now() + 20_000)
    const res = await token(PASSWORD)
    expect(res.status).toBe(429)
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(39)
    expect(wait).toBeLessThanOrEqual(40)
    expect(await res.json()).toMatchObject({
      error: { code: 'rate_limited', details: { retryAfterSeconds: wait } },
    })
  })

  it('answers 429 with Retry-After for a limited store search', async () => {
    const res = await app.request(
      'http://localhost/api/stores/search',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ postcode: 'M1 1AE' }),
      },
      searchLimited
    )
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
    expect(await res.json()).toMatchObject({
      error: { code: 'rate_limited', message: MESSAGES.tooManyRequests },
    })
  })
})
