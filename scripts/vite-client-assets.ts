import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

export const CLIENT_OUT_DIR = 'dist/client'
export const CLIENT_ENTRY = 'client/entry.tsx'
export const CLIENT_HEADER_BASKET = 'client/header-basket.ts'
export const CLIENT_STYLES = 'client/styles.css'
const ASSETS_MODULE_ID = 'virtual:client-assets'

interface ManifestChunk {
  file: string
  css?: Array<string>
  /** What a stylesheet's url()s became: the brand faces' hashed woff2 files. */
  assets?: Array<string>
  imports?: Array<string>
  dynamicImports?: Array<string>
  isEntry?: boolean
  isDynamicEntry?: boolean
  src?: string
}

/**
 * Tells the worker where the client's island loader, header basket script and stylesheet live: the
 * Vite dev server's source paths while developing, the hashed files of the client build's manifest
 * after it. The islands' chunks are not listed: the loader imports them when it hydrates (ADR 032).
 * The client is built before the worker (see builder.buildApp) so the manifest exists by then.
 */
export function clientAssets(): Plugin {
  const resolvedId = `\0${ASSETS_MODULE_ID}`
  let command: 'build' | 'serve' = 'serve'
  return {
    name: 'storefront:client-assets',
    configResolved(config) {
      command = config.command
    },
    resolveId(id) {
      return id === ASSETS_MODULE_ID ? resolvedId : undefined
    },
    load(id) {
      if (id !== resolvedId) return undefined
      if (command === 'serve') {
        return `export const CLIENT_ASSETS = ${JSON.stringify({
          dev: true,
          loader: `/${CLIENT_ENTRY}`,
          headerBasket: [`/${CLIENT_HEADER_BASKET}`],
          styles: [`/${CLIENT_STYLES}`],
          // No preload while developing: the faces load from the stylesheet as it asks for them.
          fonts: {},
        })}`
      }
      const manifestPath = resolve(CLIENT_OUT_DIR, '.vite/manifest.json')
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
        string,
        ManifestChunk
      >
      const entry = manifest[CLIENT_ENTRY]
      const styles = manifest[CLIENT_STYLES]
      const headerBasket = manifest[CLIENT_HEADER_BASKET]
      if (!entry || !styles || !headerBasket) {
        throw new Error(
          `client manifest lacks ${CLIENT_ENTRY}, ${CLIENT_HEADER_BASKET} or ${CLIENT_STYLES}`
        )
      }
      // Every chunk a module needs before it runs: itself and its static imports, transitively.
      const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(key)) return seen
        seen.add(key)
        for (const child of manifest[key]?.imports ?? []) staticClosure(child, seen)
        return seen
      }
      return `export const CLIENT_ASSETS = ${JSON.stringify({
        dev: false,
        loader: `/${entry.file}`,
        headerBasket: [...staticClosure(CLIENT_HEADER_BASKET)].map(
          (key) => `/${manifest[key]?.file ?? ''}`
        ),
        styles: (styles.css ?? [styles.file]).map((file) => `/${file}`),
        fonts: fontFiles(styles.assets ?? []),
      })}`
    },
  }
}

/**
 * The stylesheet's font files by their stem (`outfit-latin-wght-normal` →
 * `/assets/outfit-latin-wght-normal-<hash>.woff2`): what the document preloads for a brand's face.
 */
export function fontFiles(assets: ReadonlyArray<string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const file of assets) {
    // Vite names an asset <stem>-<8-character hash>.<ext>.
    const match = /^assets\/(.+)-[\w-]{8}\.woff2$/.exec(file)
    if (match?.[1]) out[match[1]] = `/${file}`
  }
  return out
}
