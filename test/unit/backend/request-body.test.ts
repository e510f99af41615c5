import { describe, expect, it } from 'vitest'
import {
  FORM_BODY_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
  JSON_BODY_MAX_DEPTH,
  REFUSED_BODY_DRAIN_MAX_BYTES,
} from '../../../schemas/constants.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import {
  jsonDepthWithin,
  parseJsonBody,
  readBodyBytes,
  readFormFields,
  readJsonBody,
} from '../../../worker/lib/request-body.ts'

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

/** An endless chunked body that counts what was pulled and whether it was cancelled. */
function endlessBody() {
  const seen = { pulled: 0, cancelled: false }
  const chunk = new Uint8Array(16 * 1024).fill(0x20)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled += chunk.byteLength
      controller.enqueue(chunk)
    },
    cancel() {
      seen.cancelled = true
    },
  })
  return { body, seen }
}

describe('the request body reader', () => {
  it('refuses a Content-Length over the limit with 413 saying the limit', async () => {
    const request = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-length': String(JSON_BODY_MAX_BYTES + 1) },
      body: 'x'.repeat(JSON_BODY_MAX_BYTES + 1),
    })
    const error = await refusal(readJsonBody(request))
    expect(error.code).toBe('payload_too_large')
    expect(error.status).toBe(413)
    expect(error.message).toBe('This request is too large: at most 64 KB is accepted.')
    expect(error.details).toEqual({ maxBytes: JSON_BODY_MAX_BYTES })
  })

  it('cuts a chunked body off once it passes the limit, keeps nothing, drops a bounded rest', async () => {
    const { body, seen } = endlessBody()
    const request = new Request('http://x/', { method: 'POST', body })
    const error = await refusal(readBodyBytes(request, FORM_BODY_MAX_BYTES))
    expect(error.code).toBe('payload_too_large')
    // Read past the limit only to drop the rest, never past the drain cap (give or take the
    // chunks the stream queues ahead): then cancelled.
    expect(seen.cancelled).toBe(true)
    expect(seen.pulled).toBeLessThanOrEqual(
      FORM_BODY_MAX_BYTES + REFUSED_BODY_DRAIN_MAX_BYTES + 8 * 16 * 1024
    )
  })

  it('reads a body at the limit, once, and answers the same value to a second reader', async () => {
    const text = JSON.stringify({ pad: 'x'.repeat(JSON_BODY_MAX_BYTES - 20) })
    expect(new TextEncoder().encode(text).byteLength).toBeLessThanOrEqual(JSON_BODY_MAX_BYTES)
    const request = new Request('http://x/', { method: 'POST', body: text })
    const first = await readJsonBody(request)
    expect(await readJsonBody(request)).toBe(first)
    expect(parseJsonBody('  ')).toEqual({})
  })

  it('refuses JSON nested past the cap before parsing it, and malformed JSON, with 422', () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    expect(parseJsonBody(nested(JSON_BODY_MAX_DEPTH))).toBeDefined()
    const tooDeep = (() => {
      try {
        parseJsonBody(`{"a":${nested(100_000)}}`)
      } catch (error) {
        return error
      }
    })()
    expect(tooDeep).toBeInstanceOf(AppError)
    expect((tooDeep as AppError).code).toBe('validation_error')
    expect((tooDeep as AppError).message).toBe(
      `This request is nested too deeply: at most ${JSON_BODY_MAX_DEPTH} levels are accepted.`
    )
    expect(() => parseJsonBody('{"a":')).toThrow(AppError)
  })

  it('counts only brackets outside strings, escapes included', () => {
    expect(jsonDepthWithin('{"a":"[[[[{{{{"}', 1)).toBe(true)
    expect(jsonDepthWithin('{"a":"\\"[[["}', 1)).toBe(true)
    expect(jsonDepthWithin('{"a":"\\\\",  "b":[[1]]}', 2)).toBe(false)
    expect(jsonDepthWithin('[[1],[2],[3]]', 2)).toBe(true)
  })

  it('reads form fields within the form limit; a field named __proto__ is only a field', async () => {
    const form = (body: string) =>
      new Request('http://x/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
    const fields = await readFormFields(form('email=a%40b.co&email=c%40d.co&__proto__=x'))
    expect(fields).toEqual({ email: 'c@d.co', ['__proto__']: 'x' })
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    const tooBig = await refusal(readFormFields(form(`a=${'x'.repeat(FORM_BODY_MAX_BYTES)}`)))
    expect(tooBig.code).toBe('payload_too_large')
  })
})
