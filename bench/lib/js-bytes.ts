import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface PageScripts {
  path: string
  files: Array<{ url: string; bytes: number; gzipBytes: number }>
  totalGzipBytes: number
}

const ISLAND = /\bdata-island="([A-Za-z0-9]+)"/g
/** React's half of the island loader, imported with the first island that hydrates. */
const HYDRATOR_SRC = 'client/lib/hydrate-island.ts'

/** The chunks the loader imports to hydrate a page's islands, by island name (ADR 032). */
export type IslandChunks = Record<string, Array<string>>

/**
 * Reads the client build's manifest: for each island, its own chunk and React's (the hydrator),
 * as the loader imports them; their static imports are followed like any script's.
 */
export function islandChunks(root: string): IslandChunks {
  const manifest = JSON.parse(
    readFileSync(resolve(root, 'dist/client/.vite/manifest.json'), 'utf8')
  ) as Record<string, { file: string }>
  const hydrator = manifest[HYDRATOR_SRC]?.file
  const chunks: IslandChunks = {}
  for (const [src, chunk] of Object.entries(manifest)) {
    const name = /^client\/islands\/([A-Za-z0-9]+)\.tsx$/.exec(src)?.[1]
    if (name) chunks[name] = [`/${chunk.file}`, ...(hydrator ? [`/${hydrator}`] : [])]
  }
  return chunks
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
const STATIC_IMPORT = /(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g

/**
 * First-party JavaScript a page makes the browser download by the time its islands have all
 * hydrated: the scripts and module preloads in its HTML, the chunks the loader imports for the
 * islands on it (`islands`, from the build's manifest), all followed through their static imports
 * (gzip level 9 sizes). `init` carries a shopper's cookies; a page that redirects elsewhere
 * throws, so a figure is always the page's own.
 */
export async function firstPartyScripts(
  origin: string,
  path: string,
  islands: IslandChunks = {},
  init: RequestInit = {}
): Promise<PageScripts> {
  const response = await fetch(new URL(path, origin), { ...init, redirect: 'manual' })
  if (response.status >= 300 && response.status < 400) {
    throw new Error(`${path} redirects to ${response.headers.get('location') ?? '?'}`)
  }
  const html = await response.text()
  const islandUrls = [...html.matchAll(ISLAND)].flatMap((match) => islands[match[1] ?? ''] ?? [])
  const queue = [
    ...[...html.matchAll(SCRIPT_SRC), ...html.matchAll(MODULE_PRELOAD)].map(
      (match) => match[1] ?? ''
    ),
    ...islandUrls,
  ]
    .map((href) => new URL(href, new URL(path, origin)))
    .filter((url) => url.origin === origin)
  const seen = new Set<string>()
  const files: PageScripts['files'] = []
  while (queue.length > 0) {
    const url = queue.shift()
    if (!url || seen.has(url.href)) continue
    seen.add(url.href)
    const body = Buffer.from(await (await fetch(url)).arrayBuffer())
    files.push({
      url: url.pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    })
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) {
      const next = new URL(match[1] ?? '', url)
      if (next.origin === origin) queue.push(next)
    }
  }
  return { path, files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) }
}
