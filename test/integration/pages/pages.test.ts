import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_PATHS } from '../../../client/lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { PAGE_ROUTES } from '../../../worker/pages/routes.ts'
import { seedStorefront } from './fixtures.ts'
import { escapeRegExp } from '../../../schemas/regex-escape.ts'

beforeAll(async () => {
  await seedStorefront(env.DB)
})

function get(path: string, init: RequestInit & { host?: string } = {}) {
  const { host = 'localhost', ...rest } = init
  return SELF.fetch(`http://${host}${path}`, { redirect: 'manual', ...rest })
}

// Route names of spec §2 (general, member, store, basket and checkout).
const SPEC_ROUTE_NAMES = [
  'index',
  'faq',
  'contact',
  'login',
  'register',
  'forgotten-password',
  'forgotten-password-set',
  'referrer',
  'tv',
  'store-all',
  'stores-near-by',
  'member',
  'member-orders',
  'member-orders-orderId',
  'member-my-details',
  'member-profile',
  'member-loyalty',
  'member-change-password',
  'member-reset-token-token',
  'stores-storeSlug',
  'stores-storeSlug-time-slots',
  'stores-storeSlug-time-slots-calendar',
  'stores-storeSlug-search-searchTerm',
  'stores-storeSlug-category-categorySlug',
  'stores-storeSlug-category-categorySlug-menuItem-menuItemSlug',
  'stores-storeSlug-deal-dealSlug',
  'stores-storeSlug-banner-bannerSlug',
  'basket',
  'checkout',
  'checkout-options',
  'checkout-details',
  'checkout-create',
  'checkout-login',
  'checkout-payment',
  'checkout-success',
]
// Paths of spec §2 that must answer (not 404) once the route table is mounted.
const SPEC_PATHS = [
  '/',
  '/stores-near-by',
  '/login',
  '/register',
  '/forgotten-password',
  '/basket',
  '/faqs',
  '/checkout',
  '/checkout/payment',
  '/checkout/details',
  '/checkout/payment/card-form',
  '/checkout/payment/billing-address',
  '/checkout/login',
  '/checkout/create',
  '/checkout/options',
  '/checkout/success',
  '/member',
  '/member/orders',
  '/member/addresses',
  '/member/my-details',
  '/member/profile',
  '/member/cards',
  '/member/loyalty',
  '/member/change-password',
]

