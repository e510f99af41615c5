import { chromium, type Page } from '@playwright/test'
import { DEV_HOST } from '../../scripts/demo-data/tenancy.ts'
import { expect, test } from './fixtures.ts'
import { urlOn } from './helpers.ts'

// Lighthouse's SEO category must score 100 on each kind of public page. It runs on the demo's
// 'dev' host, which serves robots.txt and sitemaps as production does (local hosts ask crawlers
// to stay away, which Lighthouse rightly marks down). Lighthouse drives its own tab of a Chromium
// Playwright starts with a remote-debugging port.

const DEBUGGING_PORT = 9533

// Search result pages are noindex on purpose (worker/pages/catalogue/search.tsx: internal search results
// are for shoppers, not search indexes), which Lighthouse counts against them: every other audit
// must pass there.
const INTENDED_FAILURES: Readonly<Record<string, ReadonlyArray<string>>> = {
  search: ['is-crawlable'],
}
const STORE = '/stores/manchester-piccadilly'

interface LighthouseAudit {
  id: string
  title: string
  score: number | null
  scoreDisplayMode: string
  displayValue?: string
}

interface LighthouseResult {
  lhr: { categories: { seo?: { score: number | null } }; audits: Record<string, LighthouseAudit> }
}

type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: Array<string> }
) => Promise<LighthouseResult | undefined>

/** The first link on a page whose path matches, as a path (the catalogue's slugs vary by seed). */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(urlOn(DEV_HOST, path))
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  const href = hrefs.find((candidate) => pattern.test(candidate))
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy()
  return href ?? '/'
}

test.describe('Lighthouse SEO', () => {
  test('scores 100 on every kind of public page', async ({ page }) => {
    test.setTimeout(240_000)
    const category = await firstLink(page, STORE, /^\/stores\/[^/]+\/category\/[^/]+$/)
    const item = await firstLink(page, category, /^\/stores\/[^/]+\/category\/[^/]+\/[^/]+$/)
    const deal = await firstLink(page, STORE, /^\/stores\/[^/]+\/deal\/[^/]+$/)
    await page.goto(urlOn(DEV_HOST, '/stores-near-by/m11ae'))
    const results = new URL(page.url()).pathname
    const pages: Array<[kind: string, path: string]> = [
      ['home', '/'],
      ['results', results],
      ['store', STORE],
      ['category', category],
      ['item', item],
      ['deal', deal],
      ['search', `${STORE}/search/milk`],
      ['faqs', '/faqs'],
      ['terms', '/terms'],
      ['privacy', '/privacy-policy'],
      ['cookies', '/cookie-policy'],
      ['about', '/about-us'],
      ['contact', '/contact'],
      ['town', '/grocery-delivery/manchester'],
      ['district', '/grocery-delivery/m1'],
    ]
    const { default: lighthouse } = (await import('lighthouse')) as unknown as {
      default: Lighthouse
    }
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [`--remote-debugging-port=${DEBUGGING_PORT}`, '--no-sandbox', '--disable-gpu'],
    })
    const failures: Array<string> = []
    try {
      for (const [kind, path] of pages) {
        const result = await lighthouse(urlOn(DEV_HOST, path), {
          port: DEBUGGING_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['seo'],
        })
        const score = result?.lhr.categories.seo?.score ?? 0
        const intended = INTENDED_FAILURES[kind] ?? []
        const failing = Object.values(result?.lhr.audits ?? {})
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              audit.scoreDisplayMode === 'binary' &&
              !intended.includes(audit.id)
          )
          .map(
            (audit) =>
              `${audit.id} (${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''})`
          )
        if (failing.length === 0 && (score === 1 || intended.length > 0)) continue
        failures.push(`${kind} ${path}: ${Math.round(score * 100)} – ${failing.join('; ')}`)
      }
    } finally {
      await browser.close()
    }
    if (failures.length > 0) console.log(`Lighthouse SEO below 100:\n${failures.join('\n')}`)
    expect(failures).toEqual([])
  })
})
