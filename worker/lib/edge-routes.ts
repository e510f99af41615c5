import type { PublicCacheRule } from './public-cache.ts'

/**
 * What a backend route needs of the edge (the /api proxy and the pages' backend client), declared
 * on the route where it is defined (`edge` in createDomain's route spec, worker/backend/
 * route-registry.ts). The backend derives one {@link EdgeRoutes} from every declaration at module
 * load and the composition root hands it to the proxy and the pages (they may not import the
 * backend, ADR 013).
 */
export interface EdgeNeeds {
  /**
   * The 200 answer is the same for every shopper of a business: kept in KV under the rule's scope.
   * `pagesOnly`: only a page's call keeps it; a browser's call through /api stays private.
   */
  cache?: PublicCacheRule & { pagesOnly?: true }
  /** The call is per brand: the proxy sets brandId from the request's host (ADR 012). */
  brandScoped?: true
  /**
   * The body names the shopper's basket: the proxy sets the token from its httpOnly cookie
   * (`carries`); `answers`: the answer may also hand back a basket whose token goes into that
   * cookie. A basket call is per brand too.
   */
  basketToken?: 'carries' | 'answers'
  /**
   * Where the shopper searched from, from the location cookie unless the call names it:
   * `fulfilment` as the basket's fulfilmentLocation (spec §3), `reserve` as the slot's postcode,
   * latitude and longitude (spec §7).
   */
  location?: 'fulfilment' | 'reserve'
  /**
   * The body's messagingDeviceId is this browser's device id from its httpOnly cookie (ADR 021),
   * whatever the call sent: a page's script cannot read it, and must not choose it.
   */
  deviceId?: true
  /**
   * The session's tokens, which live in httpOnly cookies only (ADR 009): `answers`, a 200 answer
   * is a TokenResponse whose tokens go into the cookies (the browser learns the session kind);
   * `exchange`, as `answers`, and a refresh grant takes the refresh token from its cookie; `ends`,
   * the refresh token from its cookie goes into the body and the session ends in this browser
   * whatever the backend answered. A token sent by the browser is dropped on every call.
   */
  sessionTokens?: 'answers' | 'exchange' | 'ends'
  /**
   * A multipart body through the shop's /api may be this large (bytes) instead of a form's
   * (FORM_BODY_MAX_BYTES): the contact form's attachments (spec §5). Declared apart from the
   * route's own `multipart.maxBytes`, which the operator's upload routes set larger than the
   * shop's /api accepts; the backend refuses at load one that exceeds the route's own.
   */
  multipartMaxBytes?: number
}

/** One declared route's needs: the method in capitals, the backend path as declared. */
export interface EdgeRoute {
  method: string
  path: string
  needs: EdgeNeeds
}

/** What the proxy reads of a path, whatever the method: every need but the cache. */
export type PathNeeds = Omit<EdgeNeeds, 'cache'>

const NO_NEEDS: PathNeeds = Object.freeze({})

/**
 * The declared needs, looked up by a call's path (and method, for the cache). Built once; each
 * lookup is one Map read. A path's needs other than the cache are the same for every method of
 * it, so a call's path alone says what the proxy does with its cookies.
 */
export class EdgeRoutes {
  readonly #byPath: ReadonlyMap<string, PathNeeds>
  readonly #cacheRules: ReadonlyMap<string, EdgeNeeds['cache'] & object>

  constructor(routes: ReadonlyArray<EdgeRoute>) {
    const byPath = new Map<string, PathNeeds>()
    const cacheRules = new Map<string, EdgeNeeds['cache'] & object>()
    const scopes = new Set<string>()
    for (const { method, path, needs } of routes) {
      const { cache, ...pathNeeds } = needs
      const declared = Object.keys(pathNeeds).length > 0 || cache !== undefined
      // A path parameter would make the lookup a pattern match on every call; no such route
      // needs the edge today, and one that does is refused here rather than silently missed.
      if (declared && path.includes(':')) {
        throw new Error(`Edge needs on a path with a parameter: ${method} ${path}`)
      }
      // A token answer kept in KV would hand one shopper's session to every other.
      if (cache && pathNeeds.sessionTokens) {
        throw new Error(`A session token answer may not be cached: ${method} ${path}`)
      }
      const { multipartMaxBytes } = pathNeeds
      if (
        multipartMaxBytes !== undefined &&
        (!Number.isSafeInteger(multipartMaxBytes) || multipartMaxBytes <= 0)
      ) {
        throw new Error(`A multipart limit must be a positive whole number: ${method} ${path}`)
      }
      const known = byPath.get(path)
      if (known && JSON.stringify(known) !== JSON.stringify(pathNeeds)) {
        throw new Error(`Two methods of ${path} declare different edge needs`)
      }
      if (Object.keys(pathNeeds).length > 0) byPath.set(path, Object.freeze({ ...pathNeeds }))
      if (cache) {
        if (scopes.has(cache.scope)) throw new Error(`Cache scope ${cache.scope} declared twice`)
        scopes.add(cache.scope)
        cacheRules.set(`${method.toUpperCase()} ${path}`, Object.freeze({ ...cache }))
      }
    }
    this.#byPath = byPath
    this.#cacheRules = cacheRules
  }

  /** A path's needs other than the cache (none for a path no route declares). */
  of(path: string): PathNeeds {
    return this.#byPath.get(path) ?? NO_NEEDS
  }

  /** Whether the proxy sets brandId on the call: brand-scoped paths and every basket call. */
  isBrandScoped(path: string): boolean {
    const needs = this.of(path)
    return needs.brandScoped === true || needs.basketToken !== undefined
  }

  /**
   * The KV rule of a call's public answer, or null when it is private: `forPages` adds the rules
   * only a page's call keeps.
   */
  cacheRule(method: string, path: string, forPages: boolean): PublicCacheRule | null {
    const rule = this.#cacheRules.get(`${method.toUpperCase()} ${path}`)
    if (!rule || (rule.pagesOnly && !forPages)) return null
    return rule
  }

  /** Every declared cache rule with its method and path (`GET /countries`), pages' ones included. */
  cacheRules(): ReadonlyArray<[string, PublicCacheRule & { pagesOnly?: true }]> {
    return [...this.#cacheRules]
  }

  /** Every path that declares a need other than the cache. */
  paths(): ReadonlyArray<[string, PathNeeds]> {
    return [...this.#byPath]
  }
}
