import type { ExecutionContext as HonoExecutionContext } from 'hono'
import type { z } from 'zod'
import { ApiErrorSchema } from '../../schemas/api-error.ts'
import { LONG_REQUEST_TIMEOUT_MS } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { finishInBackground } from './background.ts'
import { span } from './log.ts'
import type { BookmarkRelay } from './d1-sessions.ts'
import { D1_BOOKMARK_HEADER } from './d1-sessions.ts'
import { AppError } from './errors.ts'
import { writeCache } from './kv-cache.ts'
import { readParsedCache } from './parsed-cache.ts'
import type { EdgeRoutes } from './edge-routes.ts'
import { publicCacheEntry } from './public-cache.ts'

declare global {
  interface Env {
    /** Optional service binding to a separately deployed backend Worker. */
    BACKEND?: Fetcher
  }
}

/** How calls reach the backend; see {@link createBackendClient} for the order of choice. */
export type BackendTransport = 'in-process' | 'service-binding' | 'url'

/** Anything with the Workers fetch signature: the backend Hono app. */
export interface BackendApp {
  fetch(request: Request, env: Env, ctx?: HonoExecutionContext): Response | Promise<Response>
}

export interface BackendClientOptions {
  /** The in-process backend; used when neither a BACKEND binding nor BACKEND_URL is set. */
  app: BackendApp
  env: Env
  ctx?: HonoExecutionContext | undefined
  /** Sent as x-request-id so the backend logs under the same id. */
  requestId: string
  /**
   * The shopper's IP (the incoming cf-connecting-ip), sent on every call that does not carry its
   * own, so per-shopper rate limits count page-initiated calls against the same shopper.
   */
  clientIp?: string | undefined
  /** Defaults to LONG_REQUEST_TIMEOUT_MS (spec §9: 4000 ms). */
  timeoutMs?: number
  /** The fetch used for BACKEND_URL; injectable for tests. */
  fetch?: typeof fetch
  /**
   * The shopper's D1 bookmark (ADR 046): sent on every call, and moved on by a write's answer, so
   * the shopper reads their own writes from a replica.
   */
  bookmarks?: BookmarkRelay | undefined
  /**
   * What the backend's routes declare of the edge (worker/backend/edge-routes.ts): which answers
   * a `cache: true` call keeps in KV. Without it no answer is cached.
   */
  edgeRoutes?: EdgeRoutes | undefined
}

export type QueryValue = string | number | boolean | null | undefined

export interface BackendCallOptions<S extends z.ZodType> {
  /** Parses the success body; the promise resolves to its output. */
  schema: S
  query?: Record<string, QueryValue>
  /** Sent as JSON; a FormData is sent as multipart/form-data (the contact form's files). */
  body?: unknown
  /** The shopper's access token, sent as Authorization: Bearer. */
  token?: string | undefined
  /** Sent as the Idempotency-Key header (a console action: a double submit acts once). */
  idempotencyKey?: string
  /**
   * Serve and keep the answer in KV when the call is public (its route declares `edge.cache`,
   * pages-only rules included), under the same key the proxy uses, so pages and browsers share
   * entries. Never with a token.
   */
  cache?: boolean
}

/**
 * The one way pages and the proxy reach the backend. Typed calls parse the answer with a schema
 * and throw AppError for an error envelope (so a page's error handler shows the right status);
 * `send` returns the raw answer for the proxy to pass on.
 */
export interface BackendClient {
  readonly transport: BackendTransport
  get<S extends z.ZodType>(
    path: string,
    options: Omit<BackendCallOptions<S>, 'body'>
  ): Promise<z.output<S>>
  post<S extends z.ZodType>(path: string, options: BackendCallOptions<S>): Promise<z.output<S>>
  put<S extends z.ZodType>(path: string, options: BackendCallOptions<S>): Promise<z.output<S>>
  delete<S extends z.ZodType>(path: string, options: BackendCallOptions<S>): Promise<z.output<S>>
  /**
   * Sends a request as is (path with its query string) and returns the backend's raw response.
   * Only the timeout and transport failures throw.
   */
  send(path: string, init?: RequestInit): Promise<Response>
}

