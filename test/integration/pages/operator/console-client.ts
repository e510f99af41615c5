import { expect } from 'vitest'
import { createApp } from '../../../../worker/app.ts'
import { lastMessage, PASSWORD } from '../../staff/fixtures.ts'
import { jar } from '../cookie-jar.ts'
import { pageClient } from '../storefront.ts'

/**
 * The console pages' tests' client: the app's pages from their own addresses, and staff signed in
 * through both sign-in steps. `app` when the test also sends requests of its own to it; `origin`
 * for another brand's host (its business's console).
 */
export function operatorPagesClient(ipPrefix: string, app = createApp(), origin?: string) {
  const client = pageClient(app, ipPrefix, origin)
  /** Both sign-in steps through the pages; answers the browser's cookies afterwards. */
  async function signIn(email: string): Promise<string> {
    const first = await client.postForm('/store/sign-in', {
      intent: 'password',
      email,
      password: PASSWORD,
    })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe('/store/sign-in?step=code')
    const pending = jar(first)
    const { code = '' } = await lastMessage(email, 'staff_sign_in_code')
    const second = await client.postForm('/store/sign-in', { intent: 'code', code }, pending)
    expect(second.status).toBe(303)
    return jar(second, pending)
  }
  return { ...client, signIn }
}

/** The refused form's alert and field errors, for a failing assertion to show. */
export function alertOf(html: string): string {
  const alert = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? ''
  const fields = [...html.matchAll(/id="([\w-]+-error)"[^>]*>([^<]*)</g)].map(
    (m) => `${m[1]}: ${m[2]}`
  )
  return [alert, ...fields].join(' | ')
}
