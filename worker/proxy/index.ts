import { Hono, type Context } from 'hono'
import type { StatusCode } from 'hono/utils/http-status'
import { ApiErrorSchema } from '../../schemas/api-error.ts'
import {
  CONTACT_BODY_MAX_BYTES,
  FORM_BODY_MAX_BYTES,
  BASKET_OF_ANOTHER_MEMBER_REASON,
  POSTCODE_MAX_LENGTH,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { executionContext, finishInBackground } from '../lib/background.ts'
import { forgetBasket, readBasketToken, rememberBasket } from '../lib/cookies/basket.ts'
import type { EdgeRoutes } from '../lib/edge-routes.ts'
import { TokenResponseSchema } from '../../schemas/auth.ts'
import { CONTACT_REQUEST_PATH } from '../../schemas/content.ts'
import type { Basket } from '../../schemas/basket.ts'
import type { Brand } from '../../schemas/brand.ts'
import {
  answersWithTokens,
  BACKEND_LOGOUT_PATH,
  BACKEND_TOKEN_PATH,
  forgetSession,
  readAccessToken,
  readRefreshToken,
  readSessionKind,
  rememberSession,
} from '../lib/cookies/session.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { localisedAnswer } from '../lib/localised-errors.ts'
import { shopLocaleOf } from '../../schemas/locale.ts'
import { AppError } from '../lib/errors.ts'
import { convertIds, convertQueryIds } from '../lib/ids.ts'
import { readCache, writeCache } from '../lib/kv-cache.ts'
import { invalidBody, readFormBody, readJsonBody } from '../lib/request-body.ts'
import { publicCacheEntry } from '../lib/public-cache.ts'
import { refreshSession } from '../lib/shopper-session.ts'
import { readLocation, savedFulfilmentLocation } from '../lib/cookies/location.ts'
import { deviceIdFor } from '../lib/cookies/device.ts'
import { plainPaths } from './plain-path.ts'
import { sameOriginForStateChanges } from './same-origin.ts'

/** Where the proxy is mounted; the backend path is what follows it. */
export const API_PREFIX = '/api'

const STAFF_CALL = /^\/+staff(\/|$)/i

/** Process order (spec §7): the island's order carries this browser's device (ADR 021). */
const PROCESS_ORDER_PATH = '/checkout/process-order'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
// Request headers a backend may use; cookies and everything else stay at the edge.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'cf-connecting-ip']
const PASSED_RESPONSE_HEADERS = ['content-type', 'content-language', 'retry-after']

type Inputs = Record<string, unknown>

// Multipart calls whose uploads are larger than a form's (spec §5: the contact form's files[]).
const MULTIPART_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  [CONTACT_REQUEST_PATH, CONTACT_BODY_MAX_BYTES],
])

/** The JSON body (size and depth capped) with ids converted and the tenant fields set. */
async function jsonBody(request: Request, tenant: Inputs): Promise<Inputs> {
  const parsed = await readJsonBody(request)
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody()
  return { ...(convertIds(parsed) as Inputs), ...tenant }
}

/** A multipart body (the contact form, spec §5) with ids converted and tenant fields set. */
async function formBody(request: Request, path: string, tenant: Inputs): Promise<FormData> {
  const form = await readFormBody(request, MULTIPART_BODY_LIMITS.get(path) ?? FORM_BODY_MAX_BYTES)
  const converted = new FormData()
  const fields: Inputs = {}
  for (const [key, value] of form) {
    if (typeof value === 'string') fields[key] = value
  }
  const ids = convertIds(fields) as Inputs
  for (const [key, value] of form) {
    if (key in tenant) continue
    converted.append(key, typeof value === 'string' ? String(ids[key] ?? value) : value)
  }
  for (const [key, value] of Object.entries(tenant)) converted.set(key, String(value))
  return converted
}

/** The basket token comes from the httpOnly cookie only; a token the browser sent is dropped. */
function withBasketToken(c: Context, json: Inputs): void {
  const token = readBasketToken(c)
  if (token) json.basketToken = token
  else delete json.basketToken
}

/**
 * The refresh token comes from the httpOnly cookie only, for the calls that take one (a refresh
 * grant and logout); a token the browser sent is dropped on every call.
 */
function withRefreshToken(c: Context, path: string, json: Inputs): void {
  delete json.refresh_token
  const takesRefreshToken =
    path === BACKEND_LOGOUT_PATH ||
    (path === BACKEND_TOKEN_PATH && json.grant_type === 'refresh_token')
  const token = takesRefreshToken ? readRefreshToken(c) : undefined
  if (token) json.refresh_token = token
}

