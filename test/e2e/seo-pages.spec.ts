import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, urlOn } from './helpers.ts'
import { StoreConsole } from './pages/store-console.ts'

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
    await expect(page).toHaveTitle('Grocery delivery in Manchester | Corner Fresh')
    await expect(page.getByRole('heading', { name: 'Our stores in Manchester' })).toBeVisible()
    const store = page.getByRole('link', { name: /Piccadilly/ }).first()
    await expect(store).toHaveAttribute('href', '/stores/manchester-piccadilly')
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-town-manchester', { top: true })
    await page.goto(urlOn(HOSTS.brandOne, '/grocery-delivery/m1'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Grocery delivery in M1' })
    ).toBeVisible()
    await expect(page).toHaveTitle('Grocery delivery in M1 | Corner Fresh')
    await expect(page.getByRole('heading', { name: 'Stores delivering to M1' })).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-district-m1', { top: true })
    // Local hosts serve no sitemaps (spec §2) and the dev server refuses other Host headers:
    // test/integration/seo/seo-pages.test.ts reads sitemap-pages.xml on the production host.
  })

  test("the cookie policy's table in the UK's words, and in Dutch on the Dutch brand", async ({
    page,
  }) => {
    await page.goto(urlOn(HOSTS.brandOne, '/cookie-policy'))
    await expect(page).toHaveTitle('Cookie policy | Corner Fresh')
    const uk = page.getByRole('region', { name: 'Cookies this site uses' })
    await expect(uk.getByRole('row', { name: /^sf_basket / })).toContainText(
      'Remembers your basket.30 days'
    )
    await expect(uk.getByRole('row', { name: /^sf_refresh / })).toContainText('Up to 30 days')
    await page.goto(urlOn('utrecht.localhost', '/cookie-policy'))
    await expect(page.getByText('Laatst bijgewerkt op 1 november 2026')).toBeVisible()
    const dutch = page.getByRole('region', { name: 'Cookies die deze site gebruikt' })
    await expect(dutch.getByRole('columnheader', { name: 'Bewaartermijn' })).toBeVisible()
    await expect(dutch.getByRole('row', { name: /^sf_basket / })).toContainText(
      'Onthoudt je mandje.30 dagen'
    )
    await expect(dutch.getByRole('row', { name: /^sf_refresh / })).toContainText('Tot 30 dagen')
    await expect(page.getByText('Betaalprovider voor kaarten')).toBeVisible()
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-cookies-utrecht', { top: true })
  })

  test("a Dutch town's landing page, written by its operator, in Dutch", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    const utrecht = 'utrecht.localhost'
    const operator = new StoreConsole(page, context, utrecht)
    const email = 'operator@domstad.test'
    // The staff sign-in is English like the console it opens, on the Dutch host too (ADR 072).
    await page.goto(urlOn(utrecht, '/store/sign-in'))
    const main = operator.main()
    await operator.enterPassword(email, 'domstad-demo-1')
    await operator.enterCode(email)
    await page.goto(urlOn(utrecht, '/store/operator/content/pages/new'))
    await main.getByLabel('Title', { exact: true }).fill('Boodschappen in Utrecht')
    await main.getByLabel('Address', { exact: true }).fill('grocery-delivery/utrecht')
    await main.getByLabel(/^Heading/).fill('Boodschappen bezorgd in Utrecht')
    await main.getByLabel(/^Description for search engines/).fill('Verse boodschappen in Utrecht.')
    await main.getByLabel(/^Text/).fill('Vers uit de buurt, bezorgd of klaar om af te halen.')
    await main.getByRole('button', { name: 'Save page' }).click()
    await expect(page).not.toHaveURL(/\/pages\/new$/)
    await page.goto(urlOn(utrecht, '/grocery-delivery/utrecht'))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Boodschappen bezorgd in Utrecht' })
    ).toBeVisible()
    await expect(page).toHaveTitle('Boodschappen bezorgd in Utrecht | Domstad Markt')
    await expect(page.getByRole('heading', { name: 'Onze winkels in Utrecht' })).toBeVisible()
    await expect(
      page.getByText('Bestel bij Domstad Markt om te laten bezorgen of af te halen.')
    ).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Oudegracht', exact: true })
    ).toHaveAttribute('href', '/stores/utrecht-oudegracht')
    await expectNoAxeViolations(page)
    await screenshots(page, 'seo-town-utrecht', { top: true })
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
