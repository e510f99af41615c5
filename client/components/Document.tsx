import type { PageMeta } from '../lib/page-meta.ts'
import type { ReactNode } from 'react'
import type { Brand } from '../../schemas/brand.ts'
import { shopLocaleOf } from '../../schemas/locale.ts'
import { localeAttributes } from '../lib/document-locale.ts'
import { brandFontPreload, brandThemeCss, letterFaviconDataUri } from '../lib/theme.ts'

/**
 * JSON for an inline `<script type="application/ld+json">`: escaping `<` (and the line separators
 * JavaScript parsers trip on) means no value can close the script element.
 */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export interface DocumentProps {
  meta: PageMeta
  brand: Brand | null
  nonce: string
  styles: Array<string>
  /** The built font files by stem (virtual:client-assets): the brand's face is preloaded. */
  fonts?: Record<string, string>
  /** The language of the page's words when not the brand's (a staff page's English, ADR 072). */
  wordsIn?: string
  children: ReactNode
}

/** The HTML document shell every page renders into (server only). */
export function Document({ meta, brand, nonce, styles, fonts, wordsIn, children }: DocumentProps) {
  const siteName = brand?.name ?? 'Storefront'
  const title = meta.title === siteName ? siteName : `${meta.title} | ${siteName}`
  const favicon = brand?.faviconUrl ?? letterFaviconDataUri(siteName, brand?.colors ?? null)
  const fontHref = brandFontPreload(brand?.font, fonts)
  return (
    <html {...localeAttributes(shopLocaleOf(brand ?? {}), wordsIn)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? (
          <meta name="robots" content={meta.nofollow ? 'noindex, nofollow' : 'noindex'} />
        ) : null}
        {meta.refreshSeconds ? (
          <meta httpEquiv="refresh" content={String(meta.refreshSeconds)} />
        ) : null}
        <link rel="canonical" href={meta.canonicalUrl} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={meta.canonicalUrl} />
        <meta property="og:locale" content={brand?.locale ?? 'en_GB'} />
        {meta.imageUrl ? <meta property="og:image" content={meta.imageUrl} /> : null}
        <meta name="twitter:card" content={meta.imageUrl ? 'summary_large_image' : 'summary'} />
        {brand ? <meta name="theme-color" content={brand.colors.primary} /> : null}
        <link rel="icon" href={favicon} />
        {fontHref ? (
          <link rel="preload" href={fontHref} as="font" type="font/woff2" crossOrigin="anonymous" />
        ) : null}
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {meta.jsonLd ? (
          <script
            type="application/ld+json"
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: serializeJsonLd(meta.jsonLd) }}
          />
        ) : null}
        <style
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: brandThemeCss(brand?.colors ?? null, brand?.font) }}
        />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">{children}</body>
    </html>
  )
}
