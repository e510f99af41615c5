import type { Locator } from '@playwright/test'
import { catalogueItemsCsv, csvRowNumber } from '../support/catalogue-csv.ts'
import { expect, test } from './pages/index.ts'
import { CheckoutPages } from './pages/checkout.ts'
import { StorePages, storeSearch } from './pages/store.ts'
import { consoleUrl, staffBrowser } from './pages/store-console.ts'
import { expectNoAxeViolations, screenshots, uniqueEmail, uniqueSuffix, urlOn } from './helpers.ts'
import { pngUpload, solidPng } from './png.ts'
import { escapeRegExp } from '../../schemas/regex-escape.ts'

/*
 * The operator console's whole journey (ADR 027): an operator rolls out a fourth brand on a new
 * host, opens a store with hours and a delivery zone, imports a 200-item catalogue file (a dry run
 * with three bad rows first, which lists exactly those and writes nothing), sets a deal and a
 * banner; then a shopper on the new host finds the store by postcode, sees the brand's colours
 * and the banner, and pays for an imported item.
 */

// Plymouth: the store sits at the district's centre, which the local geocoder places the
// searched postcode at too.
const POSTCODE = 'PL1 2AA'
const PRIMARY = '#7c2d12'

/** A field by its label as the operator reads it (optional fields add ' (optional)'). */
function field(scope: Locator, label: string): Locator {
  const words = escapeRegExp(label)
  return scope.getByLabel(new RegExp(`^${words}( \\(optional\\))?$`))
}

const csvUpload = (csv: string) => ({
  name: 'items.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(csv),
})

