import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { exeBytes, pdfBytes } from '../../support/upload-files.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { uniqueEmail } from '../auth/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { pageClient, pageText, registration, testEnv } from './storefront.ts'

const app = createApp()
const { get, postForm, postMultipart } = pageClient(app, '192.0.2')

beforeAll(async () => {
  await seedDemo(env.DB)
})

function contactForm(fields: Record<string, string>, files: Array<File> = []): FormData {
  const form = new FormData()
  const all = {
    subject: 'Feedback',
    message: 'Lovely strawberries.',
    firstName: 'Ada',
    lastName: 'Lovelace',
    emailAddress: uniqueEmail('contact-page'),
    ...fields,
  }
  for (const [key, value] of Object.entries(all)) form.set(key, value)
  for (const file of files) form.append('files[]', file)
  // A browser sends an empty file part when nothing was chosen.
  if (files.length === 0) form.append('files[]', new File([], ''))
  return form
}

const requestsFrom = (email: string) =>
  env.DB.prepare(
    `select r.brand_id, r.order_number, count(a.id) as files from contact_requests r
     left join contact_request_attachments a on a.contact_request_id = r.id
     where r.email = ?1 group by r.id`
  )
    .bind(email)
    .all<{ brand_id: number | null; order_number: string | null; files: number }>()

describe('/contact', () => {
  it('is a public multipart form, with the order number from ?order=', async () => {
    const res = await get('/contact?order=CF-1234')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toMatch(/s-maxage/)
    const html = await res.text()
    expect(html).toMatch(/enctype="multipart\/form-data"/i)
    expect(html).toContain('name="files[]"')
    expect(html).toContain('value="CF-1234"')
    // The brand's white-label contact section gives the subjects.
    expect(html).toContain('Missing or damaged items')
  })

  it("prefills a signed-in member's names and email, privately", async () => {
    const email = uniqueEmail('contact-member')
    const signedUp = await postForm('/register', registration(email))
    expect(signedUp.status).toBe(303)
    const res = await get('/contact', jar(signedUp))
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    expect(html).toContain(`value="${email}"`)
    expect(html).toContain('value="Ada"')
  })

  it('sends the form with a PDF without JavaScript, then says so', async () => {
    const form = contactForm({ orderNumber: 'CF-77' }, [
      new File([pdfBytes()], 'receipt.pdf', { type: 'application/pdf' }),
    ])
    const res = await postMultipart('/contact', form)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/contact?notice=sent#contact-notice')
    const email = String(form.get('emailAddress'))
    expect((await requestsFrom(email)).results).toEqual([
      { brand_id: 1, order_number: 'CF-77', files: 1 },
    ])
    const notice = await get('/contact?notice=sent')
    expect(pageText(await notice.text())).toContain(MESSAGES.contactSent)
  })

  it('sends the form without files', async () => {
    const form = contactForm({})
    expect((await postMultipart('/contact', form)).status).toBe(303)
    expect((await requestsFrom(String(form.get('emailAddress')))).results).toHaveLength(1)
  })

  it('shows the form again for a program renamed .pdf, keeping the values, storing nothing', async () => {
    const form = contactForm({ message: 'See the invoice.' }, [
      new File([exeBytes()], 'invoice.pdf', { type: 'application/pdf' }),
    ])
    const res = await postMultipart('/contact', form)
    expect(res.status).toBe(422)
    const text = pageText(await res.text())
    expect(text).toContain(MESSAGES.validationError)
    expect(text).toContain(formatMessage('contactFileType', 'invoice.pdf'))
    expect(text).toContain(MESSAGES.contactFilesAgain)
    expect(text).toContain('See the invoice.')
    expect((await requestsFrom(String(form.get('emailAddress')))).results).toEqual([])
  })

  it('refuses a blank message with its message and the spec validation message', async () => {
    const form = contactForm({ message: ' ' })
    const res = await postMultipart('/contact', form)
    expect(res.status).toBe(422)
    const text = pageText(await res.text())
    expect(text).toContain(MESSAGES.validationError)
    expect(text).toContain(MESSAGES.contactMessageRequired)
    expect(text).not.toContain(MESSAGES.contactFilesAgain)
  })

  it('renders the Turnstile widget when configured, and refuses a post it did not verify', async () => {
    const turnstile = {
      ...testEnv,
      ROBOT_CHECK_PROVIDER: 'turnstile',
      TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    }
    const html = await (await get('/contact', '', turnstile)).text()
    expect(html).toContain('data-island="RobotCheckField"')
    expect(html).toContain('1x00000000000000000000AA')
    // No secret in the pool: the checker verifies nothing, so the request is refused, unsent.
    const form = contactForm({ 'cf-turnstile-response': 'a-token' })
    const res = await postMultipart('/contact', form, '', turnstile)
    expect(res.status).toBe(422)
    expect(pageText(await res.text())).toContain(MESSAGES.validationError)
    expect((await requestsFrom(String(form.get('emailAddress')))).results).toEqual([])
  })
})
