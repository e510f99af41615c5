// `npm run bench:lighthouse`: builds for production, serves the demo data the way the e2e does
// (scripts/lib/preview-server.ts; E2E_PORT picks the port), runs Lighthouse's mobile profile
// (default simulated throttling) on each catalogue page LIGHTHOUSE_RUNS times (3 by default) and
// prints the medians beside the page's first-party JS (gzip). Like `npm run bench` it is not a test.
import { chromium } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ROOT, startPreviewServer } from '../scripts/lib/preview-server.ts'
import { firstPartyScripts, islandChunks } from './lib/js-bytes.ts'
import {
  type LighthouseRun,
  type LighthouseResult,
  median,
  readRun,
  STORE_PATH,
} from './lib/lighthouse-run.ts'

const DEBUGGING_PORT = Number(process.env.LIGHTHOUSE_DEBUGGING_PORT ?? 9563)
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
// LIGHTHOUSE_PAGES=home,item measures only those; LIGHTHOUSE_SAVE_DIR keeps each run's full report.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim())
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR
const MAX_RETRIES = 3

type Lighthouse = (
  url: string,
  flags: {
    port: number
    output: 'json'
    logLevel: 'error'
    onlyCategories: Array<string>
  }
) => Promise<LighthouseResult | undefined>

/** The first link in a page's HTML whose path matches (the catalogue's slugs vary by seed). */
async function firstLink(origin: string, path: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(new URL(path, origin))).text()
  for (const match of html.matchAll(/\bhref="([^"]+)"/g)) {
    if (pattern.test(match[1] ?? '')) return match[1] ?? ''
  }
  throw new Error(`no link matching ${pattern} on ${path}`)
}

async function catalogueTargets(origin: string): Promise<Array<[kind: string, path: string]>> {
  const results = await fetch(new URL('/stores-near-by/m11ae', origin))
  const category = await firstLink(origin, STORE_PATH, /^\/stores\/[^/]+\/category\/[^/]+$/)
  const item = await firstLink(origin, category, /^\/stores\/[^/]+\/category\/[^/]+\/[^/]+$/)
  return [
    ['home', '/'],
    ['results', new URL(results.url).pathname],
    ['store', STORE_PATH],
    ['category', category],
    ['item', item],
    ['faqs', '/faqs'],
  ]
}

function row(cells: Array<string | number>, widths: Array<number>): string {
  return cells.map((cell, i) => String(cell).padStart(widths[i] ?? 8)).join('')
}

async function main(): Promise<void> {
  const server = await startPreviewServer()
  const origin = `http://localhost:${server.port}`
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      `--remote-debugging-port=${DEBUGGING_PORT}`,
      '--no-sandbox',
      '--disable-gpu',
      '--headless',
    ],
  })
  try {
    const { default: lighthouse } = (await import('lighthouse')) as unknown as {
      default: Lighthouse
    }
    const targets = await catalogueTargets(origin)
    const islands = islandChunks(ROOT)
    const widths = [10, 6, 6, 9, 9, 7, 7, 10, 11]
    const lines = [
      row(['page', 'perf', 'a11y', 'LCP ms', 'FCP ms', 'TBT', 'CLS', 'JS gzip', 'JS seen'], widths),
    ]
    const notes: Array<string> = []
    for (const [kind, path] of targets) {
      if (PAGES && !PAGES.includes(kind)) continue
      const runs: Array<LighthouseRun> = []
      // A run Lighthouse could not trace (NO_NAVSTART now and then on a loaded machine) is run again.
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + MAX_RETRIES; attempt++) {
        const result = await lighthouse(new URL(path, origin).href, {
          port: DEBUGGING_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        })
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true })
          writeFileSync(
            resolve(SAVE_DIR, `${kind}-${attempt + 1}.json`),
            JSON.stringify(result.lhr)
          )
        }
        if (result.lhr.runtimeError) {
          console.log(`${kind}: run failed (${result.lhr.runtimeError.code}), running again`)
          continue
        }
        runs.push(readRun(result))
      }
      const scripts = await firstPartyScripts(origin, path, islands)
      const pick = (metric: (run: LighthouseRun) => number) => median(runs.map(metric))
      lines.push(
        row(
          [
            kind,
            pick((run) => run.performance),
            pick((run) => run.accessibility),
            Math.round(pick((run) => run.lcpMs)),
            Math.round(pick((run) => run.fcpMs)),
            Math.round(pick((run) => run.tbtMs)),
            pick((run) => run.cls).toFixed(3),
            `${(scripts.totalGzipBytes / 1024).toFixed(1)} KB`,
            `${(pick((run) => run.scriptTransferBytes) / 1024).toFixed(1)} KB`,
          ],
          widths
        )
      )
      const last = runs.at(-1)
      if (last) {
        notes.push(`${kind} ${path}`, ...last.notes.map((note) => `  ${note}`))
        notes.push(...scripts.files.map((file) => `  js ${file.url} ${file.gzipBytes} B gzip`))
      }
    }
    console.log(
      `\nLighthouse mobile (simulated throttling), median of ${RUNS}; JS gzip = first-party` +
        ` scripts once the islands hydrate, through static imports (gzip -9), JS seen = script bytes` +
        ` transferred during the Lighthouse run (as served)\n`
    )
    console.log(lines.join('\n'))
    console.log(`\n${notes.join('\n')}`)
  } finally {
    await browser.close()
    await server.stop()
  }
}

await main()