// Service bindings and in-process calls need an absolute URL; the host is never looked up.
const INTERNAL_ORIGIN = 'http://backend.internal'

function selectTransport(env: Env): BackendTransport {
  if (env.BACKEND) return 'service-binding'
  if (env.BACKEND_URL) return 'url'
  return 'in-process'
}

function backendUrl(transport: BackendTransport, env: Env, path: string): string {
  const base = transport === 'url' ? env.BACKEND_URL.replace(/\/+$/, '') : INTERNAL_ORIGIN
  return `${base}${path.startsWith('/') ? path : `/${path}`}`
}

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path
}

/** A Retry-After in seconds (RFC 9110 delay-seconds); a date or anything else is not kept. */
function retryAfterOf(header: string | null | undefined): { retryAfterSeconds?: number } {
  const value = header?.trim() ?? ''
  const seconds = /^\d{1,9}$/.test(value) ? Number(value) : 0
  return seconds > 0 ? { retryAfterSeconds: seconds } : {}
}

/**
 * Turns an error answer into the AppError it describes. A rate limit keeps the backend's wait
 * (its details, else its Retry-After header), so pages and the proxy can pass it on.
 */
export function errorFromResponse(
  status: number,
  text: string,
  retryAfter?: string | null
): AppError {
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // not JSON: handled below
  }
  const envelope = ApiErrorSchema.safeParse(json)
  if (envelope.success) {
    const { code, message, fields } = envelope.data.error
    const details =
      code === 'rate_limited'
        ? { ...retryAfterOf(retryAfter), ...envelope.data.error.details }
        : envelope.data.error.details
    return new AppError(code, message, {
      ...(fields ? { fields } : {}),
      ...(details ? { details } : {}),
    })
  }
  // Spec §7: a 429 from store search/details carries its own body, which is the error.
  if (status === 429) {
    return new AppError('rate_limited', text.trim() || MESSAGES.systemError, {
      details: { body: json ?? text, ...retryAfterOf(retryAfter) },
    })
  }
  return new AppError('upstream_error', MESSAGES.systemError, { details: { status } })
}

/**
 * Creates the backend client for one request. Transport, in order: the BACKEND service binding
 * when bound, else BACKEND_URL when non-empty, else the in-process app (no network hop).
 *
 * @example
 * const profile = await c.var.backend.get('/business/profile', {
 *   query: { businessId: c.var.brand.businessId },
 *   schema: BusinessProfileSchema,
 * })
 */
