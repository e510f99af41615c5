import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { SANDBOX_FRAMES_PATH } from '../lib/payments-config.ts'
import { framesSandbox } from './frames.ts'

// The sandbox frames API as the storefront serves it, reached in-process: the backend may run
// where the storefront's own host is not reachable by fetch (tests, a local backend).
const localApi = new Hono<AppEnv>().route(SANDBOX_FRAMES_PATH, framesSandbox)

/** A fetch that answers the local sandbox payments API's calls in-process, with `bindings`. */
export function localFramesFetch(
  bindings: Pick<Env, 'DB' | 'REALEX_SHARED_SECRET'>
): (input: string, init: RequestInit) => Promise<Response> {
  return (input, init) => Promise.resolve(localApi.request(input, init, bindings))
}
