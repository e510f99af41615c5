// Response headers a backend answer keeps; every other is the proxy's own.
const PASSED_RESPONSE_HEADERS = ['content-type', 'content-language', 'retry-after']

/** The headers of a proxied answer: the backend's that pass, its cache policy and request id. */
export function responseHeaders(
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
