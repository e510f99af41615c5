import { resolve } from 'node:path'
import { firstPartyScripts, islandChunks } from '../lib/js-bytes.ts'

const ROOT = resolve(import.meta.dirname, '../..')

/** First-party JS per page (gzip), the budget of ARCHITECTURE.md "Performance budget". */
export async function runJsBytesSuite(origin: string, paths: Array<string>): Promise<void> {
  // The storefront under test is the build in dist/: its manifest names each island's chunks.
  const islands = islandChunks(ROOT)
  console.log(
    '\nFirst-party JS per page once its islands hydrate (gzip -9, through static imports)'
  )
  for (const path of paths) {
    const page = await firstPartyScripts(origin, path, islands)
    const kb = (page.totalGzipBytes / 1024).toFixed(1)
    console.log(`${path.padEnd(40)}${`${kb} KB`.padStart(12)}  in ${page.files.length} file(s)`)
    for (const file of page.files) {
      console.log(
        `  ${file.url.padEnd(50)}${`${(file.gzipBytes / 1024).toFixed(1)} KB`.padStart(10)}`
      )
    }
  }
}
