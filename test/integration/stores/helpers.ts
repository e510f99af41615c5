import { postToBackend } from '../../support/workers/requests.ts'

let lastIp = 0

/**
 * A fresh client IP per call site: the store routes are rate limited per IP, and the limiter's
 * counts outlive a test file, so no test spends another's allowance.
 */
export function freshIp(): string {
  lastIp += 1
  return `2001:db8:${crypto.randomUUID().slice(0, 4)}::${lastIp.toString(16)}`
}

/** POST a JSON body straight to the backend, as one shopper (one IP). */
export async function postBackend(
  path: string,
  body: unknown,
  ip: string = freshIp()
): Promise<Response> {
  return postToBackend(path, body, { ip })
}
