import { describe, expect, it } from 'vitest'
import { unitPriceLabel } from '../../../schemas/unit-price.ts'

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
