import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { brand, business } from '../../support/workers/seed.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { backend } from '../../../worker/local-backend.ts'

beforeAll(async () => {
  await env.DB.batch([
    // Operator data errors: a time zone that does not exist, settings of the wrong type.
    business(env.DB, { id: 5, name: 'Broken', legalName: 'Broken Ltd', timeZone: 'Mars/Olympus' }),
    ...brand(env.DB, {
      id: 50,
      businessId: 5,
      slug: 'broken',
      name: 'Broken',
      logoUrl: '/b.svg',
      primaryColor: '#000',
      secondaryColor: '#fff',
      accentColor: '#f00',
    }),
    env.DB.prepare(
      `insert into brand_settings (brand_id, section, settings_json)
       values (50, 'store', '{"enableStoresSearchByAddress":"yes"}')`
    ),
  ])
})

describe('backend error handling', () => {
  it('answers an unexpected failure with 500 and the system message, logging the stack with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await backend.request(
      '/time-slots/server-time?businessId=5',
      { headers: { 'x-request-id': 'req-500-test' } },
      env
    )
    expect(res.status).toBe(500)
    const text = await res.text()
    const { error } = ApiErrorSchema.parse(JSON.parse(text))
    expect(error).toEqual({
      code: 'internal_error',
      message: 'There was an error on the system. Please try again.',
      requestId: 'req-500-test',
    })
    expect(text).not.toMatch(/Mars|RangeError|at /)
    const logged = log.mock.calls.map((call) => String(call[0])).join('\n')
    expect(logged).toContain('req-500-test')
    expect(logged).toContain('stack')
    log.mockRestore()
  })

  it('answers invalid stored white-label settings with the spec message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const res = await backend.request(
      '/white-label/settings',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"businessId":5}' },
      env
    )
    expect(res.status).toBe(500)
    expect(ApiErrorSchema.parse(await res.json()).error.message).toBe(
      'Unable to load global white label settings'
    )
    log.mockRestore()
  })

  it('generates a request id when none or a malformed one is sent', async () => {
    const res = await backend.request(
      '/nowhere',
      { headers: { 'x-request-id': 'bad id with spaces' } },
      env
    )
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(ApiErrorSchema.parse(await res.json()).error.requestId).toBe(id)
  })
})
