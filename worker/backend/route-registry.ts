import type { Context } from 'hono'
import { Hono } from 'hono'
import type { z } from 'zod'
import type { ErrorCode } from '../../schemas/api-error.ts'
import type { EdgeNeeds } from '../lib/edge-routes.ts'
import { readJsonBody, readMultipartInput } from '../lib/request-body.ts'
import { parseInput } from '../lib/validation.ts'
import { guardBasketCall, takesOptionalBasketToken } from './basket/access.ts'
import type { BackendEnv } from './env.ts'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** What a route declares: the schemas it parses and answers with, which also make the OpenAPI. */
export interface RouteSpec<
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
> {
  summary: string
  description?: string
  query?: Q
  /** A JSON request body (or, with `multipart`, the form's fields and files). */
  body?: B
  /**
   * The body is multipart/form-data of at most `maxBytes` (read by readMultipartInput: fields
   * `name[]` arrive as the list `name`), not JSON. Such a body never names a basket.
   */
  multipart?: { maxBytes: number }
  /** The 200 answer. */
  response: R
  /**
   * Error codes the route answers with besides validation_error (when it has input),
   * internal_error and service_unavailable.
   */
  errors?: ReadonlyArray<ErrorCode>
  /**
   * What the edge does for the route (its public cache, brand scope, basket token, location;
   * worker/lib/edge-routes.ts), over the domain's own `edge`. The proxy and the pages read it
   * from the list worker/backend/edge-routes.ts derives; a route that declares none is private
   * and gets only the business.
   */
  edge?: EdgeNeeds
}

export interface RouteInput<Q, B> {
  query: Q extends z.ZodType ? z.output<Q> : undefined
  body: B extends z.ZodType ? z.output<B> : undefined
}

export type RouteHandler<Q, B, R extends z.ZodType> = (
  input: RouteInput<Q, B>,
  c: Context<BackendEnv>
) => Promise<z.output<R>> | z.output<R>

export interface RouteDefinition {
  method: HttpMethod
  /** Hono path syntax (`/orders/:orderId`). */
  path: string
  spec: RouteSpec<z.ZodObject | undefined, z.ZodType | undefined, z.ZodType>
  /** The route's edge needs: the domain's, then the route's own over them. */
  edge: EdgeNeeds
}

/** What every route of a domain shares. */
export interface DomainOptions {
  /** Edge needs of every route of the domain (a route's own `edge` adds to them). */
  edge?: EdgeNeeds
}

/** A backend domain: its Hono sub-app and the definitions of every route on it. */
export interface Domain {
  tag: string
  app: Hono<BackendEnv>
  routes: ReadonlyArray<RouteDefinition>
}

type Register = <
  R extends z.ZodType,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  path: string,
  spec: RouteSpec<Q, B, R>,
  handler: RouteHandler<Q, B, R>
) => void

export interface DomainBuilder extends Domain {
  get: Register
  post: Register
  put: Register
  patch: Register
  delete: Register
}

/**
 * Creates a domain whose routes can only be added with their schemas: each handler receives the
 * parsed query/body (bad input → 422 before the handler runs) and returns the answer as data. A
 * body that names a basket by its token is first refused or narrowed by the basket guard
 * (basket/access.ts: a member's basket answers to that member only, another brand's basket is as
 * if absent), so no route can serve a basket past it.
 *
 * `options.edge` is what every route of the domain needs of the edge (the basket domain's
 * routes all carry the basket token).
 *
 * @example
 * const stores = createDomain('Stores')
 * stores.post('/stores/details', { summary, body: StoreDetailsRequestSchema, response: StoreDetailsSchema },
 *   ({ body }, c) => findStore(c.env.DB, body))
 */
export function createDomain(tag: string, options: DomainOptions = {}): DomainBuilder {
  const app = new Hono<BackendEnv>()
  const routes: Array<RouteDefinition> = []

  const register =
    (method: HttpMethod): Register =>
    (path, spec, handler) => {
      routes.push({ method, path, spec, edge: { ...options.edge, ...spec.edge } })
      const basketTokenOptional = takesOptionalBasketToken(spec.body)
      app.on(method.toUpperCase(), path, async (c) => {
        const query = spec.query ? parseInput(spec.query, c.req.query()) : undefined
        // Every body naming a basket passes the basket guard (owner, brand) before anything else.
        const body = !spec.body
          ? undefined
          : spec.multipart
            ? parseInput(spec.body, await readMultipartInput(c.req.raw, spec.multipart.maxBytes))
            : parseInput(
                spec.body,
                await guardBasketCall(c, await readJsonBody(c.req.raw), basketTokenOptional)
              )
        const input = { query, body } as RouteInput<typeof spec.query, typeof spec.body>
        return c.json(await handler(input, c))
      })
    }

  return {
    tag,
    app,
    routes,
    get: register('get'),
    post: register('post'),
    put: register('put'),
    patch: register('patch'),
    delete: register('delete'),
  }
}