describe('route table', () => {
  it('has every route name and path of spec §2', () => {
    const names = PAGE_ROUTES.map((route) => route.name)
    expect(names).toEqual(expect.arrayContaining(SPEC_ROUTE_NAMES))
    const patterns = new Set(
      Object.values(ROUTE_PATHS).map((path) => path.replace(/\/:\w+\?$/, ''))
    )
    for (const path of SPEC_PATHS) expect(patterns, path).toContain(path)
  })

  it('answers every spec path: pages 200, redirecting ones 302, none 501', async () => {
    for (const path of SPEC_PATHS) {
      const response = await get(path)
      await response.arrayBuffer()
      // Without an order to show, the success page is not found.
      if (path === '/checkout/success') expect(response.status, path).toBe(404)
      // Member pages send a signed-out shopper home, checkout steps without a basket go home, and
      // a bare /stores-near-by goes to the search.
      else if (
        path.startsWith('/member') ||
        path.startsWith('/checkout') ||
        path === '/stores-near-by'
      ) {
        expect(response.status, path).toBe(302)
      } else expect(response.status, path).toBe(200)
    }
  })

  it('builds every route of the route table: no path answers 501 or any server error', async () => {
    // Routes with parameters are covered by their own pages' tests; these need no data.
    const plain = PAGE_ROUTES.filter((route) => !route.path.includes(':'))
    expect(plain.length).toBeGreaterThan(20)
    for (const { path } of plain) {
      const response = await get(path)
      await response.arrayBuffer()
      expect(response.status, path).toBeLessThan(500)
    }
  })

  it('marks personal pages private and public pages cacheable', async () => {
    const home = await get('/')
    expect(home.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const basket = await get('/basket')
    expect(basket.headers.get('cache-control')).toBe('private, no-store')
    const checkout = await get('/checkout/success')
    expect(checkout.headers.get('cache-control')).toBe('private, no-store')
    expect(await checkout.text()).toContain(MESSAGES.orderViewFailed)
  })
})

describe('guards', () => {
  it('sends a signed-out shopper from a member page home with the login message', async () => {
    const response = await get('/member/orders')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
    const cookies = response.headers.getSetCookie()
    expect(cookies[0]).toMatch(/^sf_flash=loginRequired;/)

    // The browser keeps every cookie of the answer (the flash and the app version).
    const jar = cookies.map((line) => line.split(';')[0]).join('; ')
    const home = await get('/', { headers: { cookie: jar } })
    const html = await home.text()
    expect(html).toContain(MESSAGES.loginRequired)
    // The message makes the page personal, and it is shown once.
    expect(home.headers.get('cache-control')).toBe('private, no-store')
    expect(home.headers.get('set-cookie')).toMatch(/^sf_flash=;/)
  })

  it('lets a signed-in shopper through to member pages and away from login', async () => {
    // A member session as the worker keeps it: an unexpired access token and the session kind.
    // Pages only read the token's expiry; the backend verifies it on every member call.
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 600 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
    const signedIn = { cookie: `sf_access=eyJhbGciOiJIUzI1NiJ9.${payload}.sig; sf_session=member` }
    // A member page that asks the backend nothing, so only the guard speaks.
    const member = await get('/member/change-password', { headers: signedIn })
    expect(member.status).toBe(200)
    const login = await get('/login', {
      headers: { ...signedIn, referer: 'http://localhost/faqs?x=1' },
    })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/faqs?x=1')
    const offSite = await get('/register', {
      headers: { ...signedIn, referer: 'https://elsewhere.example/page' },
    })
    expect(offSite.headers.get('location')).toBe('/')
  })

  it('asks a shopper without a location where to deliver, on the time-slot page itself', async () => {
    const response = await get('/stores/piccadilly/time-slots?method=delivery', {
      headers: { referer: 'http://localhost/stores/piccadilly' },
    })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Where should we deliver?')
  })
})

describe('trailing slash', () => {
  it('redirects store paths with a trailing slash, keeping the query', async () => {
    const response = await get('/stores/piccadilly/?utm_source=mail&x=1')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/stores/piccadilly?utm_source=mail&x=1')
    const post = await get('/stores/piccadilly/', { method: 'POST' })
    expect(post.status).toBe(308)
  })

  it('never redirects off-site', async () => {
    const response = await get('//evil.example/')
    expect(response.headers.get('location')).toBe('/evil.example')
  })
})

describe('pages', () => {
  it('streams the home page with the island markup, loader and nonce', async () => {
    const response = await get('/')
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(response.body).toBeInstanceOf(ReadableStream)
    const reader = response.body!.getReader()
    const chunks: Array<string> = []
    const decoder = new TextDecoder()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(decoder.decode(read.value, { stream: true }))
    }
    const html = chunks.join('')
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(html).toContain('data-island="PostcodeSearch"')
    expect(html).toContain(
      `<script type="application/json" data-island-props="PostcodeSearch" nonce="${nonce}">`
    )
    expect(html).toMatch(
      new RegExp(`<script src="[^"]+" type="module" async="" nonce="${escapeRegExp(nonce ?? '')}">`)
    )
    expect(html).toContain('maxLength="8"')
    expect(html).toContain('Your corner shop, delivered')
    expect(html).toContain('<link rel="canonical" href="http://localhost/"/>')
    expect(html).toContain('--brand-primary:#0a6b35')
  })

  it('renders each host as its own brand, canonical on the canonical host', async () => {
    const html = await (await get('/faqs', { host: '127.0.0.1' })).text()
    expect(html).toContain('Corner Express')
    expect(html).not.toContain('Corner Grocers')
    expect(html).toContain('--brand-primary:#1e3a8a')
    expect(html).toContain('<link rel="canonical" href="https://express.example/faqs"/>')
  })

  it('renders a store page whose only island is the search box, hydrated when idle', async () => {
    const response = await get('/stores/piccadilly')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('max-age=15, s-maxage=60')
    const html = await response.text()
    expect(html).toContain(
      '<h1 class="text-3xl font-extrabold tracking-tight sm:text-4xl">Piccadilly</h1>'
    )
    expect(html).toContain('1 Piccadilly, Manchester, M1 1AA')
    expect(html).toContain('Min £15.00')
    expect(html).toContain('Order up to 3 days in advance')
    expect(html).toContain('08:00–22:00')
    // The store's structured data, the small header basket module and the island loader for
    // the search box's suggestions, which hydrates once the browser is idle (ADR 031, ADR 032):
    // nothing else.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(
        /^<script src="\/client\/header-basket\.ts" type="module" async="" nonce="[^"]+">$/
      ),
      expect.stringMatching(
        /^<script src="\/client\/entry\.tsx" type="module" async="" nonce="[^"]+">$/
      ),
      expect.stringMatching(/^<script type="application\/ld\+json" nonce="[^"]+">$/),
      expect.stringMatching(
        /^<script type="application\/json" data-island-props="SearchSuggest" nonce="[^"]+">$/
      ),
    ])
    expect(html.match(/data-island="[^"]+"/g)).toEqual(['data-island="SearchSuggest"'])
    expect(html).toContain('data-hydrate="idle"')
  })

  it('answers an unknown store with the 404 page naming it', async () => {
    const response = await get('/stores/nowhere')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain(MESSAGES.storeNotFound)
    expect(html).toContain(
      'Either this page no longer exists, or there&#x27;s a typo in the web address.'
    )
  })

  it('redirects a no-JavaScript postcode search to its normalised results path', async () => {
    const valid = await get('/stores-near-by?postcode=m11ae')
    expect(valid.status).toBe(303)
    expect(valid.headers.get('location')).toBe('/stores-near-by/M1%201AE')
    const invalid = await get('/stores-near-by?postcode=ZZ1')
    expect(invalid.headers.get('location')).toBe('/?postcode=ZZ1#store-search')
    const back = await (await get('/?postcode=ZZ1')).text()
    expect(back).toContain('ZZ1 is not a valid postcode')
  })

  it('signs up to Stay In Touch from a plain form post', async () => {
    const headers = {
      origin: 'http://localhost',
      referer: 'http://localhost/faqs',
      'content-type': 'application/x-www-form-urlencoded',
    }
    const ok = await get('/stay-in-touch', {
      method: 'POST',
      headers,
      body: 'email=a%40example.com',
    })
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/faqs')
    expect(ok.headers.get('set-cookie')).toMatch(/^sf_flash=stayInTouchSuccess;/)
    const row = await env.DB.prepare('select email from newsletter_signups').first<{
      email: string
    }>()
    expect(row?.email).toBe('a@example.com')
    const bad = await get('/stay-in-touch', { method: 'POST', headers, body: 'email=nope' })
    expect(bad.headers.get('set-cookie')).toMatch(/^sf_flash=emailInvalid;/)
    const forged = await get('/stay-in-touch', {
      method: 'POST',
      headers: { ...headers, origin: 'https://evil.example' },
      body: 'email=b%40example.com',
    })
    expect(forged.status).toBe(403)
  })
})

