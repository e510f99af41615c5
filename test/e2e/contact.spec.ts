import type { Page } from '@playwright/test'
import { formatMessage, MESSAGES } from '../../schemas/messages.ts'
import { exeBytes, pdfBytes } from '../support/upload-files.ts'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations, HOSTS, screenshots, uniqueEmail, urlOn } from './helpers.ts'

// The contact form (ADR 022): a request with a real PDF reaches the support inbox (the
// development mailbox) and R2 (the development view), and a program renamed .pdf is refused.

const url = (path: string) => urlOn(HOSTS.brandOne, path)
const main = (page: Page) => page.getByRole('main')

async function fillContact(page: Page, email: string, message: string): Promise<void> {
  const form = main(page)
  await form.getByLabel('Subject').selectOption('Missing or damaged items')
  await form.getByLabel('Message').fill(message)
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('Email address').fill(email)
}

test('a contact request with a PDF reaches the support inbox and R2', async ({ page }) => {
  const email = uniqueEmail('contact')
  const pdf = Buffer.from(pdfBytes('Receipt CF-1001'))
  await page.goto(url('/contact?order=CF-1001'))
  await expect(main(page).getByLabel('Order number (optional)')).toHaveValue('CF-1001')
  await expectNoAxeViolations(page)
  await screenshots(page, 'contact-form')

  await fillContact(page, email, 'Two of the eggs were broken.')
  await main(page)
    .getByLabel('Photos or documents (optional)')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: pdf })
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(url('/contact?notice=sent#contact-notice'))
  await expect(main(page).getByRole('status')).toHaveText(MESSAGES.contactSent)
  await expectNoAxeViolations(page)
  await screenshots(page, 'contact-sent')

  await page.goto(url('/dev/mailbox'))
  await expectNoAxeViolations(page)
  const acknowledgement = page.getByRole('listitem').filter({ hasText: `To: ${email}` })
  await expect(acknowledgement).toContainText('contact_acknowledgement')
  const toSupport = page
    .getByRole('listitem')
    .filter({ hasText: 'contact_request' })
    .filter({ hasText: email })
  await expect(toSupport).toContainText(`receipt.pdf (1 KB)`)
  await expect(toSupport).toContainText('To: help@cornerfresh.example')

  await page.goto(url('/dev/contact'))
  await expectNoAxeViolations(page)
  await screenshots(page, 'contact-dev-view')
  const request = page.getByRole('listitem').filter({ hasText: `From: ${email}` })
  await expect(request).toContainText('order CF-1001')
  await expect(request).toContainText('receipt.pdf')
  await expect(request).toContainText(/R2 key: contact\/1\/[0-9a-f-]{36}/)
  await expect(request).toContainText(`In R2: ${pdf.byteLength} bytes, sniffed application/pdf.`)
})

test('a program renamed .pdf is refused, the values kept and nothing stored', async ({ page }) => {
  const email = uniqueEmail('contact-exe')
  await page.goto(url('/contact'))
  await fillContact(page, email, 'Here is the invoice.')
  await main(page)
    .getByLabel('Photos or documents (optional)')
    .setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(exeBytes()),
    })
  await page.getByRole('button', { name: 'Send message' }).click()

  // The error summary: the form's message, then the file's error.
  await expect(page.getByRole('alert')).toContainText(MESSAGES.validationError)
  await expect(page.getByRole('alert')).toBeFocused()
  const files = main(page).getByLabel('Photos or documents (optional)')
  await expect(files).toHaveAttribute('aria-invalid', 'true')
  await expect(files).toHaveAccessibleDescription(
    new RegExp(
      `${MESSAGES.contactFilesAgain.replace(/[.:]/g, '.')}.*${formatMessage('contactFileType', 'invoice.pdf').replace(/[.,]/g, '.')}`
    )
  )
  await expect(main(page).getByLabel('Message')).toHaveValue('Here is the invoice.')
  await expect(main(page).getByLabel('Email address')).toHaveValue(email)
  await expectNoAxeViolations(page)
  await screenshots(page, 'contact-refused')

  await page.goto(url('/dev/contact'))
  await expect(page.getByRole('heading', { name: 'Development contact requests' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: `From: ${email}` })).toHaveCount(0)
})
