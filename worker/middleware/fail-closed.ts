import { createMiddleware } from 'hono/factory'
import { MESSAGES } from '../../schemas/messages.ts'
import { configurationRefusal } from '../lib/configuration-refusal.ts'

// A page with nothing of the shop in it: no brand, script or style is read from a configuration
// that is refused, and no search engine should keep it.
const PAGE = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${MESSAGES.shopUnavailable}</title></head>
<body><main><h1>${MESSAGES.shopUnavailable}</h1></main></body>
</html>
`

/**
 * Fails closed (ADR 036): in staging and production a Worker configured with a local or sandbox
 * provider, a placeholder or a missing or weak secret answers every request with a plain 503 and
 * logs one line naming each problem, so no page is ever served on sandbox payments or sign-in.
 * Development and test always pass (worker/lib/deployment-config.ts). Registered first after the
 * request id, before anything reads a binding.
 *
 * @example app.use(failClosed())
 */
export function failClosed() {
  return createMiddleware<{ Bindings: Env; Variables: { requestId: string } }>(async (c, next) => {
    const refusal = configurationRefusal(c.env)
    if (refusal === null) return next()
    console.error(JSON.stringify({ ...refusal, requestId: c.var.requestId, path: c.req.path }))
    return c.html(PAGE, 503, { 'Cache-Control': 'no-store', 'Retry-After': '300' })
  })
}
