import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { checkImage, putImage } from '../../../worker/backend/media/images.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { exeBytes, pdfBytes, pngBytes } from '../../support/upload-files.ts'
import { OTHER, seedCatalogue } from '../catalogue/fixtures.ts'
import { testEnv } from '../pages/storefront.ts'

const app = createApp()
await seedCatalogue(env.DB)

/** The field message a refused image gets. */
async function refusal(bytes: Uint8Array, options = {}): Promise<string> {
  try {
    await checkImage(bytes, 'logo', options)
  } catch (error) {
    if (error instanceof AppError) {
      expect(error.code).toBe('validation_error')
      expect(error.fields).toEqual([{ field: 'logo', message: error.message }])
      return error.message
    }
    throw error
  }
  throw new Error('the image was accepted')
}

const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://${host}${path}`, { headers }, testEnv)

describe('uploaded images', () => {
  it('takes the type from the bytes and reads the pixel size', async () => {
    const image = await checkImage(pngBytes(), 'logo')
    expect(image).toMatchObject({ contentType: 'image/png', width: 1, height: 1 })
  })

  it('refuses what is not an image we serve, is empty, too large or too small', async () => {
    expect(await refusal(exeBytes())).toBe(MESSAGES.mediaImageType)
    expect(await refusal(pdfBytes())).toBe(MESSAGES.mediaImageType)
    expect(await refusal(new TextEncoder().encode('<svg onload="alert(1)"/>'))).toBe(
      MESSAGES.mediaImageType
    )
    expect(await refusal(new Uint8Array(0))).toBe(MESSAGES.mediaImageEmpty)
    expect(await refusal(pngBytes(), { maxBytes: 20 })).toBe(
      'The image is too large: at most 1 KB is accepted.'
    )
    expect(await refusal(pngBytes(), { minSide: 16 })).toBe(
      'The image must be at least 16 pixels wide and high.'
    )
  })

  it("is served at /media/<key> on its business's hosts: typed, nosniff, immutable", async () => {
    const stored = await putImage(env.MEDIA, 1, 'item', await checkImage(pngBytes(), 'image'))
    expect(stored.key).toMatch(/^b1\/item\/[0-9a-f-]{36}\.png$/)
    expect(stored.url).toBe(`/media/${stored.key}`)
    const res = await get('localhost', stored.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pngBytes())

    const again = await get('localhost', stored.url, {
      'if-none-match': res.headers.get('etag') ?? '',
    })
    expect(again.status).toBe(304)
    await again.body?.cancel()

    const elsewhere = await get(OTHER.host, stored.url)
    expect(elsewhere.status).toBe(404)
    await elsewhere.body?.cancel()
  })

  it('answers 404 for keys that are not stored or not ours', async () => {
    for (const path of [
      '/media/b1/item/00000000-0000-0000-0000-000000000000.png',
      '/media/b1/../b2/item/x.png',
      '/media/contact/1/secret',
      '/media/',
    ]) {
      const res = await get('localhost', path)
      expect(res.status, path).toBe(404)
      await res.body?.cancel()
    }
  })
})
