import { Hono } from 'hono'
import { PRIVATE_CACHE_CONTROL } from '../../schemas/constants.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { readStaffAccessToken } from '../lib/cookies/staff-session.ts'
import { errorEnvelopeResponse } from '../lib/error-response.ts'
import { AppError } from '../lib/errors.ts'
import { convertIds } from '../lib/ids.ts'
import { invalidBody, readJsonBody } from '../lib/request-body.ts'
import { plainPaths } from './plain-path.ts'
import { STORE_API_PREFIX } from '../lib/store-console-paths.ts'

/**
 * Where the console's islands call the backend: `/store/api/staff/<path>` → backend
 * `/staff/<path>` (ADR 018). Under /store because the staff cookies are Path=/store: the shop's
 * `/api` never sees them, and this proxy never reads the shopper's. POST JSON only.
 */

// The sign-in calls answer tokens: pages make them and keep the tokens in httpOnly cookies. The
// operator console's calls are its pages' alone: each change purges the public cache it affects
// (ADR 027), which only the pages' one write path does.
const PAGE_ONLY = /^\/staff\/(?:auth|operator)\//
const FORWARDED_REQUEST_HEADERS = ['accept', 'user-agent', 'cf-connecting-ip', 'idempotency-key']
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after']

export const storeConsoleProxy = new Hono<AppEnv>()

storeConsoleProxy.use(plainPaths())

storeConsoleProxy.post('/staff/*', async (c) => {
  const path = c.req.path.slice(STORE_API_PREFIX.length)
  if (PAGE_ONLY.test(path)) throw new AppError('not_found', MESSAGES.pageNotFound)
  const contentType = c.req.header('content-type') ?? ''
  if (contentType !== '' && !contentType.startsWith('application/json')) throw invalidBody()
  const parsed = await readJsonBody(c.req.raw)
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody()
  const body = {
    ...(convertIds(parsed) as Record<string, unknown>),
    businessId: c.var.brand.businessId,
  }
  const headers = new Headers({ 'content-type': 'application/json' })
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  // Only the staff cookie authorises a console call; an Authorization header sent is dropped.
  const token = readStaffAccessToken(c)
  if (token) headers.set('authorization', `Bearer ${token}`)
  const answer = await c.var.backend.send(path, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const out = new Headers({
    'cache-control': PRIVATE_CACHE_CONTROL,
    'x-request-id': c.var.requestId,
  })
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = answer.headers.get(name)
    if (value) out.set(name, value)
  }
  return new Response(answer.body, { status: answer.status, headers: out })
})

storeConsoleProxy.all('*', () => {
  throw new AppError('not_found', MESSAGES.pageNotFound)
})

storeConsoleProxy.onError((error, c) => errorEnvelopeResponse(error, c.var.requestId))
