import { expect, test } from './pages/index.ts'
import { catalogueItemsCsv } from '../support/catalogue-csv.ts'
import { expectNoAxeViolations, HOSTS, SCREENSHOTS, screenshots, urlOn } from './helpers.ts'
import { consoleUrl, DEMO_STAFF, StoreConsole } from './pages/store-console.ts'
import { pngUpload, solidPng } from './png.ts'

const STORE = 'manchester-piccadilly'

/** The CSV as the file input takes it. */
const csvFile = (csv: string) => ({
  name: 'items.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(csv),
})

test('an operator checks a CSV with errors, fixes it, applies it and the item is in the shop', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  const console = new StoreConsole(page, context)
  await page.goto(consoleUrl('/operator/catalogue'))
  await console.enterPassword(DEMO_STAFF.operator.email, DEMO_STAFF.operator.password)
  await console.enterCode(DEMO_STAFF.operator.email)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalogue')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-catalogue')

  // A file with a bad price on its third row: the report names it, nothing changes.
  const main = console.main()
  await main
    .getByLabel('CSV file')
    .setInputFiles(
      csvFile(catalogueItemsCsv({ count: 3, prefix: 'e2e-fresh', badRows: { 1: 'price' } }))
    )
  await main.getByRole('button', { name: 'Check the file' }).click()
  await expect(page.getByText('1 problem in 3 rows')).toBeVisible()
  const problem = main.getByRole('row').filter({ hasText: '"£1.2x" is not a price' })
  await expect(problem.getByRole('cell').first()).toHaveText('3')
  await expect(main.getByRole('button', { name: 'Apply the import' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-catalogue-report')

  // Fixed: checked clean, then applied.
  await main.getByRole('link', { name: 'Check another file' }).click()
  await main
    .getByLabel('CSV file')
    .setInputFiles(csvFile(catalogueItemsCsv({ count: 3, prefix: 'e2e-fresh' })))
  await main.getByRole('button', { name: 'Check the file' }).click()
  await expect(page.getByText('No problems in 3 rows. Nothing has changed yet.')).toBeVisible()
  await expect(page.getByText('Would be created')).toBeVisible()
  await screenshots(page, 'operator-catalogue-clean')
  await main.getByRole('button', { name: 'Apply the import' }).click()
  await expect(page.getByText('The file has been imported.')).toBeVisible()

  // The shop shows the new item.
  await page.goto(urlOn(HOSTS.brandOne, `/stores/${STORE}/category/bakery/e2e-fresh-2`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('E2e fresh 2')

  // The store's quick edit: a price for this store only.
  await page.goto(consoleUrl('/operator/catalogue'))
  await main.getByRole('link', { name: 'Manchester Piccadilly' }).click()
  await main.getByLabel('Search items by name').fill('E2e fresh')
  await main.getByRole('button', { name: 'Search' }).click()
  await main.getByLabel('Price of E2e fresh 1', { exact: true }).fill('2.25')
  await main.getByRole('button', { name: 'Save these items' }).click()
  await expect(page.getByText('Your changes have been saved.')).toBeVisible()
  await expect(main.getByLabel('Price of E2e fresh 1', { exact: true })).toHaveValue('2.25')
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-quick-edit')

  // The item's own edit page (issue 41): a bad price is named at its field, nothing saved; then
  // the fixed price and an allergen are saved.
  await main.getByRole('link', { name: /^E2e fresh 1\b/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit: E2e fresh 1')
  await main.getByLabel('Price (£)', { exact: true }).fill('1.2x')
  await main.getByLabel('Description').fill('Baked this morning.')
  await main.getByRole('button', { name: 'Save the item' }).click()
  const priceError = '"1.2x" is not a price: write pounds and pence, like 1.20 or £1.20.'
  await expect(page.locator('#item-edit-error')).toContainText(priceError)
  await expect(main.getByLabel('Price (£)', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true'
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-item-edit-error')
  await main.getByLabel('Price (£)', { exact: true }).fill('1.35')
  await main.getByRole('group', { name: 'Contains' }).getByLabel('milk').check()
  // Imported without a VAT class, so standard-rated; bread is food (ADR 051).
  await expect(main.getByLabel('VAT class')).toHaveValue('standard')
  await main.getByLabel('VAT class').selectOption('zero')
  await main.getByRole('button', { name: 'Save the item' }).click()
  await expect(page.getByText('Your changes have been saved.')).toBeVisible()
  await expect(main.getByLabel('Price (£)', { exact: true })).toHaveValue('1.35')
  await expect(main.getByLabel('Description')).toHaveValue('Baked this morning.')
  await expect(main.getByRole('group', { name: 'Contains' }).getByLabel('milk')).toBeChecked()
  await expect(main.getByLabel('VAT class')).toHaveValue('zero')
  await screenshots(page, 'operator-item-edit')
  // The console's own width.
  const wide = page.viewportSize()
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.screenshot({ path: `${SCREENSHOTS}/operator-item-edit-1024.png`, fullPage: true })
  if (wide) await page.setViewportSize(wide)

  // The item's picture, resized for the shop.
  await main.getByRole('link', { name: 'Picture', exact: true }).click()
  await main
    .getByLabel('New picture')
    .setInputFiles(pngUpload('photo.png', solidPng(600, 400, [200, 200, 200])))
  await main.getByRole('button', { name: 'Upload the picture' }).click()
  await expect(page.getByText('The picture has been saved.')).toBeVisible()
  await expect(main.getByRole('img', { name: 'E2e fresh 1' })).toHaveAttribute(
    'src',
    /^\/media\/b1\/item\/[0-9a-f-]+\/mdpi_1x\.png$/
  )
  await expectNoAxeViolations(page)
  await screenshots(page, 'operator-item-picture')
})
