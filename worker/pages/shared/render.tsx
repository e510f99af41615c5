import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ReactElement } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { CLIENT_ASSETS } from 'virtual:client-assets'
import { Document } from '../../../client/components/Document.tsx'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { RenderContext } from '../../../client/components/render-context.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { ENGLISH_TEXTS, PageTextsContext, type PageTexts } from '../../../client/lib/page-text.ts'
import { pageTextsOf } from './page-texts.ts'
import { localiseMessage } from '../../../schemas/message-catalogue.ts'
import { GB_LOCALE, shopLocaleOf, type ShopLocale } from '../../../schemas/locale.ts'
import type { Brand } from '../../../schemas/brand.ts'
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'
import { takeFlash } from '../../lib/cookies/flash.ts'
import { isSignedIn } from './session.ts'
import { nowMs } from '../../lib/clock.ts'
import { loadSiteContent } from './site-content.ts'
import { fetchSeoMetadata, withSeoMetadata, type PageHead } from './seo-metadata.ts'
import type { SiteContent } from '../../../client/lib/site-content.ts'
import type { SeoMetadata } from '../../../schemas/seo.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'

/** Whether a page may be cached by browsers and the edge, or is personal to the shopper. */
export type CachePolicy = 'public' | 'private'

// Crawlers and link unfurlers get the whole document at once instead of a stream.
const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|headlesschrome\/.*pagespeed/i

/** Whether the user agent is a crawler or previewer (which gets the fully rendered page). */
export function isBot(userAgent: string | undefined): boolean {
  return userAgent ? BOT_USER_AGENT.test(userAgent) : false
}

/** The brand the request resolved to, or null when brand resolution failed (error pages). */
export function requestBrand(c: Context<AppEnv>): Brand | null {
  const brand: Brand | undefined = c.get('brand')
  return brand ?? null
}

/** The locale the request's brand formats with (ADR 045); the UK's without a brand. */
export function requestLocale(c: Context<AppEnv>): ShopLocale {
  return shopLocaleOf(requestBrand(c) ?? {})
}

/**
 * How a handler says the words it writes itself (a page's title and description, a crumb, a
 * heading it hands a component) in the brand's language, as the page's components say theirs:
 * `requestSay(c)(MESSAGES.metaTitleAt, item.name, store.name)`.
 */
export function requestSay(c: Context<AppEnv>): PageTexts['say'] {
  return pageTextsOf(requestLocale(c)).say
}

/** The absolute canonical URL of a path: on the brand's canonical host when it has one. */
export function canonicalUrl(c: Context<AppEnv>, path: string): string {
  const url = new URL(c.req.url)
  const brand = requestBrand(c)
  const origin = brand?.canonicalHost ? `https://${brand.canonicalHost}` : url.origin
  return `${origin}${path}`
}

/**
 * What every page knows about the request: brand, sign-in state, path and a pending flash. A
 * staff page's flash stays English (ADR 072).
 */
export function pageChrome(c: Context<AppEnv>, staff = false): PageChrome {
  const flash = takeFlash(c)
  return {
    brand: requestBrand(c),
    signedIn: isSignedIn(c),
    currentPath: c.req.path,
    // Flashed in English by whatever redirected; said in the brand's language here (ADR 049).
    flash: flash
      ? staff
        ? flash.message
        : localiseMessage(requestLocale(c), flash.message)
      : null,
    ...(flash ? { flashTone: flash.tone } : {}),
  }
}

type ChromeLookups = Promise<{ content: SiteContent; metadata: SeoMetadata | null }>

// Per request (the context is the request's): the lookups a public page started early.
const earlyChrome = new WeakMap<Context<AppEnv>, ChromeLookups>()

/**
 * Starts a public page's chrome lookups (the brand's content blocks and the operator's head for
 * the path) before the page's own data, so the page waits for both at once instead of one after
 * the other. Neither lookup throws (each falls back to the defaults); renderPage takes them.
 *
 * @example startPublicChrome(c); const store = await findStore(c)
 */
