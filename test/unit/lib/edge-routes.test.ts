import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { backendDomains } from '../../../worker/backend/index.ts'
import { CONTACT_BODY_MAX_BYTES } from '../../../schemas/constants.ts'
import { CONTACT_REQUEST_PATH } from '../../../schemas/content.ts'
import { BACKEND_EDGE_ROUTES, edgeRoutesOf } from '../../../worker/backend/edge-routes.ts'
import type { RouteDefinition } from '../../../worker/backend/route-registry.ts'
import { EdgeRoutes } from '../../../worker/lib/edge-routes.ts'

/*
 * What a backend route needs of the edge is declared on the route (`edge` in createDomain) and
 * derived into one list the proxy and the pages read. These check the derivation and a few
 * declarations the shop cannot do without.
 */

describe('the list derived from the routes', () => {
  it('takes a domain’s needs and adds the route’s own', () => {
    // The basket domain answers with the basket; its add call also takes the location.
    expect(BACKEND_EDGE_ROUTES.of('/basket/items/add')).toEqual({
      basketToken: 'answers',
      location: 'fulfilment',
    })
    expect(BACKEND_EDGE_ROUTES.of('/basket/coupon/apply')).toEqual({ basketToken: 'answers' })
    expect(BACKEND_EDGE_ROUTES.of('/time-slots/reserve')).toEqual({
      basketToken: 'carries',
      location: 'reserve',
    })
    // A payments route outside the basket (a member's cards) carries no token.
    expect(BACKEND_EDGE_ROUTES.of('/checkout/hpp/consumer-data')).toEqual({
      basketToken: 'carries',
    })
    expect(BACKEND_EDGE_ROUTES.of('/member/cards')).toEqual({})
    expect(BACKEND_EDGE_ROUTES.of('/checkout/process-order')).toEqual({
      basketToken: 'carries',
      deviceId: true,
    })
  })

  it('says which calls carry, answer and end the session’s tokens, and which take uploads', () => {
    expect(BACKEND_EDGE_ROUTES.of('/oauth/token')).toEqual({ sessionTokens: 'exchange' })
    expect(BACKEND_EDGE_ROUTES.of('/auth/register')).toEqual({ sessionTokens: 'answers' })
    expect(BACKEND_EDGE_ROUTES.of('/auth/change-password')).toEqual({ sessionTokens: 'answers' })
    expect(BACKEND_EDGE_ROUTES.of('/auth/logout')).toEqual({ sessionTokens: 'ends' })
    expect(BACKEND_EDGE_ROUTES.of('/auth/otp/send')).toEqual({})
    const tokenPaths = BACKEND_EDGE_ROUTES.paths()
      .filter(([, needs]) => needs.sessionTokens !== undefined)
      .map(([path]) => path)
    expect(tokenPaths.sort()).toEqual([
      '/auth/change-password',
      '/auth/logout',
      '/auth/register',
      '/oauth/token',
    ])
    expect(BACKEND_EDGE_ROUTES.of(CONTACT_REQUEST_PATH)).toEqual({
      multipartMaxBytes: CONTACT_BODY_MAX_BYTES,
    })
    const uploadPaths = BACKEND_EDGE_ROUTES.paths()
      .filter(([, needs]) => needs.multipartMaxBytes !== undefined)
      .map(([path]) => path)
    expect(uploadPaths).toEqual([CONTACT_REQUEST_PATH])
  })

  it('scopes basket calls and declared paths to the brand, nothing else', () => {
    expect(BACKEND_EDGE_ROUTES.isBrandScoped('/checkout/process-order')).toBe(true)
    expect(BACKEND_EDGE_ROUTES.isBrandScoped('/member/orders/order')).toBe(true)
    expect(BACKEND_EDGE_ROUTES.isBrandScoped('/stores/search')).toBe(false)
    expect(BACKEND_EDGE_ROUTES.isBrandScoped('/no/such/route')).toBe(false)
  })

  it('caches a public answer under its declared method only, pages-only rules for pages', () => {
    expect(BACKEND_EDGE_ROUTES.cacheRule('POST', '/catalogue/category', false)?.scope).toBe(
      'category'
    )
    expect(BACKEND_EDGE_ROUTES.cacheRule('GET', '/catalogue/category', false)).toBeNull()
    expect(BACKEND_EDGE_ROUTES.cacheRule('POST', '/stores/recommended-items', false)).toBeNull()
    expect(BACKEND_EDGE_ROUTES.cacheRule('POST', '/stores/recommended-items', true)?.scope).toBe(
      'recommended-items'
    )
    expect(BACKEND_EDGE_ROUTES.cacheRule('POST', '/basket', true)).toBeNull()
  })

  it('declares needs only on routes the backend serves', () => {
    const declared = new Set(
      backendDomains.flatMap((domain) =>
        domain.routes.map((route) => `${route.method.toUpperCase()} ${route.path}`)
      )
    )
    const paths = new Set([...declared].map((route) => route.slice(route.indexOf(' ') + 1)))
    const rules = BACKEND_EDGE_ROUTES.cacheRules().map(([route]) => route)
    expect(rules.length).toBeGreaterThan(20)
    expect(rules.filter((route) => !declared.has(route))).toEqual([])
    expect(
      BACKEND_EDGE_ROUTES.paths()
        .map(([path]) => path)
        .filter((path) => !paths.has(path))
    ).toEqual([])
  })
})

