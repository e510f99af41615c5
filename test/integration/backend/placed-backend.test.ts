import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import type { BackendApp } from '../../../worker/lib/backend-client.ts'
import { APP_VERSION_COOKIE } from '../../support/app-version.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { pageText, testEnv } from '../pages/storefront.ts'

/*
 * The backend as its own Worker (ADR 046): the storefront answers pages through its BACKEND
 * service binding, here bound to the backend Worker's entrypoint in this workerd. The in-process
 * backend the app would otherwise call refuses every call, so a page that shows came through the
 * binding.
 */

const refusing: BackendApp = {
  fetch: () => {
    throw new Error('the in-process backend was called, not the BACKEND binding')
  },
}
const app = createApp({ backend: refusing })
const placedEnv: Env = { ...testEnv, BACKEND: env.PLACED_BACKEND }

beforeAll(async () => {
  await seedDemo(env.DB)
}, 60_000)

function get(path: string, given: Env = placedEnv): Promise<Response> {
  return Promise.resolve(
    app.request(
      `http://localhost${path}`,
      { headers: { cookie: APP_VERSION_COOKIE }, redirect: 'manual' },
      given
    )
  )
}

describe('the storefront behind a placed backend', () => {
  // First, before the pages' public answers are kept in KV and no backend is called at all.
  it('without the binding calls the in-process backend, which here refuses', async () => {
    const response = await get('/stores/manchester-piccadilly', testEnv)
    expect(response.status).toBeGreaterThanOrEqual(500)
  })
  it('answers a store page through the BACKEND service binding', async () => {
    const response = await get('/stores/manchester-piccadilly')
    expect(response.status).toBe(200)
    const text = pageText(await response.text())
    expect(text).toContain('Manchester Piccadilly')
  })

  it('answers the home page and the API proxy through it too', async () => {
    expect((await get('/')).status).toBe(200)
    const api = await get('/api/business/profile')
    expect(api.status).toBe(200)
  })
})
