import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { imageDensityFor } from '../../../worker/backend/content/white-label.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { normaliseHost } from '../../../worker/lib/host.ts'
import { convertIds, convertQueryIds, toId } from '../../../worker/lib/ids.ts'
import { cacheKey, readCache, writeCache } from '../../../worker/lib/kv-cache.ts'
import { parseInput } from '../../../worker/lib/validation.ts'
import { errorEnvelopeResponse } from '../../../worker/lib/error-response.ts'

function thrown(run: () => unknown): AppError {
  try {
    run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

describe('normaliseHost', () => {
  it('lower-cases, strips the port and a trailing dot', () => {
    expect(normaliseHost('Shop.Example.COM:8443')).toBe('shop.example.com')
    expect(normaliseHost('localhost.')).toBe('localhost')
    expect(normaliseHost('[::1]:5173')).toBe('[::1]')
    expect(normaliseHost('127.0.0.1:8787')).toBe('127.0.0.1')
  })
})

describe('id conversion (spec §5)', () => {
  it('converts ids at any depth and leaves other fields alone', () => {
    expect(
      convertIds({
        storeId: '12',
        name: '007',
        fulfilmentDetails: { orderId: 5 },
        lines: [{ categoryId: '3' }],
      })
    ).toEqual({
      storeId: 12,
      name: '007',
      fulfilmentDetails: { orderId: 5 },
      lines: [{ categoryId: 3 }],
    })
    expect(convertIds({ draftOrderId: null })).toEqual({ draftOrderId: null })
  })

  it('refuses a non-numeric id with the field path', () => {
    const error = thrown(() => convertIds({ fulfilmentDetails: { storeId: 'abc' } }))
    expect(error.code).toBe('validation_error')
    expect(error.fields).toEqual([
      {
        field: 'fulfilmentDetails.storeId',
        message: 'There was a validation error, please make sure your details are correct.',
      },
    ])
    for (const bad of ['1.5', '-3', '0', '', true, 1e30]) expect(toId(bad)).toBeNull()
  })

  it('walks any depth without recursion, keeping field order and __proto__ as a field', () => {
    let deep: unknown = { storeId: '7' }
    for (let level = 0; level < 100_000; level++) deep = [deep]
    let converted = convertIds({ lines: deep }) as { lines: unknown }
    let inner: unknown = converted.lines
    while (Array.isArray(inner)) inner = inner[0]
    expect(inner).toEqual({ storeId: 7 })

    const parsed: unknown = JSON.parse('{"b":1,"__proto__":{"storeId":"2"},"a":{"orderId":"3"}}')
    converted = convertIds(parsed) as { lines: unknown }
    expect(Object.keys(converted)).toEqual(['b', '__proto__', 'a'])
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype)
    expect(JSON.stringify(converted)).toBe('{"b":1,"__proto__":{"storeId":2},"a":{"orderId":3}}')
  })

  it('rewrites query ids in canonical digits', () => {
    expect(convertQueryIds(new URLSearchParams('storeId=0012&q=x')).toString()).toBe(
      'storeId=12&q=x'
    )
    expect(
      thrown(() => convertQueryIds(new URLSearchParams('categoryId=x'))).fields?.[0]?.field
    ).toBe('categoryId')
  })
})

describe('parseInput', () => {
  const Schema = z.object({
    businessId: z.coerce.number().int().positive(),
    email: z.string().regex(/@/, { error: 'Please enter a valid email address.' }),
  })

  it('keeps a message the schema carries and replaces zod wording with the spec message', () => {
    const error = thrown(() => parseInput(Schema, { businessId: 'x', email: 'nope' }))
    expect(error.status).toBe(422)
    expect(error.fields).toEqual([
      {
        field: 'businessId',
        message: 'There was a validation error, please make sure your details are correct.',
      },
      { field: 'email', message: 'Please enter a valid email address.' },
    ])
  })

  it('returns the parsed output', () => {
    expect(parseInput(Schema, { businessId: '4', email: 'a@b' })).toEqual({
      businessId: 4,
      email: 'a@b',
    })
  })
})

describe('errorEnvelopeResponse', () => {
  it('turns a raw ZodError into a 422 envelope with fields', async () => {
    const result = z.object({ storeId: z.number() }).safeParse({})
    const res = errorEnvelopeResponse(result.error, 'rid-1')
    expect(res.status).toBe(422)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = ApiErrorSchema.parse(await res.json())
    expect(body.error.fields?.[0]?.field).toBe('storeId')
    expect(body.error.requestId).toBe('rid-1')
  })
})

describe('imageDensityFor', () => {
  it('picks the density for a screen scale', () => {
    expect([1, 1.4, 2, 2.4, 3, undefined].map(imageDensityFor)).toEqual([
      'mdpi_1x',
      'mdpi_1x',
      'xhdpi_2x',
      'xhdpi_2x',
      'xxhdpi_3x',
      'xhdpi_2x',
    ])
  })
})

describe('kv cache', () => {
  it('builds keys from business, store, fulfilment and inputs, independent of key order', async () => {
    const a = await cacheKey({
      scope: 'categories',
      businessId: 1,
      storeId: 10,
      fulfilmentMethod: 'delivery',
      inputs: { storeId: 10, fulfilmentMethod: 'delivery', depth: 2 },
    })
    const b = await cacheKey({
      scope: 'categories',
      businessId: 1,
      storeId: 10,
      fulfilmentMethod: 'delivery',
      inputs: { depth: 2, fulfilmentMethod: 'delivery', storeId: 10 },
    })
    expect(a).toBe(b)
    expect(a).toMatch(/^v1:categories:b1:s10:fdelivery:[0-9a-f]{32}$/)
    expect(await cacheKey({ scope: 'countries', businessId: 2 })).toMatch(/^v1:countries:b2:s-:f-:/)
    const other = await cacheKey({
      scope: 'categories',
      businessId: 2,
      storeId: 10,
      fulfilmentMethod: 'delivery',
      inputs: { depth: 2, fulfilmentMethod: 'delivery', storeId: 10 },
    })
    expect(other).not.toBe(a)
  })

  it('reads back what it wrote and nothing once it has expired', async () => {
    await writeCache(env.CACHE, 'test:fresh', { answer: 42 }, 60)
    expect(await readCache(env.CACHE, 'test:fresh')).toEqual({ answer: 42 })
    await env.CACHE.put(
      'test:stale',
      JSON.stringify({ value: { answer: 1 }, expiresAt: Date.now() - 1 })
    )
    expect(await readCache(env.CACHE, 'test:stale')).toBeNull()
    await env.CACHE.put('test:garbage', 'not json')
    expect(await readCache(env.CACHE, 'test:garbage')).toBeNull()
  })
})
