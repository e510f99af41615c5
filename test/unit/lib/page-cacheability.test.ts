import { describe, expect, it } from 'vitest'
import { PAGE_ROUTES } from '../../../worker/pages/routes.ts'
import { ROUTE_PATHS } from '../../../client/lib/routes.ts'
import { pageCacheDecision, storableAnswer } from '../../../worker/lib/page-cacheability.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'

const cookies = (...more: Array<string>) => [APP_VERSION_COOKIE, ...more].join('; ')

describe('which requests the page cache may answer (ADR 042)', () => {
  it('answers an anonymous GET or HEAD of a public page, with or without a basket', () => {
    expect(pageCacheDecision('GET', undefined, 'category')).toEqual({ cacheable: true })
    expect(pageCacheDecision('HEAD', '', 'home')).toEqual({ cacheable: true })
    // Another site's cookies on the host and the cookies no public page reads change nothing.
    const neutral = cookies('_ga=GA1.2', 'sf_device=d1', 'sf_basket=b1', 'sf_basket_summary=%7B%7D')
    expect(pageCacheDecision('GET', neutral, 'item')).toEqual({ cacheable: true })
    expect(pageCacheDecision('GET', cookies('sf_last_order=x'), 'store')).toEqual({
      cacheable: true,
    })
  })

  it.each([
    ['a member session', cookies('sf_session=member', 'sf_access=t')],
    ['a guest session', cookies('sf_session=guest', 'sf_refresh=t')],
    ['a flash', cookies('sf_flash=loggedOut')],
    ['a saved location', cookies('sf_location=M1')],
    ['a pending deep link', cookies('sf_deeplink=x')],
    ['a cookie the list does not know', cookies('sf_something_new=1')],
    ['an old app version with state', 'sf_app_version=0; sf_basket=b1'],
    ['no app version with state', 'sf_basket_summary=x'],
  ])('keeps a request with %s away from the cache', (_, header) => {
    expect(pageCacheDecision('GET', header, 'category').cacheable).toBe(false)
  })

  it('keeps home personal for a last order (it may send the shopper on), and non-reads', () => {
    expect(pageCacheDecision('GET', cookies('sf_last_order=x'), 'home').cacheable).toBe(false)
    expect(pageCacheDecision('POST', undefined, 'home').cacheable).toBe(false)
    expect(pageCacheDecision('GET', undefined, undefined).cacheable).toBe(false)
  })

  it('has every route of the route table declare its edge cache policy where it is declared', () => {
    const policies = new Set(['private', 'home', 'results', 'store', 'category', 'item', 'deal'])
    for (const kind of ['search', 'faqs', 'content', 'landing']) policies.add(kind)
    expect(PAGE_ROUTES.map((route) => route.name).sort()).toEqual(Object.keys(ROUTE_PATHS).sort())
    for (const route of PAGE_ROUTES) expect(policies, route.name).toContain(route.cache)
  })

  it('names public kinds only for shop pages nobody signs in to see', () => {
    const cache = Object.fromEntries(PAGE_ROUTES.map((route) => [route.name, route.cache]))
    expect(cache['stores-storeSlug-category-categorySlug']).toBe('category')
    for (const personal of ['basket', 'checkout', 'member', 'login', 'contact', 'tv'] as const) {
      expect(cache[personal], personal).toBe('private')
    }
    const cached = PAGE_ROUTES.filter((route) => route.cache !== 'private')
    expect(cached.filter((route) => /time-slots|checkout|member/.test(route.name))).toEqual([])
  })
})

describe('which answers the page cache keeps', () => {
  const page = (headers: Record<string, string>, status = 200) =>
    new Response('<p>page</p>', { status, headers })

  it('keeps a public 200 that sets no cookie', () => {
    expect(storableAnswer(page({ 'cache-control': 'max-age=0, s-maxage=60' }))).toBe(true)
  })

  it('keeps nothing private, unmarked, failed or setting a cookie', () => {
    expect(storableAnswer(page({ 'cache-control': 'private, no-store' }))).toBe(false)
    expect(storableAnswer(page({}))).toBe(false)
    expect(storableAnswer(page({ 'cache-control': 's-maxage=60' }, 404))).toBe(false)
    expect(
      storableAnswer(page({ 'cache-control': 's-maxage=60', 'set-cookie': 'sf_flash=; Max-Age=0' }))
    ).toBe(false)
  })
})
