import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { ContentBlocksResponseSchema } from '../../../schemas/content-blocks.ts'
import { backend } from '../../../worker/local-backend.ts'
import { insertRow } from '../../support/workers/seed.ts'
import { seedTenancy } from './fixtures.ts'

const block = (
  brandId: number | null,
  placement: string,
  key: string,
  content: unknown,
  isActive: 0 | 1 = 1
) =>
  insertRow(env.DB, 'content_blocks', {
    businessId: brandId === 3 ? 2 : 1,
    brandId,
    placement,
    key,
    contentJson: JSON.stringify(content),
    isActive,
  })

beforeAll(async () => {
  await seedTenancy(env.DB)
  await env.DB.batch([
    block(null, 'header', 'announcement', { text: 'Open every day' }),
    block(null, 'footer', 'legal', { text: 'Corner Grocers Ltd' }),
    block(1, 'header', 'announcement', { text: 'Corner Grocers: free delivery over **£20**' }),
    block(1, 'home', 'hero', { title: 'Your corner shop', subtitle: 'Delivered in an hour' }),
    block(2, 'home', 'hero', { title: 'Corner Express', subtitle: 'Quicker still' }, 0),
    block(2, 'footer', 'stay-in-touch', { title: 'Keep in touch', text: 'Express offers' }),
    block(3, 'header', 'announcement', { text: 'Other Market news' }),
  ])
})

async function blocksOf(query: string) {
  const res = await backend.request(`/content/blocks?${query}`, {}, env)
  return { status: res.status, body: (await res.json()) as unknown }
}

describe('GET /content/blocks', () => {
  it("answers a brand's own blocks over its business's", async () => {
    const { status, body } = await blocksOf('businessId=1&brandId=1')
    expect(status).toBe(200)
    const { blocks } = ContentBlocksResponseSchema.parse(body)
    expect(blocks.header.announcement?.text).toBe('Corner Grocers: free delivery over **£20**')
    expect(blocks.home.hero?.title).toBe('Your corner shop')
    expect(blocks.footer.legal?.text).toBe('Corner Grocers Ltd')
  })

  it("gives another brand of the business the business's blocks and hides inactive ones", async () => {
    const { blocks } = ContentBlocksResponseSchema.parse(
      (await blocksOf('businessId=1&brandId=2')).body
    )
    expect(blocks.header.announcement?.text).toBe('Open every day')
    expect(blocks.home.hero).toBeUndefined()
    expect(blocks.footer['stay-in-touch']?.title).toBe('Keep in touch')
  })

  it('answers only the placement asked for', async () => {
    const { blocks } = ContentBlocksResponseSchema.parse(
      (await blocksOf('businessId=1&brandId=1&placement=home')).body
    )
    expect(blocks).toEqual({
      home: { hero: { title: 'Your corner shop', subtitle: 'Delivered in an hour' } },
      header: {},
      footer: {},
    })
  })

  it('answers 404 for an unknown business, another business’s brand and an inactive brand', async () => {
    for (const query of [
      'businessId=77&brandId=1',
      'businessId=1&brandId=3',
      'businessId=1&brandId=4',
    ]) {
      const { status, body } = await blocksOf(query)
      expect(status, query).toBe(404)
      expect(ApiErrorSchema.parse(body).error.message).toBe('This shop could not be found.')
    }
  })

  it('answers 422 for a placement that does not exist', async () => {
    expect((await blocksOf('businessId=1&brandId=1&placement=sidebar')).status).toBe(422)
  })
})
