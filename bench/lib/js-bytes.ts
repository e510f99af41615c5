import { gzipSync } from 'node:zlib'

export interface PageScripts {
  path: string
  files: Array<{ url: string; bytes: number; gzipBytes: number }>
  totalGzipBytes: number
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
const STATIC_IMPORT = /(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/g

/**
 * First-party JavaScript a page makes the browser download before it is interactive: the scripts
 * and module preloads in its HTML, followed through their static imports (gzip level 9 sizes).
 */
export async function firstPartyScripts(origin: string, path: string): Promise<PageScripts> {
  const html = await (await fetch(new URL(path, origin))).text()
  const queue = [...html.matchAll(SCRIPT_SRC), ...html.matchAll(MODULE_PRELOAD)]
    .map((match) => new URL(match[1] ?? '', new URL(path, origin)))
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
