import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ConsoleErrorPage } from '../../../client/components/store-console/ConsoleErrorPage.tsx'
import type { AppEnv } from '../../env.ts'
import { STORE_CONSOLE_PATH } from '../../lib/cookies/cookies.ts'
import { logError } from '../../lib/log.ts'
import { OPERATOR_PATHS } from '../../lib/operator-paths.ts'
import { pathnameOf, safePath } from '../../lib/redirect.ts'
import { STORE_API_PREFIX, STORE_PATHS } from '../../lib/store-console-paths.ts'
import { renderConsole } from './render.tsx'

function under(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`)
}

/**
 * Whether a failed request's page is the store console's (ADR 018): /store and below, except its
 * islands' proxy (/store/api), which answers the JSON envelope like /api.
 */
export function isConsolePage(path: string): boolean {
  return under(path, STORE_CONSOLE_PATH) && !under(path, STORE_API_PREFIX)
}

/**
 * The console's error page (issue 35 item 10): the status, title and message the shop's error
 * page would give, in the console's frame, with a link back to the console page that posted
 * (the Referer, when it is one) and to the console's home. Never cached (renderConsole).
 */
export async function renderConsoleError(
  c: Context<AppEnv>,
  content: { status: ContentfulStatusCode; title: string; message: string }
): Promise<Response> {
  const operator = under(c.req.path, OPERATOR_PATHS.home)
  const from = safePath(c.req.header('referer'), c.req.url)
  const back = from && isConsolePage(pathnameOf(from)) ? from : null
  try {
    return await renderConsole(
      c,
      content.title,
      (chrome) => (
        <ConsoleErrorPage
          chrome={chrome}
          links={{
            home: operator ? OPERATOR_PATHS.home : STORE_PATHS.home,
            signOut: STORE_PATHS.signOut,
            account: STORE_PATHS.account,
          }}
          consoleName={operator ? 'Operator console' : 'Store console'}
          title={content.title}
          message={content.message}
          back={back}
        />
      ),
      content.status
    )
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'console error page failed' })
    return c.text(`${content.status} ${content.title}`, content.status)
  }
}
