import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn } from './helpers.ts'

// Content and landing pages by slug (ADR 024): each brand's legal pages, a town's landing page
// and an old slug's redirect.

test.describe('SEO pages', () => {
  test("each brand's terms, privacy and cookie policies name the brand", async ({ page }) => {
    for (const [host, name] of [
      [HOSTS.brandOne, 'Corner Fresh'],
      [HOSTS.brandTwo, 'Northside Market'],
    ] as const) {
      for (const [path, heading] of [
        ['/terms', 'Terms and conditions'],
        ['/privacy-policy', 'Privacy policy'],
        ['/cookie-policy', 'Cookie policy'],
      ] as const) {
        await page.goto(urlOn(host, path))
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await expect(page.getByText('Last updated 1 November 2026')).toBeVisible()
        await expect(page.locator('.content-prose')).toContainText(name)
        await expectNoAxeViolations(page)
      }
    }
    await page.goto(urlOn(HOSTS.brandOne, '/terms'))
    await screenshots(page, 'seo-terms', { top: true })
    await page.goto(urlOn(HOSTS.brandTwo, '/privacy-policy'))
    await screenshots(page, 'seo-privacy-northside', { top: true })
  })

  test("a town's landing page lists its stores, linked, and so does a district's", async ({
    page,
  }) => {
    await page.goto(urlOn(HOSTS.brandOne, '/grocery-delivery/manchester'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grocery delivery in Manchester' })
    ).toBeVisible()
    const store = page.getByRole('link', { name: /Piccadilly/ }).first()
    await expect(store).toHaveAttribute('href', '/stores/manchester-piccadilly')
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-town-manchester', { top: true })
    await page.goto(urlOn(HOSTS.brandOne, '/grocery-delivery/m1'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grocery delivery in M1' })
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-district-m1', { top: true })
    // Local hosts serve no sitemaps (spec §2) and the dev server refuses other Host headers:
    // test/integration/seo/seo-pages.test.ts reads sitemap-pages.xml on the production host.
  })

  test('an old slug redirects 301 to the page that replaced it', async ({ page }) => {
    const answer = await page.request.get(urlOn(HOSTS.brandOne, '/terms-and-conditions'), {
      maxRedirects: 0,
    })
    expect(answer.status()).toBe(301)
    expect(answer.headers()['location']).toBe('/terms')
    await page.goto(urlOn(HOSTS.brandOne, '/help'))
    await expect(page).toHaveURL(/\/faqs$/)
  })
})
