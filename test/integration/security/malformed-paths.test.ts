import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { wellFormedPath } from '../../../worker/middleware/well-formed-path.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { fillRoute, routeTable, type SweptRoute } from '../../support/workers/route-table.ts'

/*
 * A %-escape that does not decode (a lone `%`, `%ZZ`, half a UTF-8 character) in any segment of
 * any route, the shop's pages and the API alike: 400 with the envelope under /api and the error
 * page elsewhere, never a 500 (issue 36, item 10: /media/%E0%A4%A was one).
 */

const ORIGIN = 'http://localhost'
const MALFORMED = ['%E0%A4%A', '%ZZ', '%', 'a%2']

beforeAll(async () => {
  await seedDemo(env.DB)
})

/** Every route with a parameter or wildcard, each of them `segment`. */
function pathsWith(segment: string): Array<SweptRoute> {
  return routeTable()
    .filter(({ path }) => /[:*]/.test(path))
    .map(({ method, path }) => ({ method, path: fillRoute(path, segment) }))
}

describe('a malformed %-escape in the path', () => {
  it('is told apart from a well-formed one', () => {
    for (const segment of MALFORMED) expect(wellFormedPath(`/media/${segment}`)).toBe(false)
    expect(wellFormedPath('/media/1/a%20b.png')).toBe(true)
    expect(wellFormedPath('/stores/caf%C3%A9')).toBe(true)
  })

  it('answers 400 on every route with a parameter, the envelope under /api', async () => {
    const wrong: Array<string> = []
    let swept = 0
    for (const segment of MALFORMED) {
      for (const { method, path } of pathsWith(segment)) {
        swept += 1
        const res = await SELF.fetch(`${ORIGIN}${path}`, {
          method,
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
        })
        const text = await res.text()
        if (res.status !== 400) wrong.push(`${res.status} ${method} ${path}`)
        else if (path.startsWith('/api/')) {
          const envelope = ApiErrorSchema.parse(JSON.parse(text)).error
          if (envelope.code !== 'bad_request') wrong.push(`${envelope.code} ${method} ${path}`)
        } else if (method === 'GET' && !text.includes(MESSAGES.malformedAddress)) {
          wrong.push(`no message: ${method} ${path}`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(swept).toBeGreaterThan(300)
  })

  it('leaves a well-formed escape alone', async () => {
    const res = await SELF.fetch(`${ORIGIN}/media/${encodeURIComponent('1/no such image.png')}`)
    expect(res.status).toBe(404)
    await res.arrayBuffer()
  })
})
