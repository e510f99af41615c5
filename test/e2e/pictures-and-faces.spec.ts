import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn } from './helpers.ts'

const STORE_PATH = '/stores/manchester-piccadilly'

/** Every item picture on the page: its URL and whether it drew. */
async function pictures(page: Page) {
  return page.locator('article img').evaluateAll((images) =>
    images.map((img) => {
      const image = img as HTMLImageElement
      return {
        src: image.getAttribute('src') ?? '',
        drawn: image.complete && image.naturalWidth > 0,
      }
    })
  )
}

/** The page's cumulative layout shift so far (not counting shifts after input). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          let total = 0
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) total += entry.value
          }
          resolve(total)
        }).observe({ type: 'layout-shift', buffered: true })
        // No entry at all is no shift: the observer then never calls back.
        setTimeout(() => resolve(0), 500)
      })
  )
}

// Each demo brand's own face (schemas/brand-fonts.ts): preloaded, then drawn.
const BRANDS = [
  {
    name: 'corner-fresh',
    host: HOSTS.brandOne,
    face: 'Nunito',
    file: /\/assets\/nunito-latin-wght-normal-[\w-]+\.woff2$/,
  },
  {
    name: 'northside-market',
    host: HOSTS.brandTwo,
    face: 'Outfit',
    file: /\/assets\/outfit-latin-wght-normal-[\w-]+\.woff2$/,
  },
] as const

test.describe('the look of the shop', () => {
  for (const brand of BRANDS) {
    test(`${brand.name}: packshots per item and the brand's own face`, async ({ page }) => {
      await page.goto(urlOn(brand.host, STORE_PATH))
      await page.getByRole('list', { name: 'Departments' }).getByRole('link').first().click()
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
      // The stylesheet too: the face is chosen there.
      await page.waitForLoadState('load')

      const preload = page.locator('link[rel="preload"][as="font"]')
      await expect(preload).toHaveCount(1)
      expect(await preload.getAttribute('href')).toMatch(brand.file)
      expect(await preload.getAttribute('crossorigin')).toBe('anonymous')
      // The page's text is set in the face, and the face loads from our own origin.
      const face = await page.evaluate(async (family) => {
        const loaded = await document.fonts.load(`16px "${family}"`)
        return {
          body: getComputedStyle(document.body).fontFamily.split(',')[0]?.replace(/"/g, ''),
          loaded: loaded.map((f) => f.family.replace(/"/g, '')),
        }
      }, brand.face)
      expect(face.body).toBe(brand.face)
      expect(face.loaded).toContain(brand.face)
      // The face swapped in over its size-adjusted fallback, and the pictures kept their boxes:
      // the swap re-sets a line of text in place, scored 0.0001–0.0003, under Lighthouse's 0.001.
      expect(await layoutShift(page)).toBeLessThan(0.001)

      // Scroll through so the lazy pictures load, then check they all drew and differ.
      await page.locator('article img').last().scrollIntoViewIfNeeded()
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('article img')].every((i) => i.complete)
      )
      const shots = await pictures(page)
      expect(shots.length).toBeGreaterThan(4)
      for (const shot of shots) {
        expect(shot.src).toMatch(/^\/images\/packshot\/v2\/[a-z]+\.svg\?/)
        expect(shot.drawn, shot.src).toBe(true)
      }
      expect(new Set(shots.map((s) => s.src)).size).toBe(shots.length)
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoAxeViolations(page)
      await screenshots(page, `packshots-category-${brand.name}`, { top: true })

      const firstItem = page.locator('article h3 a').first()
      const name = (await firstItem.textContent()) ?? ''
      await firstItem.click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      const main = page.locator('main img[src^="/images/packshot/"]').first()
      await expect(main).toBeVisible()
      expect(await main.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
        0
      )
      await expectNoAxeViolations(page)
      await screenshots(page, `packshots-item-${brand.name}`, { top: true })
    })
  }
})

// Issue 35 "The look": chives and thyme were green apples, strawberries and cherries red apples,
// milk an orange medicine bottle and iceberg lettuce a tree.
const DRAWN_AS_ITSELF = [
  { category: 'fresh-fruit?page=2', items: { Strawberries: 'strawberry', Cherries: 'cherries' } },
  {
    category: 'salad-herbs',
    items: { 'Fresh chives': 'herb', 'Fresh thyme': 'herb', 'Little gem lettuce': 'leafy-green' },
  },
  { category: 'milk', items: { 'Whole milk': 'glass-of-milk', 'Skimmed milk': 'glass-of-milk' } },
] as const

test('fruit, herbs, salad and milk are each drawn as what they are', async ({ page }) => {
  for (const { category, items } of DRAWN_AS_ITSELF) {
    await page.goto(urlOn(HOSTS.brandOne, `${STORE_PATH}/category/${category}`))
    for (const [name, icon] of Object.entries(items)) {
      const picture = page
        .locator('article')
        .filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) })
        .first()
        .locator('img')
      await expect(picture).toHaveAttribute('src', new RegExp(`[?&]i=${icon}(&|$)`))
      // Pictures below the fold load lazily: bring it into view, then it must have drawn.
      await picture.scrollIntoViewIfNeeded()
      await expect
        .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await screenshots(page, `packshots-drawn-${category.replace(/\?.*/, '')}`, { top: true })
  }
})
