import { describe, expect, it } from 'vitest'
import {
  earnRuleText,
  progressText,
  shareUrl,
  signedMoney,
  signedPoints,
  useCreditLabel,
} from '../../../client/lib/rewards.ts'
import type { LoyaltyProgress } from '../../../schemas/loyalty.ts'

const SCHEME = { name: 'Points', pointsPerPound: 1, rewardThreshold: 250, rewardValue: 250 }

function progress(overrides: Partial<LoyaltyProgress> = {}): LoyaltyProgress {
  return {
    scheme: SCHEME,
    pointsBalance: 120,
    lifetimePoints: 370,
    pointsToNextReward: 130,
    progressPercent: 48,
    ...overrides,
  }
}

describe('loyalty wording', () => {
  it('says the points and how many more make the next reward', () => {
    expect(progressText(progress())).toBe('120 points · 130 more for your next £2.50')
    expect(progressText(progress({ pointsBalance: 1, pointsToNextReward: 249 }))).toBe(
      '1 point · 249 more for your next £2.50'
    )
  })

  it('says how points are earned from the scheme', () => {
    expect(earnRuleText(SCHEME)).toBe(
      '1 point for every £1 you spend on delivered orders. Every 250 points become £2.50 of store credit.'
    )
    expect(earnRuleText({ ...SCHEME, pointsPerPound: 2 })).toMatch(/^2 points for every £1/)
  })

  it('signs amounts and points with a true minus', () => {
    expect(signedMoney(500)).toBe('+£5.00')
    expect(signedMoney(-500)).toBe('−£5.00')
    expect(signedPoints(12)).toBe('+12')
    expect(signedPoints(-250)).toBe('−250')
  })
})

describe('share link', () => {
  it('puts the share path on the host the member is using', () => {
    expect(shareUrl('https://shop.example', '/referrer?code=ABC123')).toBe(
      'https://shop.example/referrer?code=ABC123'
    )
  })

  it('refuses a path that would leave the site', () => {
    expect(() => shareUrl('https://shop.example', '//evil.example/x')).toThrow()
    expect(() => shareUrl('https://shop.example', 'https://evil.example/')).toThrow()
  })
})

describe('store credit fields', () => {
  it('names the balance on the switch', () => {
    expect(useCreditLabel(750)).toBe('Use my £7.50 store credit')
  })
})
