import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { CookieFacts } from '../../../client/components/CookieTable.tsx'
import { ContentPage } from '../../../client/pages/ContentPage.tsx'
import { formatDate, GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { SeoPageSchema, type SeoPage } from '../../../schemas/seo.ts'
import type { AppEnv } from '../../env.ts'
import { renderMarkdown } from '../../lib/markdown.ts'
import type { PageHandler } from '../shared/guards.ts'
import { renderPage, requestLocale } from '../shared/render.tsx'

/**
 * '2026-11-25T08:00:00Z' → '25 November 2026' (UK time), as the page's "Last updated": in the
 * shop's language and time zone ('25 november 2026' in Utrecht).
 */
export function updatedLabel(iso: string, shop: ShopLocale = GB_LOCALE): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return formatDate(date, shop)
}

/** The brand's content page of a slug (the brand's own row wins); 404 'Page Not Found' if none. */
export function fetchSeoPage(c: Context<AppEnv>, slug: string): Promise<SeoPage> {
  const brand = c.var.brand
  return c.var.backend.get('/seo/page', {
    query: { businessId: brand.businessId, brandId: brand.id, slug },
    schema: SeoPageSchema,
    cache: true,
  })
}

/**
 * A route that shows the content page of one slug: heading, the Markdown body made safe by
 * renderMarkdown (the one way Markdown becomes HTML) and the date it last changed. `extra`
 * renders after the text (the cookie policy's cookie table).
 */
export function contentPage(slug: string, extra?: () => ReactNode): PageHandler {
  return async (c) => {
    const page = await fetchSeoPage(c, slug)
    return renderPage(
      c,
      (chrome) => (
        <ContentPage
          chrome={chrome}
          heading={page.heading}
          html={renderMarkdown(page.body)}
          updated={updatedLabel(page.updatedAt, requestLocale(c))}
        >
          {extra?.()}
        </ContentPage>
      ),
      {
        meta: {
          title: page.title,
          description: page.metaDescription ?? page.heading,
          noindex: page.noindex,
        },
        cache: 'public',
      }
    )
  }
}

/** The cookie policy: its text, then the table of every cookie the site sets (ADR 023). */
export const cookiePolicyPage = contentPage('cookie-policy', () => <CookieFacts />)
