import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../../worker/env.ts'
import { pageCache } from '../../../worker/lib/page-cache.ts'
import type { Brand } from '../../../schemas/brand.ts'

/*
 * A page whose render reported an error while it streamed (React fell back to client rendering
 * for a boundary) reaches the shopper who asked, but is not kept for everyone (ADR 042).
 */

const BUSINESS_ID = 9_101

function pageApp(failsMidStream: boolean) {
  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    c.set('requestId', 'test-request')
    c.set('nonce', 'test-nonce')
    // Only the business id is read on the way to the cache key.
    c.set('brand', { businessId: BUSINESS_ID } as Brand)
    await next()
  })
  app.get('/faqs', pageCache('faqs'), (c) => {
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><main>Questions'))
        // As render.tsx's onError does when a boundary fails after the shell went out.
        if (failsMidStream) c.set('renderFailed', true)
        controller.enqueue(encoder.encode('</main>'))
        controller.close()
      },
    })
    c.header('Content-Type', 'text/html; charset=UTF-8')
    c.header('Cache-Control', 'public, max-age=60')
    return c.body(body)
  })
  return app
}

async function ask(app: Hono<AppEnv>, host: string) {
  const response = await app.request(`http://${host}/faqs`, {}, { ...env, PAGE_CACHE: 'on' })
  return { cache: response.headers.get('x-cache'), text: await response.text() }
}

describe('a page that failed while it streamed', () => {
  it('still reaches the shopper, and the next shopper gets a fresh render, not that page', async () => {
    const failing = pageApp(true)
    expect(await ask(failing, 'failed.localhost')).toEqual({
      cache: 'miss',
      text: '<!doctype html><main>Questions</main>',
    })
    expect((await ask(failing, 'failed.localhost')).cache).toBe('miss')
  })

  it('is kept when it rendered whole', async () => {
    const whole = pageApp(false)
    expect((await ask(whole, 'whole.localhost')).cache).toBe('miss')
    expect(await ask(whole, 'whole.localhost')).toEqual({
      cache: 'hit',
      text: '<!doctype html><main>Questions</main>',
    })
  })
})
