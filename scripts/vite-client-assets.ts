import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

export const CLIENT_OUT_DIR = 'dist/client'
export const CLIENT_ENTRY = 'client/entry.tsx'
export const CLIENT_STYLES = 'client/styles.css'
const ASSETS_MODULE_ID = 'virtual:client-assets'

interface ManifestChunk {
  file: string
  css?: Array<string>
  imports?: Array<string>
  dynamicImports?: Array<string>
  isEntry?: boolean
  isDynamicEntry?: boolean
  src?: string
}

/**
 * Tells the worker where the client's island loader, island chunks and stylesheet live: the Vite dev
 * server's source paths while developing, the hashed files of the client build's manifest after it.
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
          styles: [`/${CLIENT_STYLES}`],
          islands: {},
        })}`
      }
      const manifestPath = resolve(CLIENT_OUT_DIR, '.vite/manifest.json')
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
      const entry = manifest[CLIENT_ENTRY]
      const styles = manifest[CLIENT_STYLES]
      if (!entry || !styles) throw new Error(`client manifest lacks ${CLIENT_ENTRY} or ${CLIENT_STYLES}`)
      const islands: Record<string, Array<string>> = {}
      for (const [src, chunk] of Object.entries(manifest)) {
        const match = /^client\/islands\/([A-Za-z0-9]+)\.tsx$/.exec(src)
        if (!match?.[1]) continue
        const files = [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file ?? '')]
        islands[match[1]] = files.filter(Boolean).map((file) => `/${file}`)
      }
      return `export const CLIENT_ASSETS = ${JSON.stringify({
        dev: false,
        loader: `/${entry.file}`,
        styles: (styles.css ?? [styles.file]).map((file) => `/${file}`),
        islands,
      })}`
    },
  }
}