/** The shopper's saved location decides the basket's delivery zone unless the call names one. */
function withFulfilmentLocation(c: Context, json: Inputs): void {
  if (json.fulfilmentLocation !== undefined) return
  const location = savedFulfilmentLocation(c)
  if (location) json.fulfilmentLocation = location
}

/**
 * A slot reservation is for where the shopper searched from unless the call says otherwise, so
 * the backend refuses a delivery slot where the store does not deliver
 * (schemas/delivery-area.ts).
 */
function withReserveLocation(c: Context, json: Inputs): void {
  if (json.latitude !== undefined || json.longitude !== undefined) return
  const location = readLocation(c)
  if (!location || location.latitude === null || location.longitude === null) return
  if (location.postcode.length <= POSTCODE_MAX_LENGTH) json.postcode = location.postcode
  json.latitude = location.latitude
  json.longitude = location.longitude
}

/** Whether an error answer is the basket guard's 'basket of another member' refusal. */
function isBasketOfAnotherMember(text: string): boolean {
  try {
    const envelope = ApiErrorSchema.safeParse(JSON.parse(text))
    return (
      envelope.success && envelope.data.error.details?.reason === BASKET_OF_ANOTHER_MEMBER_REASON
    )
  } catch {
    return false
  }
}

function isBasket(value: unknown): value is Basket {
  return (
    typeof value === 'object' &&
    value !== null &&
    'totals' in value &&
    'lines' in value &&
    'fulfilmentMethod' in value
  )
}

/**
 * A basket answer (a basket, or an object carrying one under `basket`) with its token moved into
 * the httpOnly cookie and its summary into the header's cookie.
 */
function withoutBasketToken(c: Context, payload: unknown): unknown {
  if (isBasket(payload)) return rememberBasket(c, payload)
  if (typeof payload === 'object' && payload !== null && 'basket' in payload) {
    const { basket } = payload
    if (isBasket(basket)) return { ...payload, basket: rememberBasket(c, basket) }
  }
  return payload
}

function responseHeaders(
  from: Headers | undefined,
  requestId: string,
  cacheControl: string
): Headers {
  const headers = new Headers()
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = from?.get(name)
    if (value) headers.set(name, value)
  }
  headers.set('cache-control', cacheControl)
  headers.set('x-request-id', requestId)
  return headers
}

/**
 * The app's own server proxy (spec §7): `/api/<path>` → backend `<path>` through `c.var.backend`.
 * Sets businessId (and brandId where a call is per brand) from the request's brand, converts ids
 * to numbers, turns the access-token cookie into a bearer token (the only credential it forwards),
 * refuses a path with a %-escape (plain-path.ts) and cross-site state changes,
 * serves public answers from KV and passes every backend answer (a 429 included) through as is.
 * What each call needs (brand scope, basket token, location, public cache) is what its backend
 * route declares (`edge`): `edge` is the list the backend derives from them.
 *
 * @example app.route('/api', createProxy(BACKEND_EDGE_ROUTES))
 */
export function createProxy(edge: EdgeRoutes): Hono<AppEnv> {
  const proxy = new Hono<AppEnv>()
  proxy.use(plainPaths())
  proxy.use(sameOriginForStateChanges())
  proxy.all('*', (c) => forward(c, edge))
  proxy.onError((error, c) =>
    errorEnvelopeResponse(error, c.var.requestId, shopLocaleOf(brandOf(c) ?? {}))
  )
  return proxy
}

