import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { postToBackend } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { WhiteLabelSettingsResponseSchema } from '../../../schemas/content.ts'
import {
  findBrandSettings,
  listFaqs,
  signUpForNewsletter,
} from '../../../worker/backend/content/repo.ts'
import { backend } from '../../../worker/local-backend.ts'
import { seedTenancy } from './fixtures.ts'

beforeAll(async () => {
  await seedTenancy(env.DB)
})

const post = (path: string, body: unknown) => postToBackend(path, body)

async function signupCount(email: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from newsletter_signups where email = ?1')
    .bind(email)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('POST /white-label/settings', () => {
  it('returns every section of spec §9 merged with the defaults for the given brand', async () => {
    const res = await post('/white-label/settings', { businessId: 1, brandId: 2, screenScale: 3 })
    expect(res.status).toBe(200)
    const answer = WhiteLabelSettingsResponseSchema.parse(await res.json())
    expect(answer).toMatchObject({ businessId: 1, brandId: 2, imageDensity: 'xxhdpi_3x' })
    expect(Object.keys(answer.settings).sort()).toEqual(
      [
        'branding-pages',
        'checkout',
        'contact',
        'faq',
        'forgot-password',
        'home',
        'login',
        'pages',
        'register',
        'reset-password',
        'store',
      ].sort()
    )
    expect(answer.settings.store).toEqual({
      enableStoresSearchByAddress: false,
      autoSelectClosestStore: false,
      enableDeviceLocation: false,
    })
    expect(answer.settings.checkout).toEqual({ tipsEnabled: true })
    expect(answer.settings.home.heroTitle).toBe('Groceries delivered from your local store')
  })

  it("uses the business's first active brand without brandId", async () => {
    const res = await post('/white-label/settings', { businessId: '1' })
    const answer = WhiteLabelSettingsResponseSchema.parse(await res.json())
    expect(answer).toMatchObject({ brandId: 1, imageDensity: 'xhdpi_2x' })
    expect(answer.settings.store.autoSelectClosestStore).toBe(true)
  })

  it("answers 404 for another business's brand", async () => {
    const res = await post('/white-label/settings', { businessId: 2, brandId: 1 })
    expect(res.status).toBe(404)
    expect(ApiErrorSchema.parse(await res.json()).error.message).toBe(
      'Unable to load global white label settings'
    )
  })

  it('answers 422 with the field for a bad screenScale', async () => {
    const res = await post('/white-label/settings', { businessId: 1, screenScale: 'huge' })
    expect(res.status).toBe(422)
    expect(ApiErrorSchema.parse(await res.json()).error.fields?.map((f) => f.field)).toEqual([
      'screenScale',
    ])
  })

  it('answers 422 for a body that is not JSON', async () => {
    const res = await Promise.resolve(
      backend.request(
        '/white-label/settings',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"businessId":' },
        env
      )
    )
    expect(res.status).toBe(422)
    expect(ApiErrorSchema.parse(await res.json()).error.code).toBe('validation_error')
  })
})

describe('GET /content/faqs', () => {
  it("lists the business's active FAQs for every brand plus the brand's own, in order", async () => {
    const res = await backend.request('/content/faqs?businessId=1&brandId=1', {}, env)
    expect(res.status).toBe(200)
    const { faqs } = (await res.json()) as { faqs: Array<{ question: string; section: string }> }
    expect(faqs.map((faq) => faq.question)).toEqual([
      'Do you deliver on Sunday?',
      'How do I order?',
    ])
    expect(faqs[0]?.section).toBe('Delivery')
  })

  it('answers 404 for an unknown business and 422 without one', async () => {
    expect((await backend.request('/content/faqs?businessId=77', {}, env)).status).toBe(404)
    expect((await backend.request('/content/faqs', {}, env)).status).toBe(422)
  })
})

describe('POST /content/stay-in-touch', () => {
  it('signs an email up once, however often it is sent', async () => {
    const first = await post('/content/stay-in-touch', {
      businessId: 1,
      brandId: 1,
      email: '  Shopper@Example.COM ',
    })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ subscribed: true })
    const again = await post('/content/stay-in-touch', {
      businessId: 1,
      brandId: 2,
      email: 'shopper@example.com',
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ subscribed: true })
    expect(await signupCount('shopper@example.com')).toBe(1)
  })

  it('answers 422 with a clear message for an invalid email and writes nothing', async () => {
    const res = await post('/content/stay-in-touch', {
      businessId: 1,
      brandId: 1,
      email: 'not-an-email',
    })
    expect(res.status).toBe(422)
    const { error } = ApiErrorSchema.parse(await res.json())
    expect(error.message).toBe('Please enter a valid email address.')
    expect(error.fields).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
    ])
    expect(await signupCount('not-an-email')).toBe(0)
  })

  it('refuses a brand of another business and writes nothing', async () => {
    const res = await post('/content/stay-in-touch', {
      businessId: 2,
      brandId: 1,
      email: 'x@example.com',
    })
    expect(res.status).toBe(422)
    expect(ApiErrorSchema.parse(await res.json()).error.fields?.[0]?.field).toBe('brandId')
    expect(await signupCount('x@example.com')).toBe(0)
  })
})

describe('content repo', () => {
  it('finds settings sections of a brand and nothing for an inactive one', async () => {
    const found = await findBrandSettings(env.DB, 1, 1)
    expect(found?.sections.map((s) => s.section).sort()).toEqual(['home', 'store'])
    expect(await findBrandSettings(env.DB, 1, 4)).toBeNull()
  })

  it('keeps FAQs of other businesses out', async () => {
    const faqs = await listFaqs(env.DB, 2, undefined)
    expect(faqs?.map((faq) => faq.question)).toEqual(['Other business question'])
  })

  it('reports a brand that is not the business’s', async () => {
    expect(
      await signUpForNewsletter(env.DB, { businessId: 1, brandId: 3, email: 'y@example.com' })
    ).toBe(false)
    expect(
      await signUpForNewsletter(env.DB, { businessId: 2, brandId: 3, email: 'y@example.com' })
    ).toBe(true)
  })
})