describe('EdgeRoutes', () => {
  const rule = { scope: 'things', ttlSeconds: 60 }

  it('refuses needs it could not look up by path alone', () => {
    expect(
      () => new EdgeRoutes([{ method: 'POST', path: '/orders/:id', needs: { brandScoped: true } }])
    ).toThrow(/parameter/)
    expect(
      () =>
        new EdgeRoutes([
          { method: 'GET', path: '/things', needs: { brandScoped: true } },
          { method: 'POST', path: '/things', needs: {} },
        ])
    ).toThrow(/different edge needs/)
  })

  it('refuses one KV scope for two routes, whose entries would answer for each other', () => {
    expect(
      () =>
        new EdgeRoutes([
          { method: 'GET', path: '/things', needs: { cache: rule } },
          { method: 'GET', path: '/other-things', needs: { cache: rule } },
        ])
    ).toThrow(/scope things/)
  })

  it('refuses a token answer kept in KV and a multipart limit that is no size', () => {
    expect(
      () =>
        new EdgeRoutes([
          { method: 'POST', path: '/tokens', needs: { sessionTokens: 'answers', cache: rule } },
        ])
    ).toThrow(/may not be cached/)
    for (const multipartMaxBytes of [0, -1, 1.5, Number.NaN]) {
      expect(
        () => new EdgeRoutes([{ method: 'POST', path: '/up', needs: { multipartMaxBytes } }]),
        String(multipartMaxBytes)
      ).toThrow(/positive whole number/)
    }
    expect(
      () =>
        new EdgeRoutes([{ method: 'POST', path: '/auth/:kind', needs: { sessionTokens: 'ends' } }])
    ).toThrow(/parameter/)
  })

  it('refuses an edge multipart limit above the route’s own, or on a route without uploads', () => {
    const route = (spec: RouteDefinition['spec'], multipartMaxBytes: number): RouteDefinition => ({
      method: 'post',
      path: '/up',
      spec,
      edge: { multipartMaxBytes },
    })
    const uploads: RouteDefinition['spec'] = {
      summary: 'up',
      response: z.object({}),
      multipart: { maxBytes: 1000 },
    }
    expect(edgeRoutesOf([{ routes: [route(uploads, 1000)] }]).of('/up')).toEqual({
      multipartMaxBytes: 1000,
    })
    expect(() => edgeRoutesOf([{ routes: [route(uploads, 1001)] }])).toThrow(/above the route/)
    const { multipart: _none, ...noUploads } = uploads
    expect(() => edgeRoutesOf([{ routes: [route(noUploads, 10)] }])).toThrow(/above the route/)
  })

  it('lets a path with parameters through when it needs nothing, and knows nothing of it', () => {
    const edge = new EdgeRoutes([
      { method: 'GET', path: '/orders/:id', needs: {} },
      { method: 'GET', path: '/things', needs: { cache: rule } },
    ])
    expect(edge.of('/orders/:id')).toEqual({})
    expect(edge.cacheRule('get', '/things', false)).toEqual(rule)
  })
})
