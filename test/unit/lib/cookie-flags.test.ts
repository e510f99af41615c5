import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { COOKIE_NAMES, type CookieName } from '../../../schemas/cookies.ts'
import { clearCookie, writeCookie } from '../../../worker/lib/cookies/cookies.ts'

// A browser drops a cookie only when the delete names the same path and domain, and a Secure
// cookie only over a secure answer: every delete must carry its set's flags.

const app = new Hono()
app.get('/set/:name', (c) => {
  writeCookie(c, c.req.param('name') as CookieName, 'value', 60)
  return c.body(null, 204)
})
app.get('/clear/:name', (c) => {
  clearCookie(c, c.req.param('name') as CookieName)
  return c.body(null, 204)
})

/** The attributes of a Set-Cookie line, without its value and lifetime. */
async function flags(url: string): Promise<Array<string>> {
  const res = await app.request(url)
  const [line] = res.headers.getSetCookie()
  expect(line).toBeDefined()
  return (line ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim())
    .filter((part) => !/^(max-age|expires)=/i.test(part))
    .sort()
}

const ORIGINS = ['https://shop.example', 'http://localhost:5173', 'http://shop.example']

describe('storefront cookies', () => {
  for (const name of Object.values(COOKIE_NAMES)) {
    it(`${name}: its delete carries the flags of its set`, async () => {
      for (const origin of ORIGINS) {
        const set = await flags(`${origin}/set/${name}`)
        // The store console's cookies stay under /store (ADR 018); every other one is site-wide.
        expect(set).toContain(name.startsWith('sf_staff_') ? 'Path=/store' : 'Path=/')
        expect(await flags(`${origin}/clear/${name}`)).toEqual(set)
      }
    })
  }

  it('every name starts with sf_ and is unique', () => {
    const names = Object.values(COOKIE_NAMES)
    expect(names.every((name) => name.startsWith('sf_'))).toBe(true)
    expect(new Set(names).size).toBe(names.length)
  })
})
