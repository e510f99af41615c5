import { describe, expect, it, vi } from 'vitest'
import { realexConfig } from '../../../worker/backend/payments/config.ts'
import { cardGatewayName, localSandboxActive } from '../../../worker/lib/payments-config.ts'
import { HPP_URLS } from '../../../worker/realex/hpp.ts'

const SECRET = 'a-shared-secret-of-at-least-32-characters!'
const base = {
  PAYMENTS_MODE: 'sandbox',
  CARD_GATEWAY: 'realex',
  REALEX_MERCHANT_ID: '',
  REALEX_ACCOUNT: 'internet',
  REALEX_SHARED_SECRET: SECRET,
}

describe('payments configuration', () => {
  it('uses the local sandbox page in sandbox mode without a merchant', () => {
    const config = realexConfig(base)
    expect(config.localSandbox).toBe(true)
    expect(config.merchantId).toBe('localsandbox')
    expect(config.hppUrl('http://localhost:5173')).toBe(
      'http://localhost:5173/sandbox-gateway/hpp/pay'
    )
  })

  it("uses Realex's sandbox, then live, page once a merchant is configured", () => {
    const sandbox = realexConfig({ ...base, REALEX_MERCHANT_ID: 'shopmerchant' })
    expect(sandbox.localSandbox).toBe(false)
    expect(sandbox.merchantId).toBe('shopmerchant')
    expect(sandbox.hppUrl('https://shop.example')).toBe(HPP_URLS.sandbox)
    const live = realexConfig({ ...base, PAYMENTS_MODE: 'live', REALEX_MERCHANT_ID: 'm' })
    expect(live.hppUrl('https://shop.example')).toBe(HPP_URLS.live)
    expect(localSandboxActive({ PAYMENTS_MODE: 'live', REALEX_MERCHANT_ID: '' })).toBe(false)
  })

  it('refuses to sign with a missing or short secret', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => realexConfig({ ...base, REALEX_SHARED_SECRET: 'short' })).toThrow()
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
  })

  it("reads CARD_GATEWAY, 'realex' unless it names another gateway", () => {
    expect(cardGatewayName({ CARD_GATEWAY: 'frames' })).toBe('frames')
    expect(cardGatewayName({ CARD_GATEWAY: '' })).toBe('realex')
    expect(cardGatewayName({ CARD_GATEWAY: 'paypal' })).toBe('realex')
  })
})
