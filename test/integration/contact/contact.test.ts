import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { CONTACT_REQUEST_PATH } from '../../../schemas/content.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/local-backend.ts'
import { countingLimiter, WRANGLER_LIMITS } from '../../support/workers/limiter.ts'
import { type Call, callOf } from '../../support/workers/requests.ts'
import { exeBytes, pdfBytes, pdfOfSize, pngBytes } from '../../support/upload-files.ts'
import {
  BUSINESS_ID,
  call,
  expectError,
  freshIp,
  uniqueEmail,
  seedCatalogue,
  testEnv,
} from '../auth/fixtures.ts'
import { lastCodeTo, memberWithDetails, send } from '../member/profile-fixtures.ts'

beforeAll(async () => {
  await seedCatalogue(env.DB)
})

const FIELDS = {
  businessId: String(BUSINESS_ID),
  subject: 'Missing or damaged items',
  message: 'The eggs arrived broken.',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '07700 900123',
  orderNumber: 'CF-1001',
  verifyToken: LOCAL_ROBOT_CHECK_TOKEN,
}

interface Send {
  fields?: Record<string, string>
  files?: Array<File>
  bearer?: string
  ip?: string
  bindings?: Env
}

/** POSTs the contact form as multipart straight to the backend. */
async function sendContact(options: Send = {}): Promise<Call & { email: string }> {
  const email = options.fields?.emailAddress ?? uniqueEmail('contact')
  const form = new FormData()
  for (const [key, value] of Object.entries({ ...FIELDS, emailAddress: email, ...options.fields }))
    form.set(key, value)
  for (const file of options.files ?? []) form.append('files[]', file)
  const headers: Record<string, string> = { 'cf-connecting-ip': options.ip ?? freshIp() }
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`
  const res = await backend.request(
    CONTACT_REQUEST_PATH,
    { method: 'POST', headers, body: form },
    options.bindings ?? testEnv
  )
  return { ...(await callOf(res)), email }
}

const file = (bytes: Uint8Array, name: string, type = 'application/pdf') =>
  new File([bytes], name, { type })

async function storedKeys(): Promise<Array<string>> {
  const listed = await env.ATTACHMENTS.list({ prefix: `contact/${BUSINESS_ID}/` })
  return listed.objects.map((o) => o.key).sort()
}

async function requestsFrom(email: string) {
  const { results } = await env.DB.prepare(
    `select r.id, r.customer_id, r.order_number, a.r2_key, a.filename, a.content_type, a.size_bytes
     from contact_requests r left join contact_request_attachments a on a.contact_request_id = r.id
     where r.email = ?1 order by a.id`
  )
    .bind(email)
    .all<{
      id: number
      customer_id: number | null
      order_number: string | null
      r2_key: string | null
      filename: string | null
      content_type: string | null
      size_bytes: number | null
    }>()
  return results
}

async function outboxTo(recipient: string) {
  const { results } = await env.DB.prepare(
    'select template, payload_json from outbox where recipient = ?1 order by id'
  )
    .bind(recipient)
    .all<{ template: string; payload_json: string }>()
  return results.map((r) => ({ template: r.template, data: JSON.parse(r.payload_json) as unknown }))
}

describe('contact request', () => {
  it('stores the request, its files in R2 under the business by UUID, and sends both emails', async () => {
    const pdf = pdfBytes()
    const sent = await sendContact({
      files: [file(pdf, '../My receipt.pdf'), file(pngBytes(), 'photo.png', 'image/png')],
    })
    expect(sent.status, JSON.stringify(sent.json)).toBe(200)
    expect(sent.json).toMatchObject({ attachments: 2 })

    const rows = await requestsFrom(sent.email)
    expect(rows.map((r) => [r.filename, r.content_type, r.size_bytes])).toEqual([
      ['My receipt.pdf', 'application/pdf', pdf.byteLength],
      ['photo.png', 'image/png', pngBytes().byteLength],
    ])
    expect(rows[0]?.order_number).toBe('CF-1001')
    for (const row of rows) {
      expect(row.r2_key).toMatch(new RegExp(`^contact/${BUSINESS_ID}/[0-9a-f-]{36}$`))
      const object = await env.ATTACHMENTS.get(row.r2_key ?? '')
      expect(object?.httpMetadata?.contentType).toBe(row.content_type)
      expect(object?.size).toBe(row.size_bytes)
    }
    expect(
      new Uint8Array(await (await env.ATTACHMENTS.get(rows[0]?.r2_key ?? ''))!.arrayBuffer())
    ).toEqual(pdf)

    expect(await outboxTo(sent.email)).toEqual([
      expect.objectContaining({ template: 'contact_acknowledgement' }),
    ])
    const toSupport = (await outboxTo('help@cornerfresh.example')).filter(
      (m) => (m.data as { emailAddress?: string }).emailAddress === sent.email
    )
    expect(toSupport).toEqual([
      {
        template: 'contact_request',
        data: expect.objectContaining({
          message: FIELDS.message,
          attachments: 'My receipt.pdf (1 KB), photo.png (1 KB)',
        }),
      },
    ])
  })

  it("sends the request to the brand's own inbox when its contact settings name one", async () => {
    await env.DB.prepare(
      `update brand_settings set settings_json = json_set(settings_json, '$.email', ?1)
       where brand_id = 1 and section = 'contact'`
    )
      .bind('brand.support@cornerfresh.example')
      .run()
    const sent = await sendContact({ fields: { brandId: '1' } })
    expect(sent.status).toBe(200)
    const toBrand = (await outboxTo('brand.support@cornerfresh.example')).filter(
      (m) => (m.data as { emailAddress?: string }).emailAddress === sent.email
    )
    expect(toBrand.map((m) => m.template)).toEqual(['contact_request'])
  })

  it('takes a request without files', async () => {
    const sent = await sendContact()
    expect(sent.status).toBe(200)
    expect(sent.json).toMatchObject({ attachments: 0 })
  })

  it('refuses a program renamed .pdf, a PDF with a script, too many files and too large ones, storing nothing', async () => {
    const before = await storedKeys()
    const refusals: Array<[Array<File>, string]> = [
      [
        [file(pdfBytes(), 'ok.pdf'), file(exeBytes(), 'invoice.pdf')],
        formatMessage('contactFileType', 'invoice.pdf'),
      ],
      [
        [
          file(
            pdfBytes('Invoice', "/OpenAction << /S /JavaScript /JS (app.alert('x')) >> "),
            'invoice.pdf'
          ),
        ],
        formatMessage('contactFileActive', 'invoice.pdf'),
      ],
      [
        Array.from({ length: 4 }, () => file(pdfBytes(), 'a.pdf')),
        formatMessage('contactTooManyFiles', 3),
      ],
      [
        [file(pdfOfSize(5 * 1024 * 1024 + 1), 'big.pdf')],
        formatMessage('contactFileTooLarge', 'big.pdf', '5 MB'),
      ],
    ]
    for (const [files, message] of refusals) {
      const sent = await sendContact({ files })
      expectError(sent, 422, message)
      expect(await requestsFrom(sent.email)).toEqual([])
      expect(await outboxTo(sent.email)).toEqual([])
    }
    expect(await storedKeys()).toEqual(before)
  })

  it('refuses a body over the whole limit with 413 before reading it', async () => {
    const sent = await sendContact({
      files: [1, 2, 3].map((n) => file(pdfOfSize(4 * 1024 * 1024), `${n}.pdf`)),
    })
    expect(sent.status).toBe(413)
  })

  it('refuses a failed robot check and bad fields with the spec message, storing nothing', async () => {
    const robot = await sendContact({ fields: { verifyToken: 'not-a-person' } })
    expectError(robot, 422, MESSAGES.validationError)
    expect(await requestsFrom(robot.email)).toEqual([])
    const blank = await sendContact({ fields: { message: '  ' } })
    expectError(blank, 422, MESSAGES.contactMessageRequired)
    const email = await sendContact({ fields: { emailAddress: 'not-an-email' } })
    expectError(email, 422, MESSAGES.emailInvalid)
  })

  it('leaves nothing in R2 when a put fails half-way', async () => {
    const before = await storedKeys()
    let puts = 0
    const failingSecondPut: R2Bucket = Object.assign(Object.create(env.ATTACHMENTS) as R2Bucket, {
      put: (...args: Parameters<R2Bucket['put']>) => {
        puts += 1
        if (puts === 2) return Promise.reject(new Error('R2 unavailable'))
        return env.ATTACHMENTS.put(...args)
      },
      delete: (keys: string | Array<string>) => env.ATTACHMENTS.delete(keys),
    })
    const sent = await sendContact({
      files: [file(pdfBytes(), 'one.pdf'), file(pdfBytes(), 'two.pdf')],
      bindings: { ...testEnv, ATTACHMENTS: failingSecondPut },
    })
    expect(sent.status).toBe(500)
    expect(puts).toBe(2)
    expect(await storedKeys()).toEqual(before)
    expect(await requestsFrom(sent.email)).toEqual([])
  })

  it('answers 429 with its message past the per-IP allowance', async () => {
    const bindings = {
      ...testEnv,
      CONTACT_LIMITER: countingLimiter(WRANGLER_LIMITS.CONTACT_LIMITER),
    }
    const ip = freshIp()
    for (let n = 0; n < WRANGLER_LIMITS.CONTACT_LIMITER; n++) {
      expect((await sendContact({ ip, bindings })).status).toBe(200)
    }
    const refused = await sendContact({ ip, bindings })
    expectError(refused, 429, MESSAGES.tooManyRequests)
    expect(await requestsFrom(refused.email)).toEqual([])
  })

  it('links the request to the member of the token only, never to the email typed', async () => {
    const member = await memberWithDetails()
    const other = await memberWithDetails()
    // Signed in, writing with another address: still the signed-in member's request.
    const signedIn = await sendContact({
      bearer: member.bearer,
      fields: { emailAddress: uniqueEmail('contact') },
    })
    expect((await requestsFrom(signedIn.email))[0]?.customer_id).toBe(member.customerId)
    // Not signed in, typing a member's address: no account.
    const typed = await sendContact({ fields: { emailAddress: other.email } })
    expect(typed.status).toBe(200)
    expect((await requestsFrom(other.email))[0]?.customer_id).toBeNull()
    // A bad token is no account either, and not a refusal.
    const forged = await sendContact({ bearer: 'not.a.token' })
    expect(forged.status).toBe(200)
    expect((await requestsFrom(forged.email))[0]?.customer_id).toBeNull()
  })

  it("exports the member's requests, and deletes their attachments from R2 when forgotten", async () => {
    const member = await memberWithDetails()
    const bearer = member.bearer
    const sent = await sendContact({
      bearer,
      fields: { emailAddress: member.email },
      files: [file(pdfBytes(), 'receipt.pdf')],
    })
    expect(sent.status).toBe(200)
    const [row] = await requestsFrom(member.email)
    const key = row?.r2_key ?? ''
    expect(await env.ATTACHMENTS.head(key)).not.toBeNull()
    const exported = await send('GET', '/member/data-export', { businessId: BUSINESS_ID }, bearer)
    expect(exported.json).toMatchObject({
      contactRequests: [
        {
          subject: 'Missing or damaged items',
          attachments: `receipt.pdf (${pdfBytes().byteLength} bytes)`,
        },
      ],
    })

    expect(
      (await call('/member/forget-me/request', { businessId: BUSINESS_ID }, { bearer })).status
    ).toBe(200)
    const confirmationCode = await lastCodeTo(member.email, 'forget_me_code')
    const confirmed = await call(
      '/member/forget-me/confirm',
      { businessId: BUSINESS_ID, confirmationCode },
      { bearer }
    )
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200)
    expect(await env.ATTACHMENTS.head(key)).toBeNull()
    const left = await env.DB.prepare(
      'select count(*) as n from contact_request_attachments where r2_key = ?1'
    )
      .bind(key)
      .first<{ n: number }>()
    expect(left?.n).toBe(0)
  })
})

describe('development view of contact requests', () => {
  it('lists each attachment with what R2 holds and its sniffed type', async () => {
    const sent = await sendContact({ files: [file(pdfBytes(), 'dev.pdf')] })
    expect(sent.status).toBe(200)
    const res = await backend.request(
      `/dev/contact-requests?businessId=${BUSINESS_ID}`,
      {},
      testEnv
    )
    const { requests } = (await res.json()) as {
      requests: Array<{ email: string; attachments: Array<unknown> }>
    }
    const mine = requests.find((r) => r.email === sent.email)
    expect(mine?.attachments).toEqual([
      expect.objectContaining({
        filename: 'dev.pdf',
        inR2: { sizeBytes: pdfBytes().byteLength, sniffedType: 'application/pdf' },
      }),
    ])
  })
})
