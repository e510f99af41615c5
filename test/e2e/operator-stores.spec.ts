import { expect, test } from './fixtures.ts'
import { consoleUrl, staffBrowser } from './pages/store-console.ts'
import {
  expectNoAxeViolations,
  HOSTS,
  screenshots,
  uniqueSuffix,
  urlOn,
  waitForIsland,
} from './helpers.ts'

// Penzance: far from every demo store, so the new store is the nearest one there.
const POSTCODE = 'TR18 2AA'

test('an operator adds a store with hours and a delivery zone, and shoppers find it', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000)
  const operator = await staffBrowser(browser, 'operator')
  const console = operator.page
  await console.goto(consoleUrl('/operator/stores'))
  await expect(console.getByRole('heading', { level: 1 })).toHaveText('Stores')
  await expect(console.getByRole('link', { name: 'Stores', exact: true })).toHaveAttribute(
    'aria-current',
    'page'
  )
  await expectNoAxeViolations(console)

  await console.getByRole('link', { name: 'Add a store' }).click()
  await expect(console.getByRole('heading', { level: 1 })).toHaveText('Add a store')
  const main = operator.main()
  await main.getByLabel('Name').fill('Penzance Harbour')
  await main.getByLabel('Web address').fill(`penzance-harbour-${uniqueSuffix()}`)
  await main.getByLabel('Phone').fill('01736 000 000')
  await main.getByLabel('Address line 1', { exact: true }).fill('1 Wharf Road')
  await main.getByLabel('Town or city').fill('Penzance')
  await main.getByLabel('Postcode').fill(POSTCODE)
  await main.getByRole('button', { name: 'Find the coordinates of the postcode' }).click()
  // Only the district is known locally: the page says so and fills the point in to adjust.
  await expect(main.getByText('Only the postcode district is known')).toBeVisible()
  await expect(main.getByLabel('Latitude')).toHaveValue(/^50\.1/)
  await expectNoAxeViolations(console)
  await screenshots(console, 'operator-store-form')

  // Enter in a field saves the store (not the coordinates button, which comes first).
  await main.getByLabel('Name').press('Enter')
  await expect(
    console.getByText('The store has been added. Give it opening hours to open it.')
  ).toBeVisible()
  await expect(console.getByRole('heading', { level: 1 })).toHaveText(
    'Penzance Harbour: opening hours'
  )
  const monday = main.getByRole('group', { name: 'Monday' })
  await monday.getByLabel('Opens (range 1)').fill('00:00')
  await monday.getByLabel('Closes (range 1)').fill('23:59')
  await main.getByRole('button', { name: 'Copy Monday to every day' }).click()
  await expect(
    main.getByRole('group', { name: 'Sunday' }).getByLabel('Closes (range 1)')
  ).toHaveValue('23:59')
  await expectNoAxeViolations(console)
  await screenshots(console, 'operator-store-hours')
  await main.getByRole('button', { name: 'Save store hours' }).click()
  await expect(console.getByText('Your changes have been saved.')).toBeVisible()

  await main.getByRole('link', { name: 'Delivery zones' }).click()
  const add = main.getByRole('group', { name: 'Add a zone' })
  await add.getByLabel('A postcode district').check()
  await add.getByRole('textbox', { name: /^Postcode district/ }).fill('TR18')
  await add.getByRole('textbox', { name: /^Delivery fee/ }).fill('1.99')
  await add.getByRole('button', { name: 'Add the zone' }).click()
  await expect(main.getByRole('group', { name: 'District TR18' })).toBeVisible()
  await expectNoAxeViolations(console)

  await main.getByRole('link', { name: 'Delivery and collection' }).click()
  await main.getByRole('textbox', { name: /^Service fee/ }).fill('0.50')
  await main.getByRole('button', { name: 'Save delivery and collection' }).click()
  await expect(console.getByText('Your changes have been saved.')).toBeVisible()
  await expect(main.getByRole('textbox', { name: /^Service fee/ })).toHaveValue('0.50')
  await expectNoAxeViolations(console)

  await main.getByRole('link', { name: 'Closures' }).click()
  await expect(main.getByText('No closures are planned.')).toBeVisible()
  await expectNoAxeViolations(console)

  await main.getByRole('link', { name: 'Details' }).click()
  await expect(main.getByText(/Open now, by its opening hours/)).toBeVisible()
  await expect(main.getByRole('button', { name: 'Close the store now' })).toBeVisible()
  await expectNoAxeViolations(console)

  await console.goto(consoleUrl('/operator/stores'))
  await expect(main.getByRole('row', { name: /Penzance Harbour/ })).toContainText('Open now')
  await screenshots(console, 'operator-stores-list')
  await operator.context.close()

  // The shopper's postcode search finds it, open, delivering there.
  await page.goto(urlOn(HOSTS.brandOne, '/'))
  await waitForIsland(page, 'PostcodeSearch')
  const input = page
    .getByRole('search', { name: 'Find stores near you' })
    .getByLabel('Enter your postcode')
  await input.fill(POSTCODE)
  await input.press('Enter')
  await page.waitForURL((url) => url.pathname.startsWith('/stores-near-by/'))
  const first = page.getByRole('article').first()
  await expect(first.getByRole('heading')).toHaveText('Penzance Harbour')
  await expect(first.getByText(/^Open until/)).toBeVisible()
  await expect(first.getByText(`Delivers to ${POSTCODE}`)).toBeVisible()
})
