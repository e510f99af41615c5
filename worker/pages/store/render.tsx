import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement } from 'react'
import type { ConsoleLinks } from '../../../client/components/store-console/ConsoleLayout.tsx'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'
import { STORE_PATHS } from '../../lib/store-console-paths.ts'

export const CONSOLE_LINKS: ConsoleLinks = {
  home: STORE_PATHS.home,
  signOut: STORE_PATHS.signOut,
  account: STORE_PATHS.account,
  findOrder: STORE_PATHS.findOrder,
}

/**
 * Renders a console page: never cached and kept out of search results (meta robots here; the
 * X-Robots-Tag header and the console's CSP come from storeConsoleHeaders). A staff page: its
 * words English on every brand's host, its money and dates the business's (ADR 072).
 */
export function renderConsole(
  c: Context<AppEnv>,
  title: string,
  render: (chrome: PageChrome) => ReactElement,
  status: ContentfulStatusCode = 200
): Promise<Response> {
  return renderPage(c, render, {
    meta: { title, description: 'Store console', noindex: true, nofollow: true },
    cache: 'private',
    status,
    siteContent: false,
    staff: true,
  })
}
