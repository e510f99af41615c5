import { describe, expect, it } from 'vitest'
import { chooseEncoding, isCompressible } from '../../../scripts/lib/content-encoding.ts'

describe('the preview compression', () => {
  it('prefers brotli, then gzip, as the edge does', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
  })

  it('leaves answers uncompressed when the client accepts neither', () => {
    expect(chooseEncoding(undefined)).toBeNull()
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding('deflate, gzip;q=0')).toBeNull()
  })

  const answer = {
    status: 200,
    contentType: 'text/javascript; charset=utf-8',
    contentEncoding: undefined,
    contentLength: 220_000,
  }

  it('compresses scripts, styles, SVG, HTML and JSON', () => {
    for (const contentType of [
      'text/javascript',
      'application/javascript',
      'text/css',
      'image/svg+xml',
      'text/html; charset=utf-8',
      'application/json',
    ]) {
      expect(isCompressible({ ...answer, contentType }), contentType).toBe(true)
    }
    expect(isCompressible({ ...answer, contentLength: undefined }), 'a streamed page').toBe(true)
  })

  it('leaves images, event streams, tiny, empty and already encoded answers alone', () => {
    expect(isCompressible({ ...answer, contentType: 'image/webp' })).toBe(false)
    expect(isCompressible({ ...answer, contentType: 'text/event-stream' })).toBe(false)
    expect(isCompressible({ ...answer, contentLength: 100 })).toBe(false)
    expect(isCompressible({ ...answer, status: 304 })).toBe(false)
    expect(isCompressible({ ...answer, status: 204 })).toBe(false)
    expect(isCompressible({ ...answer, contentEncoding: 'br' })).toBe(false)
  })
})
