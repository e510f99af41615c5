import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { LOGIN_INTENT_FIELD, LOGIN_INTENTS } from '../../../client/lib/login-forms.ts'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import { HPP_RESPONSE_PATH } from '../../../schemas/payments.ts'
import { AMEND_HPP_RESPONSE_PATH } from '../../../schemas/order-amend.ts'
import { pages } from '../../../worker/pages/index.tsx'
import { sandboxGateway } from '../../../worker/sandbox-gateway/index.ts'
import { PASSWORD, uniqueEmail } from '../auth/fixtures.ts'
import { expectOk, plainItem, readyBasket, seedCheckout, STORES } from '../checkout/fixtures.ts'
import { jar } from '../pages/cookie-jar.ts'
import { CHECKOUT_LOCATION, ORIGIN, registration, testEnv } from '../pages/storefront.ts'
import { bypassTargets } from '../../support/redirect-bypasses.ts'

/*
 * Redirects (README Security): every redirect of the app, whatever the Referer, `?redirect=`,
 * `?returnTo=`, form field, path or stored return address says, goes to a path of this origin,
 * and is `private, no-store` (a canonical 301 that depends on the URL alone may be public). The
 * sweep walks every route the pages and the sandbox gateway register, so a new route is covered
 * without editing this file (a new route parameter needs a sample below, or the sweep says so).
 */

const STORE = 'manchester-piccadilly'
const TARGETS = bypassTargets(ORIGIN)
// The sweep's share of the table: one of each family (the whole table runs at each entry point
// that reads a target, below).
const SWEEP_TARGETS = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/%2F%2Fevil.example',
  'https://evil.example/',
]
// The one outside link the sweep may see: a banner the operator pointed at a campaign site.
const OPERATOR_LINK = 'https://campaign.example/spring'

// Hundreds of requests, and password hashing for each sign-in: far past the default 5 s.
const SWEEP_TIMEOUT_MS = 180_000

