import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { OperatorRedirectSchema, OperatorSeoPageSchema } from '../../../schemas/operator-content.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { backend } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { auditRows, operatorCall, operatorWorld } from './fixtures.ts'

const C = '/staff/operator/content'

async function asOperator(path: string, body: Record<string, unknown>) {
  const world = await operatorWorld()
  return operatorCall(`${C}${path}`, body, world.operator)
}

function fields(json: unknown): Record<string, string> {
  const { error } = json as { error: { fields?: Array<{ field: string; message: string }> } }
  return Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message]))
}

describe('FAQs', () => {
  it('adds a question that /content/faqs then lists, audited', async () => {
    const saved = await asOperator('/faqs/save', {
      section: 'Delivery',
      question: 'Do you deliver on Sundays?',
      answer: 'Yes, from 10am.',
      position: 0,
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const faqs = await backend.request('/content/faqs?businessId=1', {}, testEnv)
    expect(await faqs.text()).toContain('Do you deliver on Sundays?')
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'faq.create', entity: 'faq' })
  })

  it('refuses an empty question, and another business’s brand', async () => {
    const world = await operatorWorld()
    const before = await fingerprint()
    const empty = await asOperator('/faqs/save', { section: 'X', question: ' ', answer: 'A' })
    expect(fields(empty.json).question).toBe(MESSAGES.contentQuestionRequired)
    const foreign = await asOperator('/faqs/save', {
      brandId: world.other.brandId,
      section: 'X',
      question: 'Q',
      answer: 'A',
    })
    expect(foreign.status).toBe(404)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})

describe('content pages', () => {
  it('saves a Markdown page, refuses its address twice, and hides another business’s page', async () => {
    const saved = await asOperator('/pages/save', {
      slug: 'delivery-areas',
      title: 'Where we deliver',
      body: '## Manchester\n\nEvery postcode in **M1**.',
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const page = OperatorSeoPageSchema.parse(saved.json)
    const again = await asOperator('/pages/save', { slug: 'delivery-areas', title: 'Again' })
    expect(fields(again.json).slug).toBe(MESSAGES.contentSlugTaken)
    const bad = await asOperator('/pages/save', { slug: 'Bad Slug', title: 'Bad' })
    expect(fields(bad.json).slug).toBe(MESSAGES.contentSlugInvalid)

    const world = await operatorWorld()
    const other = await operatorCall(
      `${C}/pages/save`,
      { slug: 'other-page', title: 'Other' },
      world.otherOperator,
      2
    )
    const otherId = OperatorSeoPageSchema.parse(other.json).pageId
    expect((await asOperator('/pages/get', { pageId: otherId })).status).toBe(404)
    const edit = await asOperator('/pages/save', { pageId: otherId, slug: 'x', title: 'X' })
    expect(edit.status).toBe(404)
    expect((await asOperator('/pages/get', { pageId: page.pageId })).status).toBe(200)
  })
})

describe('redirects', () => {
  it('saves site paths only, refuses loops and taken addresses, and deletes', async () => {
    const before = await fingerprint()
    for (const toPath of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/\\evil',
    ]) {
      const answer = await asOperator('/redirects/save', { fromPath: '/old', toPath })
      expect(answer.status, toPath).toBe(422)
      expect(fields(answer.json).toPath).toBe(MESSAGES.contentRedirectToInvalid)
    }
    expect(changedTables(before, await fingerprint())).toEqual([])

    const first = OperatorRedirectSchema.parse(
      (await asOperator('/redirects/save', { fromPath: '/old-a', toPath: '/old-b' })).json
    )
    expect(first.fromPath).toBe('/old-a')
    await asOperator('/redirects/save', { fromPath: '/old-b', toPath: '/stores' })
    const loop = await asOperator('/redirects/save', { fromPath: '/stores', toPath: '/old-a' })
    expect(fields(loop.json).toPath).toBe(MESSAGES.contentRedirectLoop)
    const self = await asOperator('/redirects/save', { fromPath: '/same', toPath: '/same' })
    expect(fields(self.json).toPath).toBe(MESSAGES.contentRedirectSelf)
    const taken = await asOperator('/redirects/save', { fromPath: 'old-a', toPath: '/x' })
    expect(fields(taken.json).fromPath).toBe(MESSAGES.contentRedirectTaken)

    const deleted = await asOperator('/redirects/delete', { redirectId: first.redirectId })
    expect(deleted.status).toBe(200)
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'redirect.delete', entity_id: first.redirectId })
    const left = await env.DB.prepare(`select count(*) as n from seo_redirects where id = ?1`)
      .bind(first.redirectId)
      .first<{ n: number }>()
    expect(left?.n).toBe(0)
  })

  it("answers 404 for another business's redirect", async () => {
    const world = await operatorWorld()
    const other = OperatorRedirectSchema.parse(
      (
        await operatorCall(
          `${C}/redirects/save`,
          { fromPath: '/theirs', toPath: '/stores' },
          world.otherOperator,
          2
        )
      ).json
    )
    const before = await fingerprint()
    expect((await asOperator('/redirects/delete', { redirectId: other.redirectId })).status).toBe(
      404
    )
    const edit = await asOperator('/redirects/save', {
      redirectId: other.redirectId,
      fromPath: '/theirs',
      toPath: '/x',
    })
    expect(edit.status).toBe(404)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})
