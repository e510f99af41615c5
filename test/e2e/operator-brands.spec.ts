import { expect, joinClock, test } from './fixtures.ts'
import { consoleUrl, DEMO_STAFF, StoreConsole } from './pages/store-console.ts'
import { expectNoAxeViolations, screenshots, uniqueSuffix, urlOn } from './helpers.ts'
import { solidPng } from './png.ts'

test('an operator creates a brand, uploads its logo, attaches a .localhost domain, previews it and takes it live', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const suffix = uniqueSuffix()
  const host = `harbour-${suffix}.localhost`
  const operator = new StoreConsole(page, context)
  await page.goto(consoleUrl('/sign-in'))
  await operator.enterPassword(DEMO_STAFF.operator.email, DEMO_STAFF.operator.password)
  await operator.enterCode(DEMO_STAFF.operator.email)

  await page.goto(consoleUrl('/operator/brands'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brands')
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Add a brand' }).click()

  const main = operator.main()
  await main.getByLabel('Name', { exact: true }).fill('Harbour Foods')
  await main.getByLabel('Slug').fill(`harbour-${suffix}`)
  await main.getByLabel('Tagline').fill('Fresh from the quay')
  await main.getByLabel('Primary', { exact: true }).fill('#0b3d91')
  // Grey text on the blue primary: refused, naming the pair and its ratio.
  await main.getByLabel('Primary text').fill('#6b7280')
  await main.getByRole('radio', { name: /Classical serif/ }).check()
  await main.getByRole('button', { name: 'Create brand' }).click()
  await expect(page.getByRole('alert').first()).toBeFocused()
  await expect(
    main.getByText('Primary text on primary is 2:1; it must be at least 4.5:1.')
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-brand-form')

  await main.getByLabel('Primary text').fill('#ffffff')
  await main.getByRole('button', { name: 'Create brand' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour Foods')
  await expect(page.getByText('The brand has been created.')).toBeVisible()

  await main.getByLabel('Choose a logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(160, 40, [11, 61, 145]),
  })
  await main.getByRole('button', { name: 'Upload logo' }).click()
  await expect(main.getByRole('img', { name: 'Current logo of Harbour Foods' })).toBeVisible()

  await main.getByLabel('Add a domain').fill(host)
  await main.getByLabel('Environment').selectOption('local')
  await main.getByRole('button', { name: 'Add domain' }).click()
  await expect(page.getByText('The domain has been added.')).toBeVisible()
  await expect(main.getByRole('row', { name: new RegExp(host) })).toContainText('Active')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-brand-page')
  // On a phone only the tables scroll sideways: the page is as wide as the screen (a table's
  // visually hidden labels are positioned inside it, not against the page).
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  await page.setViewportSize({ width: 1280, height: 800 })

  // Not live yet: the domain does not serve shoppers.
  const shopper = await context.browser()?.newContext()
  const shop = await shopper?.newPage()
  if (!shop) throw new Error('no shopper page')
  await joinClock(shop)
  const closed = await shop.goto(urlOn(host, '/'))
  expect(closed?.status()).toBe(404)

  await main.getByRole('link', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preview of Harbour Foods')
  const preview = page.locator('[data-preview]')
  await expect(preview.getByText('Fresh from the quay')).toBeVisible()
  // The header's navigation says it too: the hero's button is the last.
  await expect(preview.getByText('Find a store').last()).toHaveCSS(
    'background-color',
    'rgb(11, 61, 145)'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-brand-preview')

  await page.getByRole('link', { name: 'Back to the brand' }).click()
  await page.getByRole('button', { name: 'Go live' }).click()
  await expect(page.getByText('The brand is live').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Take offline' })).toBeVisible()

  // A shopper on the new domain sees the brand: its name and its colour.
  await shop.goto(urlOn(host, '/'))
  await expect(shop).toHaveTitle(/Harbour Foods/)
  const primary = await shop.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()
  )
  expect(primary).toBe('#0b3d91')
  await expectNoAxeViolations(shop)
  await screenshots(shop, 'operator-brand-live-shop')
  await shopper?.close()
})
