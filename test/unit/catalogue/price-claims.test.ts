import { describe, expect, it } from 'vitest'
import {
  genuineWasPrice,
  isPriceClaimBadge,
  MIN_REFERENCE_PRICE_DAYS,
  type PriceHistory,
} from '../../../worker/backend/catalogue/price-claims.ts'

const history = (overrides: Partial<PriceHistory> = {}): PriceHistory => ({
  price: 200,
  wasPrice: 250,
  wasPriceFrom: '2026-09-01T00:00:00.000Z',
  wasPriceUntil: '2026-11-01T00:00:00.000Z',
  ...overrides,
})
const at = (iso: string) => new Date(iso)

describe('genuineWasPrice (CMA price-comparison guidance)', () => {
  it('allows an earlier, higher price charged for a meaningful period right before the current one', () => {
    expect(genuineWasPrice(history(), at('2026-11-24T12:00:00Z'))).toBe(250)
  })

  it('refuses a was-price with no recorded period, or only half of one', () => {
    expect(genuineWasPrice(history({ wasPriceFrom: null }), at('2026-11-24T12:00:00Z'))).toBeNull()
    expect(genuineWasPrice(history({ wasPriceUntil: null }), at('2026-11-24T12:00:00Z'))).toBeNull()
    expect(
      genuineWasPrice(history({ wasPriceFrom: 'soon' }), at('2026-11-24T12:00:00Z'))
    ).toBeNull()
  })

  it('refuses an earlier price that is not higher than the price now', () => {
    expect(genuineWasPrice(history({ wasPrice: 200 }), at('2026-11-24T12:00:00Z'))).toBeNull()
    expect(genuineWasPrice(history({ wasPrice: 150 }), at('2026-11-24T12:00:00Z'))).toBeNull()
    expect(genuineWasPrice(history({ wasPrice: null }), at('2026-11-24T12:00:00Z'))).toBeNull()
  })

  it(`needs the earlier price charged for at least ${MIN_REFERENCE_PRICE_DAYS} days`, () => {
    const short = history({
      wasPriceFrom: '2026-10-05T00:00:01.000Z',
      wasPriceUntil: '2026-11-02T00:00:00.000Z',
    })
    expect(genuineWasPrice(short, at('2026-11-03T00:00:00Z'))).toBeNull()
    const exactly = history({
      wasPriceFrom: '2026-10-05T00:00:00.000Z',
      wasPriceUntil: '2026-11-02T00:00:00.000Z',
    })
    expect(genuineWasPrice(exactly, at('2026-11-03T00:00:00Z'))).toBe(250)
  })

  it('ends the claim once the lower price has run longer than the earlier price did', () => {
    // 61 days at 250, then 200 from 1 November: the claim lasts until 31 December.
    expect(genuineWasPrice(history(), at('2026-12-31T23:59:59Z'))).toBe(250)
    expect(genuineWasPrice(history(), at('2027-01-01T00:00:01Z'))).toBeNull()
  })

  it('refuses a period that has not ended or is back to front', () => {
    expect(genuineWasPrice(history(), at('2026-10-15T00:00:00Z'))).toBeNull()
    const backwards = history({
      wasPriceFrom: '2026-11-01T00:00:00.000Z',
      wasPriceUntil: '2026-09-01T00:00:00.000Z',
    })
    expect(genuineWasPrice(backwards, at('2026-11-24T12:00:00Z'))).toBeNull()
  })
})

describe('isPriceClaimBadge', () => {
  it('knows the badges that claim a lower price', () => {
    for (const text of [
      'Price drop',
      'PRICE DROP',
      'Reduced',
      'Was £3.00',
      'Save 20%',
      'Half price',
      // A Dutch brand's (Domstad Markt's demo range).
      'Prijsverlaging',
      'Afgeprijsd',
      '20% korting',
    ]) {
      expect(isPriceClaimBadge(text), text).toBe(true)
    }
    for (const text of [
      'New',
      'Best seller',
      'Local',
      'Made to order',
      'Vegan',
      'Nieuw',
      'Lokaal',
    ]) {
      expect(isPriceClaimBadge(text), text).toBe(false)
    }
  })
})
