import { MESSAGES } from '../../schemas/messages.ts'

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

/**
 * Whether a browser opened the socket from a page of the host it connects to. A socket is not
 * bound by CORS and carries the cookies, so a page of any site could otherwise open one with the
 * visitor's session (cross-site WebSocket hijacking). Browsers always send Origin on an upgrade;
 * a request without one is not from a page.
 */
export function fromOwnPage(request: Request): boolean {
  const origin = request.headers.get('origin')
  return origin === null || origin === new URL(request.url).origin
}

/**
 * Why a request may not open a socket, as its answer: 426 when it is not a WebSocket upgrade,
 * 403 when a page of another origin opened it; null when it may.
 */
export function refusedHandshake(request: Request): Response | null {
  if (!isWebSocketUpgrade(request)) return upgradeRequired()
  if (!fromOwnPage(request)) {
    return new Response(MESSAGES.crossOriginRefused, {
      status: 403,
      headers: { 'cache-control': 'no-store' },
    })
  }
  return null
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
