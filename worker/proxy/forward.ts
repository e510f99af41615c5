import type { Context } from 'hono'
import type { StatusCode } from 'hono/utils/http-status'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../schemas/constants.ts'
import { shopLocaleOf } from '../../schemas/locale.ts'
import { readAccessToken } from '../lib/cookies/session.ts'
import { localisedAnswer } from '../lib/localised-errors.ts'
import { proxyCall, type ProxyEnv } from './call.ts'
import { responseHeaders } from './response-headers.ts'

// Request headers a backend may use; cookies and everything else stay at the edge.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'cf-connecting-ip']

/**
 * Sends the call the middleware built to the backend (`c.var.backend`) and answers with the
 * backend's answer as is, a 429 included, its error message in the brand's language. Only the
 * session cookie authorises a call: an Authorization header a page's script sent is dropped, so
 * script can never present a token (a staff one above all) through the shop.
 *
 * @example proxy.all('*', forward)
 */
export async function forward(c: Context<ProxyEnv>): Promise<Response> {
  const call = proxyCall(c)
  const headers = new Headers()
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  call.bearer = readAccessToken(c)
  if (call.bearer) headers.set('authorization', `Bearer ${call.bearer}`)
  let body: string | FormData | null = call.form
  if (call.json) {
    body = JSON.stringify(call.json)
    headers.set('content-type', 'application/json')
  }
  const search = call.query.toString()
  const target = `${call.path}${search ? `?${search}` : ''}`
  const answer = await localisedAnswer(
    await c.var.backend.send(target, { method: c.req.method, headers, body }),
    shopLocaleOf(c.var.brand)
  )
  const cacheControl =
    call.public && answer.status === 200 ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL
  // newResponse keeps the Set-Cookie headers the middleware prepared (a renewed session).
  return c.newResponse(
    answer.body,
    answer.status as StatusCode,
    Object.fromEntries(responseHeaders(answer.headers, c.var.requestId, cacheControl))
  )
}
