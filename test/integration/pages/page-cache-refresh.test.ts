import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
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

// Every test renders at a pinned instant and then moves past freshness: never the wall clock.
const RENDERED_AT = Date.parse('2026-11-30T10:00:00Z')
const STALE_AT = RENDERED_AT + PAGE_FRESH_MS + 1_000
beforeEach(() => pinClock(testEnv, new Date(RENDERED_AT)))
afterEach(() => pinClock(testEnv, null))

/**
 * The storefront with a count of the page cache's own renders of `path`: the refresh asks as an
 * anonymous request with no cookie at all, which no test request here is. `failing` makes them
 * fail as a render whose backend broke would.
 */
function countedApp(path: string) {
  const state: { renders: number; failing: boolean; hang: Promise<void> | null } = {
    renders: 0,
    failing: false,
    hang: null,
  }
  const app = createApp({
    probe: (probed) =>
      probed.use(path, async (c, next) => {
        if (c.req.header('cookie') === undefined) {
          state.renders += 1
          if (state.failing) throw new Error('the refresh’s render failed')
          if (state.hang) await state.hang
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
    pinClock(testEnv, new Date(STALE_AT))
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
    pinClock(testEnv, new Date(STALE_AT))
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

  it('takes a refresh still under way after 30 s as abandoned, so the page is not stale for good', async () => {
    const path = `${CATEGORY}?refresh=abandoned`
    const { app, state } = countedApp(CATEGORY)
    const get = (ctx: ExecutionContext) =>
      app.request(
        `http://localhost${path}`,
        { headers: { cookie: APP_VERSION_COOKIE } },
        cachedEnv,
        ctx
      )
    const kept = createExecutionContext()
    expect((await get(kept)).headers.get('x-cache')).toBe('miss')
    await waitOnExecutionContext(kept)
    pinClock(testEnv, new Date(STALE_AT))
    let release = () => undefined as void
    state.hang = new Promise<void>((resolve) => {
      release = resolve
    })
    const hung = createExecutionContext()
    expect((await get(hung)).headers.get('x-cache')).toBe('stale')
    expect((await get(createExecutionContext())).headers.get('x-cache')).toBe('stale')
    expect(state.renders).toBe(1)
    // The runtime would have cancelled the first render by now: the next stale request renders.
    pinClock(testEnv, new Date(STALE_AT + 30_000))
    state.hang = null
    const retried = createExecutionContext()
    expect((await get(retried)).headers.get('x-cache')).toBe('stale')
    await waitOnExecutionContext(retried)
    expect(state.renders).toBe(2)
    release()
    await waitOnExecutionContext(hung)
  })
})
