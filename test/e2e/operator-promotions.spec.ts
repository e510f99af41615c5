import { request, type Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { consoleUrl, staffBrowser } from './pages/store-console.ts'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueSuffix, urlOn } from './helpers.ts'
import { solidPng } from './png.ts'
import { escapeRegExp } from '../../schemas/regex-escape.ts'

const STORE_NAME = 'Manchester Piccadilly'

/** A form field by its label as the operator reads it (optional fields add ' (optional)'). */
function field(scope: Locator, label: string): Locator {
  const words = escapeRegExp(label)
  return scope.getByLabel(new RegExp(`^${words}( \\(optional\\))?$`))
}

const STORE_SLUG = 'manchester-piccadilly'

test('an operator sets a multibuy deal and a banner for a store, and the shop shows both', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000)
  const operator = await staffBrowser(browser, 'operator')
  const console = operator.page
  const run = uniqueSuffix()
  const dealName = `Any 3 crisps for £4 ${run}`
  const bannerTitle = `Crisp week ${run}`

  // An anonymous shopper's store page is kept whole in the edge page cache (ADR 042) before the
  // change, so the shop showing the change below is the purge at work, not a first render.
  const storePage = urlOn(HOSTS.brandOne, `/stores/${STORE_SLUG}`)
  const guest = await request.newContext()
  await guest.get(storePage)
  const kept = await guest.get(storePage)
  expect(kept.headers()['x-cache']).toMatch(/hit|stale/)
  expect(await kept.text()).not.toContain(bannerTitle)

  await console.goto(consoleUrl('/operator/promotions'))
  await expect(console.getByRole('heading', { level: 1 })).toHaveText('Promotions')
  await expectNoAxeViolations(console)

  // The deal: any 3 sharing crisps for £4.00, the whole crisps category.
  await console.getByRole('link', { name: 'Add a deal' }).click()
  await expect(console.getByRole('heading', { level: 1 })).toHaveText('Add a deal')
  const deal = console.getByRole('main')
  await field(deal, 'Name').fill(dealName)
  await field(deal, 'Kind of deal').selectOption('multibuy')
  await field(deal, 'How many items (multibuy)').fill('3')
  await field(deal, 'Deal price in £ (multibuy or meal deal)').fill('4.00')
  await field(
    deal.getByRole('group', { name: 'Items in the deal' }),
    'Add every item of a category'
  ).selectOption({ label: 'Snacks & Sweets › Crisps & Snacks' })
  await expectNoAxeViolations(console)
  await screenshots(console, 'operator-deal-form')
  await deal.getByRole('button', { name: 'Save deal' }).click()
  await expect(console.getByText('The deal has been saved.')).toBeVisible()
  await expect(console.getByRole('link', { name: dealName })).toBeVisible()

  // A refused banner keeps what was typed and says what is wrong, at the field.
  await console.getByRole('link', { name: 'Add a banner' }).click()
  const banner = console.getByRole('main')
  await field(banner, 'Title').fill(bannerTitle)
  await banner.getByRole('button', { name: 'Save banner' }).click()
  await expect(console.getByRole('alert')).toBeFocused()
  await expect(field(banner, 'Title')).toHaveValue(bannerTitle)
  await expect(banner.getByText('Upload a banner image')).toBeVisible()

  // The banner: for the Piccadilly store's home page, with its picture.
  await field(banner, 'Picture').setInputFiles({
    name: 'crisp-week.png',
    mimeType: 'image/png',
    buffer: solidPng(1200, 400, [31, 122, 77]),
  })
  await field(banner, 'Subtitle').fill('Any 3 sharing bags for £4')
  await field(banner, 'Links to').selectOption({ label: 'Nothing' })
  await field(banner, 'Store').selectOption({ label: STORE_NAME })
  await expectNoAxeViolations(console)
  await screenshots(console, 'operator-banner-form')
  await banner.getByRole('button', { name: 'Save banner' }).click()
  await expect(console.getByText('The banner has been saved.')).toBeVisible()
  await expect(console.getByRole('link', { name: bannerTitle })).toBeVisible()
  await screenshots(console, 'operator-promotions-list')

  // The purge shows at once: the kept page is not served again, the next one is rendered anew.
  const changed = await guest.get(storePage)
  expect(changed.headers()['x-cache']).toBe('miss')
  expect(await changed.text()).toContain(bannerTitle)
  await guest.dispose()

  // The shop's store page: the banner at the top, the deal among the store's deals.
  await page.goto(storePage)
  await expect(
    page
      .getByRole('list', { name: 'Offers' })
      .getByAltText(`${bannerTitle}: Any 3 sharing bags for £4`)
  ).toBeVisible()
  const deals = page.getByRole('list', { name: 'Deals at this store' })
  await expect(deals.getByText(dealName)).toBeVisible()
  await expect(deals.getByText('3 for £4.00').first()).toBeVisible()
  await operator.context.close()
})