async function forward(c: Context<AppEnv>, edge: EdgeRoutes): Promise<Response> {
  const url = new URL(c.req.url)
  const path = url.pathname.startsWith(API_PREFIX)
    ? url.pathname.slice(API_PREFIX.length) || '/'
    : url.pathname
  // Staff calls go through the console's own proxy (/store/api, ADR 018), where only the staff
  // cookie is a bearer; here a shopper's cookie would be sent in its place.
  if (STAFF_CALL.test(path)) throw new AppError('not_found', MESSAGES.pageNotFound)
  const method = c.req.method
  const brand = c.var.brand
  const needs = edge.of(path)
  const basketCall = needs.basketToken !== undefined
  const tenant: Inputs = { businessId: brand.businessId }
  // Baskets and orders belong to a brand (docs/decisions/012), as brand-scoped answers do.
  if (edge.isBrandScoped(path)) tenant.brandId = brand.id
  // A member's basket answers to their token only: renew a lapsed member session first, as a page
  // load does, so a member idle past the access token's 15 minutes still reaches their basket.
  if (basketCall && readSessionKind(c) === 'member') await refreshSession(c)

  const query = convertQueryIds(url.searchParams)
  for (const [key, value] of Object.entries(tenant)) query.set(key, String(value))

  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  // Only the session cookie authorises a call: an Authorization header a page's script sent is
  // dropped, so script can never present a token (a staff one above all) through the shop.
  const token = readAccessToken(c)
  if (token) headers.set('authorization', `Bearer ${token}`)

  let body: string | FormData | null = null
  let inputs: Inputs = Object.fromEntries(query)
  if (METHODS_WITH_BODY.has(method)) {
    const contentType = c.req.header('content-type') ?? ''
    if (contentType.startsWith('multipart/form-data')) {
      body = await formBody(c.req.raw, path, tenant)
    } else if (contentType === '' || contentType.startsWith('application/json')) {
      const json = await jsonBody(c.req.raw, tenant)
      if (basketCall) withBasketToken(c, json)
      withRefreshToken(c, path, json)
      if (needs.location === 'fulfilment') withFulfilmentLocation(c, json)
      if (needs.location === 'reserve') withReserveLocation(c, json)
      // The device id cookie is httpOnly: the island cannot send it, and a page must not choose it
      // (the referral guards compare it), so the proxy sets it as the no-JavaScript form does.
      if (path === PROCESS_ORDER_PATH) json.messagingDeviceId = deviceIdFor(c)
      inputs = { ...inputs, ...json }
      body = JSON.stringify(json)
      headers.set('content-type', 'application/json')
    } else {
      throw invalidBody()
    }
  }

  const search = query.toString()
  const target = `${path}${search ? `?${search}` : ''}`
  const cached = await publicCacheEntry(
    edge.cacheRule(method, path, false),
    brand.businessId,
    inputs
  )

  if (cached) {
    const hit = await readCache<unknown>(c.env.CACHE, cached.key)
    if (hit !== null) {
      const cachedHeaders = responseHeaders(undefined, c.var.requestId, PUBLIC_CACHE_CONTROL)
      cachedHeaders.set('content-type', 'application/json')
      cachedHeaders.set('x-cache', 'HIT')
      return new Response(JSON.stringify(hit), { status: 200, headers: cachedHeaders })
    }
  }

  const answer = await localisedAnswer(
    await c.var.backend.send(target, { method, headers, body }),
    shopLocaleOf(brand)
  )

  if (cached && answer.status === 200) {
    const text = await answer.text()
    await finishInBackground(
      executionContext(c),
      writeCache(c.env.CACHE, cached.key, JSON.parse(text), cached.rule.ttlSeconds),
      { requestId: c.var.requestId, event: 'cache write failed' }
    )
    const publicHeaders = responseHeaders(answer.headers, c.var.requestId, PUBLIC_CACHE_CONTROL)
    publicHeaders.set('x-cache', 'MISS')
    return new Response(text, { status: 200, headers: publicHeaders })
  }
  const privateHeaders = responseHeaders(answer.headers, c.var.requestId, PRIVATE_CACHE_CONTROL)
  // Logging out ends the session in this browser whatever the backend answered.
  if (path === BACKEND_LOGOUT_PATH) forgetSession(c)
  if (answer.status === 200 && answersWithTokens(path)) {
    const tokens = TokenResponseSchema.safeParse(await answer.json())
    if (!tokens.success) throw new AppError('upstream_error', MESSAGES.systemError)
    // The tokens go into httpOnly cookies; the browser learns the session kind only.
    return c.newResponse(JSON.stringify(rememberSession(c, tokens.data)), {
      status: 200,
      headers: privateHeaders,
    })
  }
  if (answer.status === 200 && needs.basketToken === 'answers') {
    const payload: unknown = await answer.json()
    // newResponse keeps the Set-Cookie headers rememberBasket prepared on the context.
    return c.newResponse(JSON.stringify(withoutBasketToken(c, payload)), {
      status: 200,
      headers: privateHeaders,
    })
  }
  if (basketCall && answer.status === 403) {
    const text = await answer.text()
    // A member's basket this shopper may not use (their session ended elsewhere, or a cookie from
    // another account): the browser forgets it and the next call starts a new basket. A member
    // whose session could not be renewed just now keeps their cookie for when it is.
    const lapsedMember = readSessionKind(c) === 'member' && !token
    if (isBasketOfAnotherMember(text) && !lapsedMember) forgetBasket(c)
    return c.newResponse(text, 403, Object.fromEntries(privateHeaders))
  }
  if (path === BACKEND_LOGOUT_PATH || basketCall) {
    // newResponse keeps the Set-Cookie headers forgetSession or a session renewal prepared.
    return c.newResponse(
      answer.body,
      answer.status as StatusCode,
      Object.fromEntries(privateHeaders)
    )
  }
  return new Response(answer.body, { status: answer.status, headers: privateHeaders })
}

/** The request's brand, when the brand middleware found one before the error. */
function brandOf(c: Context<AppEnv>): Brand | undefined {
  const brand: Brand | undefined = c.get('brand')
  return brand
}
