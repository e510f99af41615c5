/*
 * The WebSocket handshake as the live objects receive it (the store's board, an order's
 * tracker): only the upgrade's own headers go on to the Durable Object, never the browser's
 * cookies, authorisation or query.
 */

const HANDSHAKE_HEADERS = [
  'upgrade',
  'connection',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-protocol',
  'sec-websocket-extensions',
]

export function isWebSocketUpgrade(request: Request): boolean {
  return request.method === 'GET' && request.headers.get('upgrade')?.toLowerCase() === 'websocket'
}

/** The answer to a request that is not a WebSocket upgrade (426 Upgrade Required). */
export function upgradeRequired(): Response {
  return new Response('This address takes a WebSocket connection only.', {
    status: 426,
    headers: { upgrade: 'websocket', 'cache-control': 'no-store' },
  })
}

/** The browser's handshake headers, to which the caller adds what the object trusts. */
export function handshakeHeaders(request: Request): Headers {
  const headers = new Headers()
  for (const name of HANDSHAKE_HEADERS) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  return headers
}
