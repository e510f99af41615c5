import { env } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { writeCache } from '../../../worker/lib/kv-cache.ts'
import { clearParsedCache, readParsedCache } from '../../../worker/lib/parsed-cache.ts'

const Answer = z.object({ items: z.array(z.object({ name: z.string() })) })
const OtherAnswer = z.object({ items: z.array(z.unknown()) })

beforeEach(() => clearParsedCache())

/** A parse function that counts its calls. */
function counting<S extends z.ZodType>(schema: S) {
  const parse = (value: unknown) => {
    parse.calls += 1
    return schema.parse(value)
  }
  parse.calls = 0
  return parse
}

describe('readParsedCache', () => {
  it('parses an entry text once and answers the same frozen value while KV holds that text', async () => {
    await writeCache(env.CACHE, 'k:same', { items: [{ name: 'Apples' }] })
    const parse = counting(Answer)
    const first = await readParsedCache(env.CACHE, 'k:same', Answer, parse)
    const second = await readParsedCache(env.CACHE, 'k:same', Answer, parse)
    expect(second).toBe(first)
    expect(parse.calls).toBe(1)
    expect(Object.isFrozen(first?.items[0])).toBe(true)
    expect(() => first?.items.push({ name: 'Pears' })).toThrow(TypeError)
  })

  it('parses again when the entry is rewritten, and answers null once it is gone', async () => {
    await writeCache(env.CACHE, 'k:changes', { items: [{ name: 'Apples' }] })
    const parse = counting(Answer)
    await readParsedCache(env.CACHE, 'k:changes', Answer, parse)
    await writeCache(env.CACHE, 'k:changes', { items: [{ name: 'Pears' }] })
    expect(await readParsedCache(env.CACHE, 'k:changes', Answer, parse)).toEqual({
      items: [{ name: 'Pears' }],
    })
    expect(parse.calls).toBe(2)
    await env.CACHE.delete('k:changes')
    expect(await readParsedCache(env.CACHE, 'k:changes', Answer, parse)).toBeNull()
  })

  it('parses again for another schema, and keeps nothing when the parse throws', async () => {
    await writeCache(env.CACHE, 'k:schemas', { items: [{ title: 'no name' }] })
    const strict = counting(Answer)
    await expect(readParsedCache(env.CACHE, 'k:schemas', Answer, strict)).rejects.toThrow()
    await expect(readParsedCache(env.CACHE, 'k:schemas', Answer, strict)).rejects.toThrow()
    expect(strict.calls).toBe(2)
    const loose = counting(OtherAnswer)
    expect(await readParsedCache(env.CACHE, 'k:schemas', OtherAnswer, loose)).toEqual({
      items: [{ title: 'no name' }],
    })
  })

  it('answers null for an expired entry and parses a fresh one', async () => {
    await env.CACHE.put('k:old', JSON.stringify({ value: { items: [] }, expiresAt: 1 }))
    expect(await readParsedCache(env.CACHE, 'k:old', Answer, counting(Answer))).toBeNull()
    await env.CACHE.put(
      'k:old',
      // An hour after the pinned instant the tests run at: fresh for the whole file.
      JSON.stringify({ value: { items: [] }, expiresAt: Date.parse(env.TEST_NOW) + 3_600_000 })
    )
    const parse = counting(Answer)
    expect(await readParsedCache(env.CACHE, 'k:old', Answer, parse)).toEqual({ items: [] })
    expect(parse.calls).toBe(1)
  })
})
