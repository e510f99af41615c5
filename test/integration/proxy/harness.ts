import { Hono } from 'hono'
import { backend } from '../../../worker/local-backend.ts'

/** What the echo backend saw of one forwarded call. */
export interface SeenRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: unknown
}

/**
 * A backend that resolves brands with the real one and answers every other call by echoing what
 * it received, so tests see exactly what the proxy sent.
 */
export function echoBackend() {
  const seen: Array<SeenRequest> = []
  const app = new Hono<{ Bindings: Env }>()
  app.get('/brands/resolve', (c) => backend.fetch(c.req.raw, c.env))
  app.all('*', async (c) => {
    const contentType = c.req.header('content-type') ?? ''
    let body: unknown
    if (contentType.startsWith('multipart/form-data')) {
      const form = await c.req.raw.formData()
      body = Object.fromEntries(
        [...form].map(([key, value]) => [
          key,
          typeof value === 'string' ? value : `file:${value.name}`,
        ])
      )
    } else {
      const text = await c.req.text()
      body = contentType.startsWith('application/json') ? JSON.parse(text) : text
    }
    const request: SeenRequest = {
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers: Object.fromEntries(c.req.raw.headers),
      body,
    }
    seen.push(request)
    return c.json({ echoed: true })
  })
  return { app, seen }
}
