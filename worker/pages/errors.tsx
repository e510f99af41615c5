import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ErrorPage } from '../../client/pages/ErrorPage.tsx'
import type { ShopLocale } from '../../schemas/locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import type { AppEnv } from '../env.ts'
import { answerRetryAfter, errorEnvelopeResponse, toAppError } from '../lib/error-response.ts'
import { AppError } from '../lib/errors.ts'
import { logError } from '../lib/log.ts'
import { STORE_API_PREFIX } from '../lib/store-console-paths.ts'
import { oldSlugRedirect } from './catalogue/old-slug-redirect.ts'
import { renderPage, requestBrand, requestLocale } from './shared/render.tsx'
import { localiseMessage } from '../../schemas/message-catalogue.ts'
import { storeSearchBox } from './catalogue/store-search-box.ts'
import { isConsolePage, renderConsoleError } from './store/console-error.tsx'

/** The shop's proxy and the console's: their errors are the JSON envelope, not a page. */
function isApiPath(path: string): boolean {
  return ['/api', STORE_API_PREFIX].some((api) => path === api || path.startsWith(`${api}/`))
}

/** An API error in the brand's language for its shoppers; the console's islands' stay English. */
function apiErrorLocale(c: Context<AppEnv>): ShopLocale | undefined {
  const path = c.req.path
  const staff = path === STORE_API_PREFIX || path.startsWith(`${STORE_API_PREFIX}/`)
  return staff ? undefined : requestLocale(c)
}

/** What the error page says for a failure: spec §2 wording for 404s, the AppError's otherwise. */
export function errorPageContent(error: AppError | null): {
  status: ContentfulStatusCode
  title: string
  message: string
} {
  if (!error) {
    return { status: 500, title: MESSAGES.pageSomethingWentWrong, message: MESSAGES.systemError }
  }
  if (error.code === 'unknown_brand') {
    return { status: 404, title: MESSAGES.unknownSiteTitle, message: error.message }
  }
  if (error.code === 'service_unavailable') {
    return { status: 503, title: MESSAGES.databaseUnavailableTitle, message: error.message }
  }
  if (error.status === 404) {
    // 'Store not found', 'Product not found'… name what is missing; anything else is the page.
    const specific = error.message !== MESSAGES.pageNotFound && error.code === 'not_found'
    return {
      status: 404,
      title: specific ? error.message : MESSAGES.pageNotFound,
      message: MESSAGES.pageNotFoundText,
    }
  }
  return {
    status: error.status as ContentfulStatusCode,
    title: error.status >= 500 ? MESSAGES.pageSomethingWentWrong : MESSAGES.pageThatDidNotWork,
    // A backend's 429 may carry any text (spec §7): the page says it in our words.
    message: error.code === 'rate_limited' ? MESSAGES.tooManyRequests : error.message,
  }
}

/** Renders the error page for a status, title and message; a plain page if even that fails. */
export async function renderErrorPage(
  c: Context<AppEnv>,
  english: { status: ContentfulStatusCode; title: string; message: string }
): Promise<Response> {
  const brand = requestBrand(c)
  // Thrown in English, the catalogue's source: said in the brand's language here (ADR 049).
  const shop = requestLocale(c)
  const content = {
    status: english.status,
    title: localiseMessage(shop, english.title),
    message: localiseMessage(shop, english.message),
  }
  try {
    return await renderPage(
      c,
      (chrome) => (
        <ErrorPage
          chrome={chrome}
          status={content.status}
          title={content.title}
          message={content.message}
          search={brand ? storeSearchBox(brand) : null}
        />
      ),
      {
        meta: { title: content.title, description: content.message, noindex: true },
        cache: 'private',
        status: content.status,
      }
    )
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'error page failed' })
    return c.text(`${content.status} ${content.title}`, content.status)
  }
}

/**
 * The app's onError: the JSON error envelope under /api, the console's error page under /store
 * (an operator stays in the console, issue 35 item 10), the error page everywhere else. An
 * unexpected error is logged with the request id and shown as the 500 page, never its stack. A
 * rate limit is the 429 page with Retry-After and the store search box (e.g. a store search or a
 * store page while the shopper is over the limit).
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (isApiPath(c.req.path)) {
    return errorEnvelopeResponse(error, c.var.requestId, apiErrorLocale(c))
  }
  const appError = toAppError(error)
  if (!appError) {
    logError(error, { requestId: c.var.requestId, path: c.req.path })
  }
  answerRetryAfter(c, appError)
  if (isConsolePage(c.req.path)) return renderConsoleError(c, errorPageContent(appError))
  if (appError?.status === 404 && appError.code === 'not_found') {
    // A store, category or item that is gone may have an old-slug redirect to where it went.
    return oldSlugRedirect(c).then(
      (redirect) => redirect ?? renderErrorPage(c, errorPageContent(appError))
    )
  }
  return renderErrorPage(c, errorPageContent(appError))
}

/**
 * The app's notFound: the envelope under /api; elsewhere the redirect of an old slug
 * (seo_redirects), else the 404 page of spec §2.
 */
export const handleNotFound: NotFoundHandler<AppEnv> = async (c) => {
  const notFound = new AppError('not_found', MESSAGES.pageNotFound)
  if (isApiPath(c.req.path)) {
    return errorEnvelopeResponse(notFound, c.var.requestId, apiErrorLocale(c))
  }
  if (isConsolePage(c.req.path)) return renderConsoleError(c, errorPageContent(notFound))
  return (await oldSlugRedirect(c)) ?? renderErrorPage(c, errorPageContent(notFound))
}
