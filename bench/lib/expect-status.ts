import { APP_SESSION_VERSION } from '../../schemas/constants.ts'

/**
 * Every bench row measures the answer it names: a row whose answers were not the expected status
 * (a redirect, an error page, a rate limit) measures something else, so the run stops here, says
 * which row and what came back, and exits non-zero (the servers are stopped by the caller's
 * `finally`).
 *
 * @example expectStatus('home /', { 200: 812, 302: 3 }, 200)
 */
export function expectStatus(
  row: string,
  countsByStatus: Readonly<Record<string, number>>,
  expected: number,
  errors = 0
): void {
  const unexpected = Object.entries(countsByStatus).filter(
    ([status, count]) => Number(status) !== expected && count > 0
  )
  if (unexpected.length === 0 && errors === 0) return
  const seen = Object.entries(countsByStatus)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  throw new Error(
    `bench row "${row}" expects every answer to be ${expected}, got ${seen || 'no answers'}` +
      (errors > 0 ? ` and ${errors} connection errors` : '')
  )
}

/**
 * A Cookie header with this app version's cookie added, as a returning shopper's browser sends it
 * (worker/middleware/app-session-version.ts clears the state of a browser without it).
 */
export function withAppVersionCookie(cookie: string): string {
  if (/(^|;\s*)sf_app_version=/.test(cookie)) return cookie
  const version = `sf_app_version=${APP_SESSION_VERSION}`
  return cookie ? `${version}; ${cookie}` : version
}
