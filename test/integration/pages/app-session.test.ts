import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { APP_SESSION_VERSION } from '../../../schemas/constants.ts'
import worker from '../../../worker/index.ts'
import { TEST_SECRETS } from '../auth/fixtures.ts'
import { seedDemo } from '../../support/workers/seed.ts'

const ORIGIN = 'http://localhost'
const testEnv: Env = { ...env, ...TEST_SECRETS, APP_ENV: 'test' }

const LOCATION = `sf_location=${encodeURIComponent(
  JSON.stringify({ postcode: 'M1 1AE', latitude: 53.48, longitude: -2.24 })
)}`
const LAST_ORDER = `sf_last_order=${encodeURIComponent(
  JSON.stringify({
    restoreLastOrderedStore: true,
    hasLastOrder: true,
    lastOrderStoreSlug: 'manchester-piccadilly',
  })
)}`
const SUMMARY = `sf_basket_summary=${encodeURIComponent(
  JSON.stringify({ itemCount: 2, total: 450, storeSlug: 'manchester-piccadilly' })
)}`
const PERSISTED = [
  LOCATION,
  'sf_deeplink=abc',
  SUMMARY,
  'sf_slot_referrer=%2Fbasket',
  'sf_flash=loginRequired',
]
const SERVER_STATE = ['sf_basket=basket-token-0123456789', 'sf_access=access-token-0123456789']

/** A GET through the whole worker (worker/index.ts), as a browser with these cookies. */
async function get(path: string, cookies: ReadonlyArray<string>): Promise<Response> {
  const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} }
  const request = new Request(`${ORIGIN}${path}`, {
    headers: cookies.length ? { cookie: cookies.join('; ') } : {},
  })
  return worker.fetch(request, testEnv, ctx as unknown as ExecutionContext)
}

/** Names of the cookies the answer deletes. */
function deleted(res: Response): Array<string> {
  return res.headers
    .getSetCookie()
    .filter((line) => /Max-Age=0/i.test(line))
    .map((line) => line.split('=')[0] ?? '')
    .sort()
}

function versionCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith('sf_app_version='))
}

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('app session version (spec §4 Sessions)', () => {
  it('clears persisted state and the last order when the stored version differs', async () => {
    const res = await get('/faqs', ['sf_app_version=0', ...PERSISTED, LAST_ORDER, ...SERVER_STATE])
    expect(res.status).toBe(200)
    expect(deleted(res)).toEqual(
      [
        'sf_basket_summary',
        'sf_deeplink',
        'sf_flash',
        'sf_last_order',
        'sf_location',
        'sf_slot_referrer',
      ].sort()
    )
    expect(versionCookie(res)).toMatch(new RegExp(`^sf_app_version=${APP_SESSION_VERSION};`))
    expect(versionCookie(res)).toMatch(/HttpOnly/)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
  })

  it('keeps the basket token and the session tokens (server state)', async () => {
    const res = await get('/faqs', ['sf_app_version=0', ...PERSISTED, ...SERVER_STATE])
    const touched = res.headers.getSetCookie().map((line) => line.split('=')[0])
    expect(touched).not.toContain('sf_basket')
    expect(touched).not.toContain('sf_access')
  })

  it('clears when the version cookie is missing but other storefront cookies exist', async () => {
    const res = await get('/faqs', [LOCATION, LAST_ORDER])
    expect(deleted(res)).toEqual(['sf_last_order', 'sf_location'])
    expect(versionCookie(res)).toBeDefined()
  })

  it('the page already runs without the cleared state: home no longer restores the last store', async () => {
    const before = await get('/', [`sf_app_version=${APP_SESSION_VERSION}`, LAST_ORDER])
    expect(before.status).toBe(302)
    expect(before.headers.get('location')).toBe('/stores/manchester-piccadilly')
    const after = await get('/', ['sf_app_version=0', LAST_ORDER])
    expect(after.status).toBe(200)
    expect(deleted(after)).toEqual(['sf_last_order'])
  })

  it('keeps the last order while a 3-D Secure check or a checkout order is under way', async () => {
    for (const marker of ['sf_3ds_pending=1', 'sf_checkout_order=42']) {
      const res = await get('/faqs', ['sf_app_version=0', LOCATION, LAST_ORDER, marker])
      expect(deleted(res)).toEqual(['sf_location'])
      expect(versionCookie(res)).toBeDefined()
    }
  })

  it('changes nothing when the version matches', async () => {
    // (Without the flash cookie: the page shows a flash once and deletes it.)
    const kept = PERSISTED.filter((cookie) => !cookie.startsWith('sf_flash='))
    const res = await get('/faqs', [`sf_app_version=${APP_SESSION_VERSION}`, ...kept, LAST_ORDER])
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('sets no cookie for a first visit without storefront cookies (the page stays cacheable)', async () => {
    const res = await get('/faqs', ['other_site=1'])
    expect(res.headers.getSetCookie()).toEqual([])
    expect(res.headers.get('cache-control')).toMatch(/s-maxage/)
  })

  it('stamps the version on an answer that starts storefront state, so it is not cleared next', async () => {
    // A member-only page sends a signed-out shopper home with a flash message (a cookie).
    const res = await get('/member', [])
    expect(res.status).toBe(302)
    expect(res.headers.getSetCookie().some((line) => line.startsWith('sf_flash='))).toBe(true)
    expect(versionCookie(res)).toBeDefined()
    expect(deleted(res)).toEqual([])
  })

  it('leaves API calls alone but stamps answers that set storefront cookies', async () => {
    const res = await worker.fetch(
      new Request(`${ORIGIN}/api/stores/search`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          cookie: ['sf_app_version=0', LOCATION].join('; '),
        },
        body: JSON.stringify({ postcode: 'M1 1AE' }),
      }),
      testEnv,
      {
        waitUntil: () => undefined,
        passThroughOnException: () => undefined,
        props: {},
      } as unknown as ExecutionContext
    )
    expect(deleted(res)).toEqual([])
  })
})
