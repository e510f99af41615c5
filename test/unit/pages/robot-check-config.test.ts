import { describe, expect, it, vi } from 'vitest'
import { waitForToken, type TurnstileApi } from '../../../client/lib/turnstile.ts'
import { LOCAL_ROBOT_CHECK_TOKEN } from '../../../schemas/basket.ts'
import { contentSecurityPolicy } from '../../../worker/middleware/security-headers.ts'
import { robotCheckConfig } from '../../../worker/pages/shared/robot-check.ts'

function fakeTurnstile(held: string | undefined): TurnstileApi {
  return {
    render: () => 'widget-1',
    getResponse: () => held,
    reset: () => undefined,
    remove: () => undefined,
  }
}

describe('coupon robot check on the basket page', () => {
  it('offers the local token unless Turnstile is configured with a site key', () => {
    expect(robotCheckConfig({ ROBOT_CHECK_PROVIDER: 'local', TURNSTILE_SITE_KEY: '' })).toEqual({
      provider: 'local',
      token: LOCAL_ROBOT_CHECK_TOKEN,
    })
    expect(robotCheckConfig({ ROBOT_CHECK_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: '' })).toEqual(
      { provider: 'local', token: LOCAL_ROBOT_CHECK_TOKEN }
    )
    expect(
      robotCheckConfig({ ROBOT_CHECK_PROVIDER: 'turnstile', TURNSTILE_SITE_KEY: '0x4AAA-site' })
    ).toEqual({ provider: 'turnstile', siteKey: '0x4AAA-site' })
  })

  it('lets Turnstile’s script and frame through the CSP only when it is used', () => {
    const local = contentSecurityPolicy('n0nce')
    expect(local).not.toContain('challenges.cloudflare.com')
    expect(local).not.toContain('frame-src')
    const turnstile = contentSecurityPolicy('n0nce', false, { turnstile: true })
    expect(turnstile).toContain(
      "script-src 'self' 'nonce-n0nce' https://challenges.cloudflare.com;"
    )
    expect(turnstile).toContain('frame-src https://challenges.cloudflare.com;')
    expect(turnstile).toContain("frame-ancestors 'none'")
  })

  it('uses the widget’s held token, else waits for the next one, and gives up in time', async () => {
    await expect(waitForToken(fakeTurnstile('held'), 'w', new Promise(() => {}))).resolves.toBe(
      'held'
    )
    await expect(
      waitForToken(fakeTurnstile(undefined), 'w', Promise.resolve('issued'))
    ).resolves.toBe('issued')
    vi.useFakeTimers()
    try {
      const never = waitForToken(fakeTurnstile(undefined), 'w', new Promise(() => {}), 1000)
      const expectation = expect(never).rejects.toThrow('Turnstile gave no token')
      await vi.advanceTimersByTimeAsync(1000)
      await expectation
    } finally {
      vi.useRealTimers()
    }
  })
})
