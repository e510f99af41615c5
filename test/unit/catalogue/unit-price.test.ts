import { describe, expect, it } from 'vitest'
import { GB_LOCALE } from '../../../schemas/locale.ts'
import { translateEnglish } from '../../../schemas/message-catalogue.ts'
import { formatUnitPrice, unitPriceLabel, unitPriceOf } from '../../../schemas/unit-price.ts'

describe('unitPriceLabel', () => {
  it('prices weights per kg and volumes per litre, in pence under £1', () => {
    expect(unitPriceLabel('500g', 150)).toBe('£3.00/kg')
    expect(unitPriceLabel('2.5kg', 200)).toBe('80p/kg')
    expect(unitPriceLabel('1kg bag', 120)).toBe('£1.20/kg')
    expect(unitPriceLabel('150g sharing', 125)).toBe('£8.33/kg')
    expect(unitPriceLabel('6 x 330ml', 400)).toBe('£2.02/litre')
    expect(unitPriceLabel('330ml can', 75)).toBe('£2.27/litre')
    expect(unitPriceLabel('75cl', 800)).toBe('£10.67/litre')
    expect(unitPriceLabel('2 litres', 180)).toBe('90p/litre')
    expect(unitPriceLabel('4 pints', 165)).toBe('73p/litre')
    expect(unitPriceLabel('4 x 1 litre', 300)).toBe('75p/litre')
  })

  it('prices counted packs per item, roll or wash', () => {
    expect(unitPriceLabel('6 pack', 240)).toBe('40p each')
    expect(unitPriceLabel('4 x 6 pack', 1200)).toBe('50p each')
    expect(unitPriceLabel('9 rolls', 450)).toBe('50p/roll')
    expect(unitPriceLabel('24 washes', 500)).toBe('21p/wash')
    expect(unitPriceLabel('30m', 150)).toBe('5p/metre')
    expect(unitPriceLabel('loose each', 30)).toBe('30p each')
  })

  it('says nothing when the size holds no quantity', () => {
    expect(unitPriceLabel(null, 100)).toBeNull()
    expect(unitPriceLabel('medium', 100)).toBeNull()
    expect(unitPriceLabel('jumbo pack', 900)).toBeNull()
    expect(unitPriceLabel('0g', 100)).toBeNull()
  })
})

describe('formatUnitPrice in another country', () => {
  const dutch = { ...GB_LOCALE, locale: 'nl-NL', currency: 'EUR', countryCode: 'NL' }
  const say = (english: string, ...values: Array<string | number>) =>
    translateEnglish(dutch, english, ...values)

  it('says the price in the shop’s currency and the unit in its language', () => {
    const per = (size: string, price: number) => {
      const unit = unitPriceOf(size, price)
      return unit ? formatUnitPrice(unit, dutch, say) : null
    }
    expect(per('500g', 150)).toBe('€\u00a03,00/kg')
    expect(per('2 litres', 180)).toBe('€\u00a00,90/liter')
    expect(per('6 pack', 240)).toBe('€\u00a00,40 per stuk')
    expect(per('24 washes', 500)).toBe('€\u00a00,21/wasbeurt')
    expect(formatUnitPrice({ minor: 0, per: 'each' }, dutch, say)).toBe(
      'minder dan €\u00a00,01 per stuk'
    )
    expect(formatUnitPrice({ minor: 0, per: 'each' })).toBe('under 1p each')
    // Rounded before it is written: never '100p'.
    expect(unitPriceLabel('1kg', 996)).toBe('£9.96/kg')
    expect(formatUnitPrice({ minor: 100, per: 'kg' })).toBe('£1.00/kg')
  })
})
