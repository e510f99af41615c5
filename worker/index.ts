import { Hono } from 'hono'
import { backend } from './local-backend.ts'
import type { AppEnv } from './env.ts'
import { appSessionVersion } from './middleware/app-session-version.ts'
import { authSession } from './middleware/auth-session.ts'
import { backendClient } from './middleware/backend-client.ts'
import { brand } from './middleware/brand.ts'
import { privateByDefault } from './middleware/private-by-default.ts'
import { dropUnreadBody } from './lib/request-body.ts'
import { requestId } from './lib/request-id.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { handleError, handleNotFound } from './pages/errors.tsx'
import { pages } from './pages/index.tsx'
import { proxy } from './proxy/index.ts'
import { sandboxGateway } from './sandbox-gateway/index.ts'
import { scheduled } from './scheduled.ts'

/** The storefront worker: composition only. Static assets are answered before this runs. */
const app = new Hono<AppEnv>()

app.use(requestId())
// Outermost after the request id: it sees every answer last, cookies and error pages included.
app.use(privateByDefault())
app.use(dropUnreadBody())
app.use(securityHeaders())
app.use(backendClient(backend))
app.use(brand())
app.use(appSessionVersion())
app.use(authSession())
app.route('/api', proxy)
app.route('/sandbox-gateway', sandboxGateway)
app.route('/', pages)
app.notFound(handleNotFound)
app.onError(handleError)

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>
