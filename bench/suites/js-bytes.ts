import { firstPartyScripts } from '../lib/js-bytes.ts'

/** First-party JS per page (gzip), the budget of ARCHITECTURE.md "Performance budget". */
export async function runJsBytesSuite(origin: string, paths: Array<string>): Promise<void> {
  console.log('\nFirst-party JS per page (gzip -9, followed through static imports)')
  for (const path of paths) {
    const page = await firstPartyScripts(origin, path)
    const kb = (page.totalGzipBytes / 1024).toFixed(1)
    console.log(`${path.padEnd(40)}${`${kb} KB`.padStart(12)}  in ${page.files.length} file(s)`)
    for (const file of page.files) {
      console.log(
        `  ${file.url.padEnd(50)}${`${(file.gzipBytes / 1024).toFixed(1)} KB`.padStart(10)}`
      )
    }
  }
}
