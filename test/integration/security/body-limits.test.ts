import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { CONTACT_REQUEST_PATH } from '../../../schemas/content.ts'
import { FORM_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES } from '../../../schemas/constants.ts'
import { backend } from '../../../worker/local-backend.ts'
import { seedTenancy } from '../backend/fixtures.ts'

const ORIGIN = 'http://localhost'
const TWENTY_MB = 20 * 1024 * 1024
const DEEP = `{"email":"deep@example.com","a":${'['.repeat(5000)}${']'.repeat(5000)}}`

beforeAll(async () => {
  await seedTenancy(env.DB)
})

async function rowCount(table: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>()
  return row?.n ?? 0
}

async function envelope(res: Response) {
  return ApiErrorSchema.parse(await res.json()).error
}

function post(path: string, body: BodyInit, contentType = 'application/json') {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: ORIGIN },
    body,
  })
}

describe('request body size', () => {
  it('refuses a 20 MB JSON body to basket add and the token call with 413, writing nothing', async () => {
    const huge = JSON.stringify({
      grant_type: 'guest',
      storeId: 10,
      menuItem: { itemId: 1, quantity: 1 },
      pad: 'x'.repeat(TWENTY_MB),
    })
    for (const path of ['/api/basket/items/add', '/api/oauth/token']) {
      const res = await post(path, huge)
      expect(res.status, path).toBe(413)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(await envelope(res)).toMatchObject({
        code: 'payload_too_large',
        message: 'This request is too large: at most 64 KB is accepted.',
        details: { maxBytes: JSON_BODY_MAX_BYTES },
      })
    }
    expect(await rowCount('baskets')).toBe(0)
    expect(await rowCount('auth_refresh_tokens')).toBe(0)
  })

  it('cuts off a chunked body (no Content-Length) past the limit with the same 413', async () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TWENTY_MB) return controller.close()
        controller.enqueue(new TextEncoder().encode(sent === 0 ? '{"pad":"' : 'x'.repeat(65_536)))
        sent += 65_536
      },
    })
    const res = await post('/api/basket/items/add', body)
    expect(res.status).toBe(413)
    expect((await envelope(res)).code).toBe('payload_too_large')
  })

  it('takes a body just under the limit', async () => {
    const body = JSON.stringify({
      email: 'under.limit@example.com',
      pad: 'x'.repeat(JSON_BODY_MAX_BYTES - 1024),
    })
    expect((await post('/api/content/stay-in-touch', body)).status).toBe(200)
  })

  it('gives the contact form its attachments limit and every other multipart call the form limit', async () => {
    const form = new FormData()
    form.set('subject', 'Photo of my order')
    form.set('files[]', new File([new Uint8Array(1024 * 1024)], 'photo.jpg'))
    const elsewhere = await SELF.fetch(`${ORIGIN}/api/basket`, { method: 'POST', body: form })
    expect(elsewhere.status).toBe(413)
    expect((await envelope(elsewhere)).details).toEqual({ maxBytes: FORM_BODY_MAX_BYTES })
    // Past the reader (the contact route itself answers whatever it answers, never a 413).
    const contact = await SELF.fetch(`${ORIGIN}/api${CONTACT_REQUEST_PATH}`, {
      method: 'POST',
      body: form,
    })
    expect(contact.status).not.toBe(413)
  })

  it('answers an oversized HTML form post with the 413 error page', async () => {
    for (const path of ['/login', '/stay-in-touch']) {
      const res = await post(
        path,
        `email=a%40b.co&password=${'x'.repeat(FORM_BODY_MAX_BYTES)}`,
        'application/x-www-form-urlencoded'
      )
      expect(res.status, path).toBe(413)
      expect(await res.text()).toContain('This request is too large: at most 64 KB is accepted.')
    }
  })

  it('refuses an oversized body to the sandbox gateway with the envelope', async () => {
    const res = await post(
      '/sandbox-gateway/wallets/token',
      JSON.stringify({ wallet: 'applePay', pad: 'x'.repeat(JSON_BODY_MAX_BYTES) })
    )
    expect(res.status).toBe(413)
    expect((await envelope(res)).code).toBe('payload_too_large')
  })
})

describe('deeply nested JSON', () => {
  it('answers 422 with the depth limit through the proxy and from the backend itself', async () => {
    const throughProxy = await post('/api/content/stay-in-touch', DEEP)
    const direct = await backend.request(
      '/content/stay-in-touch',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: DEEP },
      env
    )
    for (const res of [throughProxy, direct]) {
      expect(res.status).toBe(422)
      expect(await envelope(res)).toMatchObject({
        code: 'validation_error',
        message: 'This request is nested too deeply: at most 32 levels are accepted.',
        fields: [{ field: '(body)' }],
      })
    }
    const signedUp = await env.DB.prepare(
      `select count(*) as n from newsletter_signups where email = 'deep@example.com'`
    ).first<{ n: number }>()
    expect(signedUp?.n).toBe(0)
  })

  it('refuses it before the card-number check walks the body', async () => {
    const res = await post('/api/payments/make', DEEP)
    expect(res.status).toBe(422)
    expect((await envelope(res)).message).toContain('nested too deeply')
  })

  it('takes nesting up to the cap (unknown fields are dropped by the schema)', async () => {
    const nested = `{"email":"nested@example.com","a":${'['.repeat(30)}${']'.repeat(30)}}`
    expect((await post('/api/content/stay-in-touch', nested)).status).toBe(200)
  })
})