export function createBackendClient(options: BackendClientOptions): BackendClient {
  const { app, env, ctx, requestId } = options
  const timeoutMs = options.timeoutMs ?? LONG_REQUEST_TIMEOUT_MS
  const networkFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const transport = selectTransport(env)

  /** One backend call, timed as a span in the logs (ADR 041). */
  function dispatch(request: Request): Promise<Response> {
    const fields = { method: request.method, path: new URL(request.url).pathname, transport }
    return span('backend call', fields, async () => {
      const response =
        transport === 'service-binding' && env.BACKEND
          ? await env.BACKEND.fetch(request)
          : transport === 'url'
            ? await networkFetch(request)
            : await app.fetch(request, env, ctx)
      options.bookmarks?.received(response)
      return response
    })
  }

  /** Runs `work` (dispatch and, for typed calls, reading the body) under the long-request timeout. */
  async function withTimeout<T>(
    path: string,
    work: (signal: AbortSignal) => Promise<T>
  ): Promise<T> {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(
          new AppError('timeout', MESSAGES.requestTimedOut, {
            details: { path: path.split('?')[0], timeoutMs },
          })
        )
      }, timeoutMs)
    })
    try {
      return await Promise.race([work(controller.signal), timeout])
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError('upstream_error', MESSAGES.systemError, { cause: error })
    } finally {
      if (timer !== undefined) clearTimeout(timer)
    }
  }

  function buildRequest(path: string, init: RequestInit, signal: AbortSignal): Request {
    const headers = new Headers(init.headers)
    headers.set('x-request-id', requestId)
    const bookmark = options.bookmarks?.toSend()
    if (bookmark) headers.set(D1_BOOKMARK_HEADER, bookmark)
    if (options.clientIp && !headers.has('cf-connecting-ip')) {
      headers.set('cf-connecting-ip', options.clientIp)
    }
    return new Request(backendUrl(transport, env, path), { ...init, headers, signal })
  }

  function parseAnswer<S extends z.ZodType>(schema: S, json: unknown, target: string): z.output<S> {
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new AppError('upstream_error', MESSAGES.systemError, {
        cause: parsed.error,
        details: { path: target.split('?')[0] },
      })
    }
    return parsed.data
  }

  async function publicEntry(
    method: string,
    path: string,
    { query, body, token, cache }: BackendCallOptions<z.ZodType>
  ) {
    if (!cache || token) return null
    const inputs: Record<string, unknown> = {
      ...(query ?? {}),
      ...(body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
    }
    if (typeof inputs.businessId !== 'number' || !options.edgeRoutes) return null
    return publicCacheEntry(
      options.edgeRoutes.cacheRule(method, path, true),
      inputs.businessId,
      inputs
    )
  }

  async function call<S extends z.ZodType>(
    method: string,
    path: string,
    options: BackendCallOptions<S>
  ): Promise<z.output<S>> {
    const entry = await publicEntry(method, path, options)
    if (entry) {
      // The schema's output, parsed once per entry text in this isolate (parsed-cache.ts).
      const hit = await readParsedCache(env.CACHE, entry.key, options.schema, (value) =>
        parseAnswer(options.schema, value, path)
      )
      if (hit !== null) return hit
    }
    const answer = await uncachedCall(method, path, options)
    if (entry) {
      await finishInBackground(
        ctx,
        writeCache(env.CACHE, entry.key, answer, entry.rule.ttlSeconds),
        { requestId, event: 'cache write failed' }
      )
    }
    return answer
  }

  async function uncachedCall<S extends z.ZodType>(
    method: string,
    path: string,
    { schema, query, body, token, idempotencyKey }: BackendCallOptions<S>
  ): Promise<z.output<S>> {
    const headers = new Headers({ accept: 'application/json' })
    if (token) headers.set('authorization', `Bearer ${token}`)
    if (idempotencyKey) headers.set('idempotency-key', idempotencyKey)
    const isForm = body instanceof FormData
    if (body !== undefined && !isForm) headers.set('content-type', 'application/json')
    const target = withQuery(path, query)
    const { status, text, retryAfter } = await withTimeout(target, async (signal) => {
      const response = await dispatch(
        buildRequest(
          target,
          {
            method,
            headers,
            body: body === undefined ? null : isForm ? body : JSON.stringify(body),
          },
          signal
        )
      )
      const retryAfter = response.headers.get('retry-after')
      return { status: response.status, text: await response.text(), retryAfter }
    })
    if (status >= 400) throw errorFromResponse(status, text, retryAfter)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (cause) {
      throw new AppError('upstream_error', MESSAGES.systemError, { cause })
    }
    return parseAnswer(schema, json, target)
  }

  return {
    transport,
    get: (path, options) => call('GET', path, options),
    post: (path, options) => call('POST', path, options),
    put: (path, options) => call('PUT', path, options),
    delete: (path, options) => call('DELETE', path, options),
    send: (path, init = {}) =>
      withTimeout(path, (signal) => dispatch(buildRequest(path, init, signal))),
  }
}