let ipCounter = 0
function nextIp(): string {
  ipCounter += 1
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`
}

/** What a browser can send: header values without CR, LF or NUL. */
function headerSafe(value: string): boolean {
  return ![...value].some((character) => ['\r', '\n', '\0'].includes(character))
}

/** A target as an absolute URL (a Referer, a stored return address): paths on this origin. */
function absolute(target: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) ? target : `${ORIGIN}${target}`
}

/** A target as a Referer, when a browser could send it. */
function asReferer(target: string): string | null {
  const referer = absolute(target)
  return headerSafe(referer) ? referer : null
}

/** Decodes %XX escapes byte by byte (never throws on a lone '%'). */
function percentDecode(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16))
  )
}

function withoutControls(value: string): string {
  return [...value].filter((character) => character.charCodeAt(0) > 0x20).join('')
}

/**
 * Why a Location is not a path of this origin, or null when it is: a single leading '/', never
 * '//' or '/\' (not even once decoded or with stripped characters removed), no backslash,
 * control character or space, and it resolves to ORIGIN. Written apart from worker/lib/redirect.ts
 * on purpose.
 */
function locationProblem(location: string | null): string | null {
  if (location === null) return 'no Location header'
  if (withoutControls(location) !== location || location.includes('\\')) {
    return 'control character, space or backslash'
  }
  let decoded = location
  for (let round = 0; round < 5; round += 1) {
    if (!/^\/(?![/\\])/.test(withoutControls(decoded))) return 'not a single-slash path'
    decoded = percentDecode(decoded)
  }
  if (new URL(location, ORIGIN).origin !== ORIGIN) return 'resolves to another origin'
  return null
}

// --- Sample values for route parameters ----------------------------------------------------

const samples: Record<string, ReadonlyArray<string>> = {}

function routeParameters(path: string): Array<{ name: string; optional: boolean }> {
  return [...path.matchAll(/:([A-Za-z]+)(\{[^}]*\})?(\?)?/g)].map((match) => ({
    name: match[1] ?? '',
    optional: match[3] === '?',
  }))
}

/** Every concrete path of a route pattern from the samples; throws for an unknown parameter. */
function concretePaths(pattern: string): Array<string> {
  let paths = [pattern]
  for (const { name, optional } of routeParameters(pattern)) {
    const values = samples[name]
    if (!values) {
      throw new Error(
        `the redirect sweep has no sample for :${name} (route ${pattern}): add one to samples`
      )
    }
    paths = paths.flatMap((path) =>
      values
        .filter((value) => optional || value !== '')
        .map((value) =>
          path.replace(
            new RegExp(`/:${name}(\\{[^}]*\\})?\\??`),
            value === '' ? '' : `/${encodeURIComponent(value)}`
          )
        )
    )
  }
  return paths.map((path) => path || '/')
}

/** Extra queries some routes need to reach their redirects (the store search flow's inputs). */
const ROUTE_QUERIES: Readonly<Record<string, ReadonlyArray<string>>> = {
  '/stores-near-by/:postcode?': ['', 'postcode=M1+1AE', 'postcode=zz', 'source=device'],
  '/stores/:storeSlug/search': ['q=milk', 'q=m'],
}

function routesOf(
  app: { routes: ReadonlyArray<{ method: string; path: string }> },
  method: 'GET' | 'POST',
  prefix = ''
): Array<string> {
  const paths = app.routes
    .filter((route) => route.method === method)
    .map((route) => `${prefix}${route.path}`)
  return [...new Set(paths)]
}

// --- Shoppers -------------------------------------------------------------------------------

interface Shopper {
  name: string
  cookie: string
  signedIn: boolean
}
let shoppers: Array<Shopper> = []
let memberEmail = ''

/** The register form for a new member, asking to go to `target` afterwards. */
function registrationTo(email: string, target: string): Record<string, string> {
  return { ...registration(email), redirect: target }
}

/** A form post as a browser of this origin sends it. */
function post(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; referer?: string | null } = {}
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      'cf-connecting-ip': nextIp(),
      cookie: options.cookie ?? APP_VERSION_COOKIE,
      ...(options.referer ? { referer: options.referer } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  })
}

function get(
  path: string,
  options: { cookie?: string; referer?: string | null } = {}
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, {
    redirect: 'manual',
    headers: {
      'cf-connecting-ip': nextIp(),
      cookie: options.cookie ?? APP_VERSION_COOKIE,
      ...(options.referer ? { referer: options.referer } : {}),
    },
  })
}

beforeAll(async () => {
  await seedCheckout(env.DB)
  const item = await env.DB.prepare(
    `select m.slug, c.slug as category from menu_items m join categories c on c.id = m.category_id
     where m.business_id = 1 and m.is_active = 1 order by m.id limit 1`
  ).first<{ slug: string; category: string }>()
  const other = await env.DB.prepare(
    `select slug from categories where business_id = 1 and slug != ?1 order by id limit 1`
  )
    .bind(item?.category ?? '')
    .first<{ slug: string }>()
  const deal = await env.DB.prepare(
    `select slug from deals where business_id = 1 and is_active = 1 order by id limit 1`
  ).first<{ slug: string }>()
  if (!item || !other || !deal) throw new Error('the demo data has no item, category or deal')
  await env.DB.prepare(
    `insert into banners (id, business_id, brand_id, slug, title, image_url, link_type, link_url)
     values (8901, 1, null, 'redirect-operator-link', 'Spring', '/b.svg', 'url', ?1)`
  )
    .bind(OPERATOR_LINK)
    .run()
  Object.assign(samples, {
    storeSlug: [STORE],
    // The item's own category renders; another one is the canonical 301.
    categorySlug: [item.category, other.slug],
    menuItemSlug: [item.slug],
    dealSlug: [deal.slug],
    bannerSlug: ['redirect-operator-link'],
    searchTerm: ['milk'],
    orderId: ['1'],
    // An order number nobody may track: the tracking page answers 404 (no redirect).
    orderNumber: ['CF-NOSUCH01'],
    token: ['not-a-reset-token'],
    // '' leaves an optional segment out: /stores-near-by runs the store search flow.
    postcode: ['', 'm11ae'],
    file: [`sitemap-store-${STORE}.xml`],
    id: ['pay_sbx_none'],
    // A town's landing page, a district's, and an upper-case district (the 301 to lower case).
    place: ['manchester', 'm1', 'M1'],
    // Social sign-in (ADR 026): the sandbox's start (same-origin) and Facebook's code callback.
    provider: ['google', 'facebook'],
  })

  memberEmail = uniqueEmail('redirects')
  const registered = await post('/register', registrationTo(memberEmail, '/'))
  expect(registered.status).toBe(303)
  const member = jar(registered, APP_VERSION_COOKIE)

  const { id: itemId } = await plainItem(1500, 4000)
  const ready = await readyBasket({
    storeId: STORES.main,
    items: [{ id: itemId, quantity: 2 }],
    details: false,
  })
  // A basket without a slot (the slot guard's redirect) and a last order to restore (home's).
  const slotless = (await expectOk('/basket/items/add', {
    businessId: 1,
    storeId: STORES.main,
    fulfilmentMethod: 'collection',
    menuItem: { itemId, quantity: 1 },
  })) as { basketToken: string }
  const lastOrder = encodeURIComponent(
    JSON.stringify({ restoreLastOrderedStore: true, hasLastOrder: true, lastOrderStoreSlug: STORE })
  )
  shoppers = [
    { name: 'guest', cookie: APP_VERSION_COOKIE, signedIn: false },
    { name: 'member', cookie: member, signedIn: true },
    {
      name: 'basket without a slot, last order',
      cookie: `${APP_VERSION_COOKIE}; sf_basket=${slotless.basketToken}; sf_last_order=${lastOrder}`,
      signedIn: false,
    },
    {
      name: 'basket with a held slot',
      cookie: `${APP_VERSION_COOKIE}; sf_basket=${ready.token}; ${CHECKOUT_LOCATION}`,
      signedIn: false,
    },
  ]
})

// --- What every answer must be ---------------------------------------------------------------

interface Seen {
  request: string
  status: number
  location: string | null
  cacheControl: string | null
}

/**
 * The rules for one answer; problems are collected so one run lists them all. `publicRedirects`
 * gathers the public ones by request, to check they do not depend on the shopper.
 */
function check(
  request: string,
  res: Response,
  problems: Array<string>,
  options: {
    personal?: boolean
    outsideLink?: string
    /** A social sign-in start's authorisation endpoint (ADR 026): its redirect goes there. */
    identityProvider?: string
  } = {}
): Seen {
  const location = res.headers.get('location')
  const cacheControl = res.headers.get('cache-control')
  const setsCookie = res.headers.getSetCookie().length > 0
  const seen = { request, status: res.status, location, cacheControl }
  const say = (problem: string) =>
    problems.push(`${request} → ${res.status} ${location ?? ''} [${cacheControl}]: ${problem}`)
  if (!cacheControl) say('no Cache-Control')
  if (setsCookie && cacheControl !== PRIVATE_CACHE_CONTROL) say('sets a cookie, not private')
  const redirect = res.status >= 300 && res.status < 400
  if (redirect) {
    const outside =
      (options.outsideLink !== undefined && location === options.outsideLink) ||
      (options.identityProvider !== undefined &&
        (location ?? '').startsWith(`${options.identityProvider}?`))
    const problem = outside ? null : locationProblem(location)
    if (problem) say(problem)
    const canonical = res.status === 301 && cacheControl === PUBLIC_CACHE_CONTROL && !setsCookie
    if (cacheControl !== PRIVATE_CACHE_CONTROL && !canonical) say('redirect not private, no-store')
  } else if (
    options.personal &&
    res.headers.get('content-type')?.startsWith('text/html') &&
    cacheControl !== PRIVATE_CACHE_CONTROL
  ) {
    say("a signed-in shopper's page, not private")
  }
  return seen
}

/** A public redirect must answer the same whoever asks: it may not depend on cookies. */
function checkPublicRedirects(seen: ReadonlyArray<Seen>, problems: Array<string>): void {
  const answers = new Map<string, Set<string>>()
  for (const answer of seen) {
    const request = answer.request.replace(/^\[[^\]]*\] /, '')
    const what = `${answer.status} ${answer.location ?? ''} ${answer.cacheControl ?? ''}`
    answers.set(request, (answers.get(request) ?? new Set()).add(what))
  }
  for (const [request, outcomes] of answers) {
    const publicRedirect = [...outcomes].some(
      (what) => what.startsWith('3') && what.endsWith(PUBLIC_CACHE_CONTROL)
    )
    if (publicRedirect && outcomes.size > 1) {
      problems.push(`${request}: a public redirect that differs by shopper: ${[...outcomes]}`)
    }
  }
}

function redirected(seen: ReadonlyArray<Seen>, route: string): boolean {
  return seen.some(
    (answer) => answer.request.includes(` ${route}`) && answer.status >= 300 && answer.status < 400
  )
}

// --- The sweep ------------------------------------------------------------------------------

describe('every route, every shopper: redirects stay on this origin and are not cached', () => {
  it(
    'sweeps every GET route of the pages with hostile Referer, ?redirect= and ?returnTo=',
    async () => {
      const problems: Array<string> = []
      const seen: Array<Seen> = []
      for (const pattern of routesOf(pages, 'GET')) {
        for (const path of concretePaths(pattern)) {
          for (const extra of ROUTE_QUERIES[pattern] ?? ['']) {
            for (const target of SWEEP_TARGETS) {
              const query = new URLSearchParams(extra)
              query.set('redirect', target)
              query.set('returnTo', target)
              const url = `${path}?${query.toString()}`
              for (const shopper of shoppers) {
                const res = await get(url, { cookie: shopper.cookie, referer: asReferer(target) })
                await res.body?.cancel()
                seen.push(
                  check(`[${shopper.name}] GET ${url}`, res, problems, {
                    personal: shopper.signedIn,
                    outsideLink: pattern.includes('/banner/') ? OPERATOR_LINK : undefined,
                  })
                )
              }
            }
          }
        }
      }
      checkPublicRedirects(seen, problems)
      expect(problems).toEqual([])
      // The sweep reached the redirects it exists for (else its shoppers or samples broke).
      for (const route of [
        '/login?',
        '/register?',
        '/member?',
        '/checkout?',
        '/checkout/payment?',
        '/stores-near-by?',
        '/stores-near-by/m11ae?',
        `/stores/${STORE}/search?`,
        `/stores/${STORE}/banner/`,
      ]) {
        expect(redirected(seen, route), `no redirect seen for ${route}`).toBe(true)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'sweeps every form post of the pages with hostile Referer and redirect fields',
    async () => {
      const problems: Array<string> = []
      const seen: Array<Seen> = []
      for (const pattern of routesOf(pages, 'POST')) {
        for (const path of concretePaths(pattern)) {
          for (const target of SWEEP_TARGETS) {
            for (const shopper of shoppers) {
              const fields =
                pattern === '/register'
                  ? registrationTo(uniqueEmail('redirects'), target)
                  : { email: memberEmail, password: PASSWORD, redirect: target, returnTo: target }
              const res = await post(path, fields, {
                cookie: shopper.cookie,
                referer: asReferer(target),
              })
              await res.body?.cancel()
              // A social sign-in start leads to the (sandbox) identity provider by design.
              const provider = /^\/auth\/social\/([a-z]+)\/start$/.exec(path)?.[1]
              seen.push(
                check(`[${shopper.name}] POST ${path}`, res, problems, {
                  ...(provider
                    ? { identityProvider: `${ORIGIN}/sandbox-identity/${provider}/authorize` }
                    : {}),
                })
              )
            }
          }
        }
      }
      expect(problems).toEqual([])
      for (const route of ['/login', '/register', '/stay-in-touch', '/logout', HPP_RESPONSE_PATH]) {
        expect(redirected(seen, route), `no redirect seen for POST ${route}`).toBe(true)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'sweeps every route of the sandbox gateway',
    async () => {
      const problems: Array<string> = []
      for (const method of ['GET', 'POST'] as const) {
        for (const pattern of routesOf(sandboxGateway, method, '/sandbox-gateway')) {
          for (const path of concretePaths(pattern)) {
            const res =
              method === 'GET'
                ? await get(path, { referer: asReferer('//evil.example/x') })
                : await post(path, { decision: 'authenticate', redirect: '//evil.example/x' })
            await res.body?.cancel()
            check(`${method} ${path}`, res, problems)
          }
        }
      }
      expect(problems).toEqual([])
    },
    SWEEP_TIMEOUT_MS
  )
})

// --- Every bypass at every entry point that reads a target ---------------------------------

describe('the whole bypass table at each entry point that reads a target', () => {
  async function sweep(
    requests: (target: string) => Promise<{ request: string; res: Response } | null>
  ): Promise<Array<Seen>> {
    const problems: Array<string> = []
    const seen: Array<Seen> = []
    for (const target of TARGETS) {
      const answer = await requests(target)
      if (!answer) continue
      await answer.res.body?.cancel()
      seen.push(check(`${answer.request} (${JSON.stringify(target)})`, answer.res, problems))
    }
    expect(problems).toEqual([])
    return seen
  }

  const member = () => shoppers[1]?.cookie ?? ''

  it(
    'the Referer of the guest-only pages, for a signed-in member',
    async () => {
      for (const path of ['/login', '/register', '/forgotten-password']) {
        const seen = await sweep(async (target) => {
          const referer = asReferer(target)
          return referer
            ? { request: `GET ${path}`, res: await get(path, { cookie: member(), referer }) }
            : null
        })
        expect(seen.every((answer) => answer.status === 302)).toBe(true)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'the Referer of the footer sign-up (failed and successful)',
    async () => {
      for (const email of ['not-an-email', 'footer@example.com']) {
        const seen = await sweep(async (target) => {
          const referer = asReferer(target)
          return referer
            ? {
                request: 'POST /stay-in-touch',
                res: await post('/stay-in-touch', { email }, { referer }),
              }
            : null
        })
        expect(seen.every((answer) => answer.status === 303)).toBe(true)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    "the Referer of the store search flow's way back (a device location it cannot use)",
    async () => {
      const seen = await sweep(async (target) => {
        const referer = asReferer(target)
        return referer
          ? {
              request: 'GET /stores-near-by?source=device',
              res: await get('/stores-near-by?source=device', { referer }),
            }
          : null
      })
      expect(seen.every((answer) => answer.status === 303)).toBe(true)
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    '?returnTo= of the store search flow (location saved, or postcode refused)',
    async () => {
      for (const postcode of ['M1 1AE', 'zz']) {
        const seen = await sweep(async (target) => {
          const query = new URLSearchParams({ postcode, returnTo: target })
          return {
            request: `GET /stores-near-by?postcode=${postcode}`,
            res: await get(`/stores-near-by?${query}`),
          }
        })
        expect(seen.every((answer) => answer.status === 303)).toBe(true)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'the redirect field of the sign-in and registration posts',
    async () => {
      // A new member every few sign-ins: the sign-in limits per account are not what this tests.
      let email = ''
      let signIns = 0
      const login = await sweep(async (target) => {
        if (signIns++ % 10 === 0) {
          email = uniqueEmail('redirects')
          expect((await post('/register', registrationTo(email, '/'))).status).toBe(303)
        }
        return {
          request: 'POST /login',
          res: await post('/login', { email, password: PASSWORD, redirect: target }),
        }
      })
      expect(login.filter((answer) => answer.status !== 303)).toEqual([])
      const registered = await sweep(async (target) => ({
        request: 'POST /register',
        res: await post('/register', registrationTo(uniqueEmail('redirects'), target)),
      }))
      expect(registered.filter((answer) => answer.status !== 303)).toEqual([])
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    '?redirect= of the sign-in page, carried into its one-time-code step',
    async () => {
      await sweep(async (target) => ({
        request: 'POST /login (one-time code)',
        res: await post(`/login?redirect=${encodeURIComponent(target)}`, {
          [LOGIN_INTENT_FIELD]: LOGIN_INTENTS.otpSend,
          email: memberEmail,
          redirect: target,
        }),
      }))
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'a deep link or a trailing slash on an odd path',
    async () => {
      for (const suffix of ['?dl_action=store&dl_store=1', '/']) {
        const seen = await sweep(async (target) => {
          // Only targets that make a URL's path when put after the origin as they are.
          const url = `${ORIGIN}${target}${suffix}`
          if (!/^[/\\\t\n\r]/.test(target) || !URL.canParse(url)) return null
          const res = await SELF.fetch(url, {
            redirect: 'manual',
            headers: { cookie: APP_VERSION_COOKIE },
          })
          return { request: `GET ${url}`, res }
        })
        expect(seen.length).toBeGreaterThan(10)
      }
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    'a banner whose stored link is hostile goes back to the store',
    async () => {
      // An https link to another site is an operator's outside link by design (followed, see the
      // sweep): every other hostile link must not be.
      const links = TARGETS.filter(
        (target) => target !== '' && !(/^https:/i.test(target) && !/[@\\]/.test(target))
      )
      await env.DB.batch(
        links.map((link, index) =>
          env.DB.prepare(
            `insert into banners (id, business_id, brand_id, slug, title, image_url, link_type,
             link_url) values (?1, 1, null, ?2, 'Hostile', '/b.svg', 'url', ?3)`
          ).bind(8910 + index, `redirect-hostile-${index}`, link)
        )
      )
      const seen = await sweep(async (target) => {
        const index = links.indexOf(target)
        if (index < 0) return null
        const path = `/stores/${STORE}/banner/redirect-hostile-${index}`
        return { request: `GET ${path}`, res: await get(path) }
      })
      expect(seen.every((answer) => answer.status === 302)).toBe(true)
      // http:// is refused too: an outside link must be https.
      expect(seen.every((answer) => answer.location === `/stores/${STORE}`)).toBe(true)
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    "the hosted card page answer's nextUrl from the backend",
    async () => {
      // The backend's answer is stubbed: it checks its own return addresses, the page must not trust it.
      let nextUrl = ''
      const app = createApp({
        probe: (probe) =>
          probe.use('*', async (c, next) => {
            const real = c.var.backend
            c.set('backend', {
              ...real,
              post: (path, options) =>
                path === '/checkout/hpp/consumer-data'
                  ? Promise.resolve(
                      options.schema.parse({
                        paymentId: 1,
                        draftOrderId: 1,
                        businessOrderId: 'CF-1',
                        status: 'succeeded',
                        amount: 1000,
                        currency: 'GBP',
                        redirect: null,
                        message: null,
                        nextUrl,
                      })
                    )
                  : real.post(path, options),
            })
            await next()
          }),
      })
      const seen = await sweep(async (target) => {
        nextUrl = absolute(target)
        const res = await app.request(
          `${ORIGIN}${HPP_RESPONSE_PATH}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ hppResponse: '{}' }).toString(),
          },
          testEnv
        )
        return { request: `POST ${HPP_RESPONSE_PATH}`, res }
      })
      expect(seen.filter((answer) => answer.status !== 303)).toEqual([])
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    "an amend top-up's answer's nextUrl from the backend",
    async () => {
      // The backend's answer is stubbed, as above: the page goes only to a path of its origin.
      let nextUrl = ''
      const app = createApp({
        probe: (probe) =>
          probe.use('*', async (c, next) => {
            const real = c.var.backend
            c.set('backend', {
              ...real,
              post: (path, options) =>
                path === '/amend/top-up/answer'
                  ? Promise.resolve(options.schema.parse({ outcome: 'applied', nextUrl }))
                  : real.post(path, options),
            })
            await next()
          }),
      })
      const seen = await sweep(async (target) => {
        nextUrl = absolute(target)
        const res = await app.request(
          `${ORIGIN}${AMEND_HPP_RESPONSE_PATH}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ hppResponse: '{}' }).toString(),
          },
          testEnv
        )
        return { request: `POST ${AMEND_HPP_RESPONSE_PATH}`, res }
      })
      // A redirect to a path of this origin, or the page saying nothing was charged.
      expect(seen.filter((answer) => answer.status !== 303 && answer.status !== 422)).toEqual([])
    },
    SWEEP_TIMEOUT_MS
  )

  it(
    "the sandbox 3-D Secure challenge's return addresses",
    async () => {
      const seen = await sweep(async (target) => {
        ipCounter += 1
        const id = `pay_sbx_redirect_${ipCounter}`
        await env.DB.prepare(
          `insert into sandbox_frames_payments (id, reference, amount, currency, status,
           success_url, failure_url) values (?1, ?1, 1000, 'GBP', 'Pending', ?2, ?2)`
        )
          .bind(id, absolute(target))
          .run()
        const path = `/sandbox-gateway/frames/challenge/${id}`
        return { request: `POST ${path}`, res: await post(path, { decision: 'authenticate' }) }
      })
      // A return address off this origin is not followed: the page says it is done instead.
      expect(seen.every((answer) => answer.status === 200 || answer.status === 303)).toBe(true)
    },
    SWEEP_TIMEOUT_MS
  )
})
