import { APP_SESSION_VERSION } from '../../schemas/constants.ts'

/**
 * The cookie of a browser that already runs this app version: with it, appSessionVersion
 * (worker/middleware/app-session-version.ts) keeps the state a test sends and stamps nothing.
 */
export const APP_VERSION_COOKIE = `sf_app_version=${APP_SESSION_VERSION}`

/** A Cookie header as a browser of this app version sends it, unless the test chose a version. */
export function withAppVersion(cookie = ''): string {
  if (/(^|;\s*)sf_app_version=/.test(cookie)) return cookie
  return cookie ? `${APP_VERSION_COOKIE}; ${cookie}` : APP_VERSION_COOKIE
}
