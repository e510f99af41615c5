import { expectNoAxeViolations, screenshots, VIEWPORTS } from './helpers.ts'
import { basketWithSlot, expect, test } from './pages/index.ts'

// The checkout's slim header (ADR 034's page chrome): the logo back to the basket, 'Secure
// checkout', the order (a <details> on phones) and the held slot's countdown; no site navigation.
test.describe('the slim checkout header', () => {
  test(
    'frames the details step at phone and desktop widths',
    { tag: '@dates' },
    async ({ page, checkout }) => {
      test.setTimeout(90_000)
      await page.setViewportSize(VIEWPORTS[0])
      await basketWithSlot(page)
      await checkout.open()
      await checkout.asGuest()
      const header = page.locator('header[data-checkout-header]')
      await expect(header.getByRole('link', { name: /back to your basket$/ })).toHaveAttribute(
        'href',
        '/basket'
      )
      await expect(header.getByText('Secure checkout')).toBeVisible()
      await expect(header.getByTestId('slot-countdown')).toContainText(
        /Slot held for \d{1,2}:\d{2}/
      )
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
      await expect(page.getByRole('contentinfo').getByRole('link')).toHaveText([
        'Terms & conditions',
        'Privacy policy',
        'Cookie policy',
      ])

      // Phone: the order is one line until opened; opened, it lists the cheddar (3 of them).
      const summary = header.locator('details summary')
      await expect(summary).toHaveText(/Order summary \(3 items · £\d+\.\d{2}\)/)
      await expect(header.getByText(/3 ×/)).toBeHidden()
      await summary.click()
      await expect(header.getByText(/3 ×/)).toBeVisible()
      await expectNoAxeViolations(page)
      await page.screenshot({
        path: 'test-results/screenshots/checkout-header-open-390.png',
        fullPage: false,
      })

      // Desktop: the count and total on one line, no disclosure.
      await page.setViewportSize(VIEWPORTS[1])
      await expect(summary).toBeHidden()
      const line = header.locator('p', { hasText: /^Your order:/ })
      await expect(line).toBeVisible()
      await expect(line).toContainText(/3 items · £\d+\.\d{2}/)
      await expectNoAxeViolations(page)
      await screenshots(page, 'checkout-slim-header', { top: true })
    }
  )
})
