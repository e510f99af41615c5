import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { pinClock } from '../../../worker/lib/clock.ts'
import { PAGE_FRESH_MS } from '../../../worker/lib/page-cache.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { pageText, testEnv } from './storefront.ts'

/*
 * A stale page's refresh, one at a time per page (ADR 068): shoppers who ask for a page while it
 * is stale all get the stale copy, and one render replaces it; a render that fails lets the next
 * stale request try again.
 */

const cachedEnv: Env = { ...testEnv, PAGE_CACHE: 'on' } as Env
const CATEGORY = '/stores/manchester-piccadilly/category/fruit-veg'

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

afterEach(() => pinClock(testEnv, null))

/**
 * The storefront with a count of the page cache's own renders of `path`: the refresh asks as an
 * anonymous request with no cookie at all, which no test request here is. `failing` makes them
 * fail as a render whose backend broke would.
 */
function countedApp(path: string) {
  const state = { renders: 0, failing: false }
  const app = createApp({
    probe: (probed) =>
      probed.use(path, async (c, next) => {
        if (c.req.header('cookie') === undefined) {
          state.renders += 1
          if (state.failing) throw new Error('the refresh’s render failed')
        }
        await next()
      }),
  })
  return { app, state }
}

describe('a stale page is refreshed once at a time', () => {
  it('20 shoppers at once get the stale page and start one render; the next gets the fresh one', async () => {
    const path = `${CATEGORY}?refresh=once`
    const { app, state } = countedApp(CATEGORY)
    const get = (ctx?: ExecutionContext) =>
      app.request(
        `http://localhost${path}`,
        { headers: { cookie: APP_VERSION_COOKIE } },
        cachedEnv,
        ctx
      )
    expect((await get()).headers.get('x-cache')).toBe('miss')
    pinClock(testEnv, new Date(Date.now() + PAGE_FRESH_MS + 1_000))
    // Each answer goes out before its background work, as in the Worker (waitUntil).
    const contexts = Array.from({ length: 20 }, () => createExecutionContext())
    const answers = await Promise.all(contexts.map((ctx) => get(ctx)))
    expect(answers.map((answer) => answer.headers.get('x-cache'))).toEqual(
      Array.from({ length: 20 }, () => 'stale')
    )
    for (const answer of answers) expect(pageText(await answer.text())).toContain('Fruit & Veg')
    await Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)))
    expect(state.renders).toBe(1)
    const next = await get()
    expect(next.headers.get('x-cache')).toBe('hit')
    expect(state.renders).toBe(1)
  })

  it('a failed refresh lets a later stale request try again', async () => {
    const path = `${CATEGORY}?refresh=failed`
    const { app, state } = countedApp(CATEGORY)
    const get = () =>
      app.request(`http://localhost${path}`, { headers: { cookie: APP_VERSION_COOKIE } }, cachedEnv)
    expect((await get()).headers.get('x-cache')).toBe('miss')
    pinClock(testEnv, new Date(Date.now() + PAGE_FRESH_MS + 1_000))
    state.failing = true
    // Without an execution context a refresh finishes before its answer.
    expect((await get()).headers.get('x-cache')).toBe('stale')
    expect(state.renders).toBe(1)
    // The failed render kept nothing, and released the page for the next stale request.
    state.failing = false
    expect((await get()).headers.get('x-cache')).toBe('stale')
    expect(state.renders).toBe(2)
    expect((await get()).headers.get('x-cache')).toBe('hit')
    expect(state.renders).toBe(2)
  })
})