export function startPublicChrome(c: Context<AppEnv>): void {
  if (earlyChrome.has(c)) return
  earlyChrome.set(
    c,
    Promise.all([loadSiteContent(c), fetchSeoMetadata(c)]).then(([content, metadata]) => ({
      content,
      metadata,
    }))
  )
}

/** The language of every staff page's words, whatever the host's brand speaks (ADR 072). */
const STAFF_LANGUAGE = GB_LOCALE.locale

export interface RenderOptions {
  meta: PageHead
  cache: CachePolicy
  status?: ContentfulStatusCode
  /** Read the brand's header/footer blocks (default); the store console shows none. */
  siteContent?: boolean
  /**
   * A staff page (the consoles, their sign-in and invitation): its words English on every host,
   * its money, numbers and dates the business's (ADR 072).
   */
  staff?: boolean
}

/**
 * Streams a page: status and headers are fixed first, then React renders the document into the
 * response with renderToReadableStream. Bots wait for the whole document (`allReady`). A page is
 * public-cacheable only when nothing personal went into it (no session, no flash message).
 */
export async function renderPage(
  c: Context<AppEnv>,
  render: (chrome: PageChrome) => ReactElement,
  options: RenderOptions
): Promise<Response> {
  const nonce = c.var.nonce
  // A failing backend made this page: the content call would only wait for it too.
  const wantsContent = options.siteContent !== false && (options.status ?? 200) < 500
  const early = earlyChrome.get(c)
  // Both are cached lookups that do not depend on each other: one wait, not two.
  const [content, metadata] = await Promise.all([
    wantsContent ? (early?.then((found) => found.content) ?? loadSiteContent(c)) : null,
    // Public pages take the operator's title, description, noindex and canonical (ADR 024).
    options.cache === 'public'
      ? (early?.then((found) => found.metadata) ?? fetchSeoMetadata(c))
      : null,
  ])
  const chrome = { ...pageChrome(c, options.staff), ...(content ? { content } : {}) }
  const brand = chrome.brand
  const shop = shopLocaleOf(brand ?? {})
  const personal = chrome.signedIn || chrome.flash !== null
  const head = withSeoMetadata(options.meta, metadata, c.req.url)
  const { canonicalPath, ...meta } = head
  const stream = await renderToReadableStream(
    <RenderContext
      value={{ nonce, assets: CLIENT_ASSETS, nextIslandId: createIslandIds(), now: nowMs(c.env) }}
    >
      <ShopLocaleContext value={shop}>
        <PageTextsContext value={options.staff ? ENGLISH_TEXTS : pageTextsOf(shop)}>
          <Document
            meta={{ ...meta, canonicalUrl: canonicalUrl(c, canonicalPath ?? c.req.path) }}
            brand={brand}
            nonce={nonce}
            styles={CLIENT_ASSETS.styles}
            fonts={CLIENT_ASSETS.fonts}
            {...(options.staff ? { wordsIn: STAFF_LANGUAGE } : {})}
          >
            {render(chrome)}
          </Document>
        </PageTextsContext>
      </ShopLocaleContext>
    </RenderContext>,
    {
      // Scripts and the style elements React hoists (e.g. item badges) carry the CSP nonce.
      nonce: { script: nonce, style: nonce },
      onError(error) {
        // Errors in the shell also reject renderToReadableStream and reach the app's onError.
        logError(error, { requestId: c.var.requestId })
        c.set('renderFailed', true)
      },
    }
  )
  if (isBot(c.req.header('user-agent'))) await stream.allReady
  c.header('Content-Type', 'text/html; charset=UTF-8')
  c.header(
    'Cache-Control',
    options.cache === 'public' && !personal ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL
  )
  // Sign-in state and flash cookies change what a public page shows.
  if (options.cache === 'public') c.header('Vary', 'Cookie')
  return c.body(stream, options.status ?? 200)
}