describe('errors', () => {
  it('renders the 404 page with the spec title and text', async () => {
    const response = await get('/no-such-page')
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    expect(html).toContain('<title>Page Not Found | Corner Grocers</title>')
    expect(html).toContain('Error 404')
    expect(html).toContain('data-island="PostcodeSearch"')
  })

  it('answers an unknown host with a brandless error page', async () => {
    const response = await get('/', { host: 'nobody.example' })
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain(MESSAGES.unknownSiteTitle)
    expect(html).toContain('No shop is set up for the address nobody.example.')
    expect(html).not.toContain('<script')
  })

  it('answers /api errors with the JSON envelope, never the page', async () => {
    const response = await get('/api/no-such-call')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    const body = await response.json<{ error: { code: string; requestId: string } }>()
    expect(body.error.code).toBe('not_found')
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'))
  })

  it('shows the system error page for a failure, without its details', async () => {
    await env.DB.exec('drop table faqs')
    const response = await get('/faqs')
    expect(response.status).toBeGreaterThanOrEqual(500)
    const html = await response.text()
    expect(html).toContain(MESSAGES.systemError)
    expect(html).not.toMatch(/SQLITE|D1_ERROR|no such table|at \S+ \(/i)
  })
})

describe('security headers', () => {
  // The test pool builds in dev mode (CLIENT_ASSETS.dev), which adds ws: for Vite's HMR socket.
  it('puts the CSP with a fresh nonce and the other headers on pages, errors and /api', async () => {
    const seen = new Set<string>()
    for (const path of ['/', '/no-such-page', '/api/no-such-call', '/member']) {
      const response = await get(path)
      await response.arrayBuffer()
      const csp = response.headers.get('content-security-policy') ?? ''
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? ''
      seen.add(nonce)
      expect(csp).toBe(
        `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; font-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`
      )
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains'
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('permissions-policy')).toContain('geolocation=(self)')
    }
    expect(seen.size).toBe(4)
  })
})
