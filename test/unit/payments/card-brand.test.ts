import { describe, expect, it } from 'vitest'
import { detectCardBrand, luhnValid } from '../../../schemas/card-brand.ts'

describe('detectCardBrand', () => {
  it.each([
    ['4263 9700 0000 5262', 'visa'],
    ['5425230000004415', 'mastercard'],
    ['5100000000000131', 'mastercard'],
    ['5599000000000000', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['6011000990139424', 'discover'],
    ['6445000000000000', 'discover'],
    ['6500000000000000', 'discover'],
    ['6221260000000000', 'discover'],
    ['3528000000000000', 'jcb'],
    ['3589000000000000', 'jcb'],
  ])('%s is %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand)
  })

  it.each([
    '374101000000608',
    '5000000000000000',
    '5600000000000000',
    '2220990000000000',
    '2721000000000000',
    '3527000000000000',
    '6221250000000000',
    '',
    'abcd',
  ])('%s has no brand we take', (number) => {
    expect(detectCardBrand(number)).toBeNull()
  })
})

describe('luhnValid', () => {
  it.each(['4263970000005262', '4000120000001154', '4012001038488884', '4242 4200 0000 0091'])(
    '%s passes',
    (number) => {
      expect(luhnValid(number)).toBe(true)
    }
  )
  it.each(['4263970000005263', '1234567890123', '42639700', '4263-9700-0000-526x'])(
    '%s fails',
    (number) => {
      expect(luhnValid(number)).toBe(false)
    }
  )
})