test('an operator rolls out a brand, a store, a catalogue and promotions; a shopper buys there', async ({
  browser,
  page,
  payment,
}) => {
  test.setTimeout(300_000)
  const run = uniqueSuffix()
  const host = `fourth-${run}.localhost`
  const brandName = `Quayside Pantry ${run}`
  const storeName = `Quayside ${run}`
  const storeSlug = `quayside-${run}`
  const prefix = `quay-${run}`
  const bannerTitle = `Quay week ${run}`
  const operator = await staffBrowser(browser, 'operator')
  const console = operator.page
  const main = operator.main()

  // 1. The brand: colours, a logo, a .localhost domain (active at once), then live.
  await console.goto(consoleUrl('/operator/brands'))
  await console.getByRole('link', { name: 'Add a brand' }).click()
  await main.getByLabel('Name', { exact: true }).fill(brandName)
  await main.getByLabel('Slug').fill(`quayside-${run}`)
  await main.getByLabel('Tagline').fill('The harbour’s own grocer')
  await main.getByLabel('Primary', { exact: true }).fill(PRIMARY)
  await main.getByLabel('Primary text').fill('#ffffff')
  await main.getByRole('button', { name: 'Create brand' }).click()
  await expect(console.getByText('The brand has been created.')).toBeVisible()
  await main
    .getByLabel('Choose a logo')
    .setInputFiles(pngUpload('logo.png', solidPng(160, 40, [124, 45, 18])))
  await main.getByRole('button', { name: 'Upload logo' }).click()
  await expect(main.getByRole('img', { name: `Current logo of ${brandName}` })).toBeVisible()
  await main.getByLabel('Add a domain').fill(host)
  await main.getByLabel('Environment').selectOption('local')
  await main.getByRole('button', { name: 'Add domain' }).click()
  await expect(main.getByRole('row', { name: new RegExp(host) })).toContainText('Active')
  await console.getByRole('button', { name: 'Go live' }).click()
  await expect(console.getByText('The brand is live').first()).toBeVisible()

  // 2. The store: address (coordinates from the geocoder), hours every day, a delivery zone,
  // cash accepted and a week of slots ahead.
  await console.goto(consoleUrl('/operator/stores'))
  await console.getByRole('link', { name: 'Add a store' }).click()
  await main.getByLabel('Name').fill(storeName)
  await main.getByLabel('Web address').fill(storeSlug)
  await main.getByLabel('Phone').fill('01752 000 000')
  await main.getByLabel('Address line 1', { exact: true }).fill('1 Quay Road')
  await main.getByLabel('Town or city').fill('Plymouth')
  await main.getByLabel('Postcode').fill(POSTCODE)
  await main.getByRole('button', { name: 'Find the coordinates of the postcode' }).click()
  await expect(main.getByLabel('Latitude')).toHaveValue(/^50\.3/)
  await main.getByRole('button', { name: 'Add the store' }).click()
  await expect(console.getByRole('heading', { level: 1 })).toHaveText(`${storeName}: opening hours`)
  // Delivery and collection without hours of their own follow the store's.
  const monday = main.getByRole('group', { name: 'Monday' })
  await monday.getByLabel('Opens (range 1)').fill('00:00')
  await monday.getByLabel('Closes (range 1)').fill('23:59')
  await main.getByRole('button', { name: 'Copy Monday to every day' }).click()
  await main.getByRole('button', { name: 'Save store hours' }).click()
  await expect(console.getByText('Your changes have been saved.')).toBeVisible()
  await main.getByRole('link', { name: 'Delivery zones' }).click()
  const zone = main.getByRole('group', { name: 'Add a zone' })
  await zone.getByLabel('A postcode district').check()
  await zone.getByRole('textbox', { name: /^Postcode district/ }).fill('PL1')
  await zone.getByRole('textbox', { name: /^Delivery fee/ }).fill('2.50')
  await zone.getByRole('button', { name: 'Add the zone' }).click()
  await expect(main.getByRole('group', { name: 'District PL1' })).toBeVisible()
  await main.getByRole('link', { name: 'Delivery and collection' }).click()
  await main.getByRole('checkbox', { name: 'Cash' }).check()
  await field(main, 'Days in advance').fill('7')
  await main.getByRole('button', { name: 'Save delivery and collection' }).click()
  await expect(console.getByText('Your changes have been saved.')).toBeVisible()

  // 3. The catalogue: 200 items; three bad rows first are listed exactly and nothing is written.
  await console.goto(consoleUrl('/operator/catalogue'))
  const badRows = { 4: 'price', 57: 'category', 120: 'duplicate' } as const
  await main
    .getByLabel('CSV file')
    .setInputFiles(csvUpload(catalogueItemsCsv({ count: 200, prefix, badRows })))
  await main.getByRole('button', { name: 'Check the file' }).click()
  await expect(console.getByText('3 problems in 200 rows')).toBeVisible()
  const report = main.getByRole('table').filter({ hasText: 'Row' }).first()
  const reported = report.getByRole('row').filter({ has: console.getByRole('cell') })
  await expect(reported).toHaveCount(3)
  await expect(reported.nth(0).getByRole('cell').first()).toHaveText(String(csvRowNumber(4)))
  await expect(reported.nth(1).getByRole('cell').first()).toHaveText(String(csvRowNumber(57)))
  await expect(reported.nth(2).getByRole('cell').first()).toHaveText(String(csvRowNumber(120)))
  await expect(main.getByRole('button', { name: 'Apply the import' })).toHaveCount(0)
  await screenshots(console, 'journey-import-report')
  // Nothing was written: the item is not in the shop. (The browser resolves *.localhost names;
  // Node's request API does not.)
  const notYet = await page.goto(urlOn(host, `/stores/${storeSlug}/category/bakery/${prefix}-1`))
  expect(notYet?.status()).toBe(404)

  await main.getByRole('link', { name: 'Check another file' }).click()
  await main
    .getByLabel('CSV file')
    .setInputFiles(csvUpload(catalogueItemsCsv({ count: 200, prefix })))
  await main.getByRole('button', { name: 'Check the file' }).click()
  await expect(console.getByText('No problems in 200 rows. Nothing has changed yet.')).toBeVisible()
  await main.getByRole('button', { name: 'Apply the import' }).click()
  await expect(console.getByText('The file has been imported.')).toBeVisible()

  // 4. A deal on two of the imported items and a banner for the new brand's store.
  await console.goto(consoleUrl('/operator/promotions'))
  await console.getByRole('link', { name: 'Add a deal' }).click()
  await field(main, 'Name').fill(`Any 2 quay bakes for £3 ${run}`)
  await field(main, 'Kind of deal').selectOption('multibuy')
  await field(main, 'How many items (multibuy)').fill('2')
  await field(main, 'Deal price in £ (multibuy or meal deal)').fill('3.00')
  await field(main.getByRole('group', { name: 'Items in the deal' }), 'Items').fill(
    `${prefix}-7\n${prefix}-8\n${prefix}-9`
  )
  await main.getByRole('button', { name: 'Save deal' }).click()
  await expect(console.getByText('The deal has been saved.')).toBeVisible()
  await console.getByRole('link', { name: 'Add a banner' }).click()
  await field(main, 'Title').fill(bannerTitle)
  await field(main, 'Subtitle').fill('Fresh bakes every morning')
  await field(main, 'Picture').setInputFiles(
    pngUpload('quay-week.png', solidPng(1200, 400, [124, 45, 18]))
  )
  await field(main, 'Links to').selectOption({ label: 'Nothing' })
  await field(main, 'Brand').selectOption({ label: brandName })
  await field(main, 'Store').selectOption({ label: storeName })
  await main.getByRole('button', { name: 'Save banner' }).click()
  await expect(console.getByText('The banner has been saved.')).toBeVisible()

  // Every step is in the audit log, newest first.
  await console.goto(consoleUrl('/operator/audit'))
  const changes = main.getByRole('list', { name: 'Changes' }).getByRole('listitem')
  await expect(changes.first()).toContainText(bannerTitle)
  await expectNoAxeViolations(console)
  await screenshots(console, 'journey-audit-log')
  await operator.context.close()

  // 5. The shopper on the new host: the brand, the store by postcode, the banner, an item paid for.
  await storeSearch(page, host).byPostcode(POSTCODE)
  await expect(page).toHaveTitle(new RegExp(brandName))
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim()
  )
  expect(primary).toBe(PRIMARY)
  const found = page.getByRole('article').filter({ hasText: storeName })
  await expect(found.getByText(`Delivers to ${POSTCODE}`)).toBeVisible()
  await found
    .getByRole('link', { name: new RegExp(storeName) })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/stores/${storeSlug}`))
  await expect(
    page
      .getByRole('list', { name: 'Offers' })
      .getByAltText(`${bannerTitle}: Fresh bakes every morning`)
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'journey-shopper-store', { top: true })

  const store = new StorePages(page, storeSlug, host)
  await store.addItem(`/category/bakery/${prefix}-7`)
  await store.reserveSlot('collection')
  await new CheckoutPages(page, host).asGuestToPayment({ email: uniqueEmail('quayside') })
  await payment.payByCash()
  const orderNumber = await payment.expectOrderPlaced()
  expect(orderNumber).toMatch(/\S+/)
  await screenshots(page, 'journey-order-placed')
})
