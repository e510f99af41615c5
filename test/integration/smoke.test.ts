import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'

describe('smoke', () => {
  it('has a migrated database', async () => {
    const row = await env.DB.prepare('select count(*) as n from probe').first<{ n: number }>()
    expect(row?.n).toBe(0)
  })
  it('serves the home page', async () => {
    const res = await SELF.fetch('http://localhost/')
    expect(res.status).toBe(200)
  })
})
