import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { overlappingRange } from '../../../schemas/operator-stores.ts'
import { OptionalBusinessPhoneSchema, normaliseUkPhone } from '../../../schemas/phone.ts'
import { normaliseBusinessPhone } from '../../../schemas/phone-country.ts'
import {
  closureOf,
  copyMonday as copyMondayOfWeek,
  fulfilmentOf,
  HoursFormSchema,
  hoursOf as hoursOfWeek,
  poundsOf,
  zoneOf,
} from '../../../worker/pages/store/operator/stores/store-forms.ts'

describe('normaliseUkPhone', () => {
  it('takes landlines, mobiles and +44 numbers as typed, tidied', () => {
    expect(normaliseUkPhone(' 0161  496 0000 ')).toBe('0161 496 0000')
    expect(normaliseUkPhone('07700 900123')).toBe('07700 900123')
    expect(normaliseUkPhone('+44 (0)20 7946 0000')).toBe('+44 (0)20 7946 0000')
    expect(normaliseUkPhone('0300 123 4567')).toBe('0300 123 4567')
  })

  it('refuses short, long and foreign numbers', () => {
    expect(normaliseUkPhone('12345')).toBeNull()
    expect(normaliseUkPhone('0161 496 00000')).toBeNull()
    expect(normaliseUkPhone('+33 1 23 45 67 89')).toBeNull()
    expect(normaliseUkPhone('00000000000')).toBeNull()
  })
})

describe("a store's phone in its business's country", () => {
  it('keeps a UK store’s number exactly as the UK rule does', () => {
    for (const typed of [' 0161  496 0000 ', '+44 (0)20 7946 0000', '12345', '+33 1 23 45 67 89']) {
      expect(normaliseBusinessPhone(typed, 'GB')).toBe(normaliseUkPhone(typed))
    }
  })

  it('keeps an Irish or Dutch number as typed, tidied, and refuses another country’s', () => {
    expect(normaliseBusinessPhone(' 01  555 0101', 'IE')).toBe('01 555 0101')
    expect(normaliseBusinessPhone('+353 1 555 0101', 'IE')).toBe('+353 1 555 0101')
    expect(normaliseBusinessPhone('030 555 0101', 'NL')).toBe('030 555 0101')
    expect(normaliseBusinessPhone('06 12345678', 'NL')).toBe('06 12345678')
    expect(normaliseBusinessPhone('+44 161 496 0000', 'IE')).toBeNull()
    expect(normaliseBusinessPhone('0161 496 0000', 'NL')).toBeNull()
    expect(normaliseBusinessPhone('030 555', 'NL')).toBeNull()
    expect(normaliseBusinessPhone('01 555 O1O1', 'IE')).toBeNull()
  })

  it('is held to a number’s shape by the schema, blank meaning none', () => {
    expect(OptionalBusinessPhoneSchema.parse('  ')).toBeNull()
    expect(OptionalBusinessPhoneSchema.parse(' 01  555 0101 ')).toBe('01 555 0101')
    for (const bad of ['12345', 'call us', '+44 161 496 0000 ext 2']) {
      expect(OptionalBusinessPhoneSchema.safeParse(bad).error?.issues[0]?.message).toBe(
        MESSAGES.phoneInvalid
      )
    }
  })
})

describe('poundsOf', () => {
  it('reads pounds as pence, blank as null, anything else as undefined', () => {
    expect(poundsOf('2.50')).toBe(250)
    expect(poundsOf('£2.5')).toBe(250)
    expect(poundsOf('40')).toBe(4000)
    expect(poundsOf('  ')).toBeNull()
    expect(poundsOf('2.505')).toBeUndefined()
    expect(poundsOf('-1')).toBeUndefined()
  })
})

describe('overlappingRange', () => {
  it('finds overlaps, also past midnight, and lets ranges touch', () => {
    expect(
      overlappingRange([
        { opensAt: '08:00', closesAt: '12:00' },
        { opensAt: '12:00', closesAt: '15:00' },
      ])
    ).toBe(-1)
    expect(
      overlappingRange([
        { opensAt: '18:00', closesAt: '02:00' },
        { opensAt: '23:00', closesAt: '23:30' },
      ])
    ).toBe(1)
    expect(
      overlappingRange([
        { opensAt: '08:00', closesAt: '12:00' },
        { opensAt: '11:59', closesAt: '13:00' },
      ])
    ).toBe(1)
  })
})

describe('the hours grid', () => {
  // The grid as the handler reads it: the post through its schema, then the week's helpers.
  const week = (form: Record<string, string>) => HoursFormSchema.parse(form).days
  const hoursOf = (form: Record<string, string>, method: 'store' | 'delivery') =>
    hoursOfWeek(week(form), method)
  const copyMonday = (form: Record<string, string>) => copyMondayOfWeek(week(form))

  it('reads each day, skipping empty rows and closed days, and names the day of an error', () => {
    const parsed = hoursOf(
      {
        d0r0open: '09:00',
        d0r0close: '17:00',
        d0r1open: '',
        d0r1close: '',
        d1closed: 'on',
        d2r0open: '09:00',
      },
      'delivery'
    )
    expect(parsed).toEqual({ ok: false, errors: { d2: MESSAGES.storeHoursTime } })
    const saved = hoursOf({ d0r0open: '22:00', d0r0close: '02:00', d1closed: 'on' }, 'store')
    expect(saved.ok && saved.value.days[0]?.ranges).toEqual([
      { opensAt: '22:00', closesAt: '02:00' },
    ])
    expect(saved.ok && saved.value.days[1]?.ranges).toEqual([])
  })

  it('asks which was meant when a day is ticked Closed and has times', () => {
    expect(hoursOf({ d2closed: 'on', d2r0open: '09:00', d2r0close: '17:00' }, 'store')).toEqual({
      ok: false,
      errors: { d2: 'Untick Closed all day, or clear the times of this day.' },
    })
  })

  it('copies Monday to every day, closed days included', () => {
    const values = copyMonday({ d0r0open: '08:00', d0r0close: '20:00', d3r0open: '10:00' })
    expect(values.d6r0open).toBe('08:00')
    expect(values.d3r0close).toBe('20:00')
    expect(copyMonday({ d0closed: 'on' }).d4closed).toBe('on')
  })
})

describe('the fulfilment form', () => {
  const form = {
    deliveryEnabled: 'on',
    deliveryRadiusKm: '',
    deliveryFee: '1.99',
    collectionFee: '0',
    serviceFee: '0.50',
    freeDeliveryThreshold: '',
    minimumSpend: '15',
    collectionMinimumSpend: '0',
    deliveryLeadMinutes: '45',
    collectionLeadMinutes: '20',
    slotDurationMinutes: '30',
    slotCapacity: '8',
    daysInAdvance: '0',
    maxBasketItems: '',
  }

  it('sends pence, nulls for blanks and the switches as booleans', () => {
    const parsed = fulfilmentOf(form)
    expect(parsed).toEqual({
      ok: true,
      value: expect.objectContaining({
        deliveryFee: 199,
        serviceFee: 50,
        minimumSpend: 1500,
        freeDeliveryThreshold: null,
        deliveryRadiusKm: null,
        maxBasketItems: null,
        deliveryEnabled: true,
        collectionEnabled: false,
        slotDurationMinutes: 30,
      }),
    })
  })

  it('names each field that is wrong', () => {
    const parsed = fulfilmentOf({
      ...form,
      serviceFee: 'free',
      slotDurationMinutes: '300',
      daysInAdvance: '',
    })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors).toMatchObject({
      serviceFee: MESSAGES.amountInvalid,
      slotDurationMinutes: 'Enter a slot length from 15 to 240 minutes.',
      daysInAdvance: 'Enter from 0 (today only) to 30 days.',
    })
  })
})

describe('zones and closures', () => {
  it('reads a radius or an outcode zone, with the store’s fee when blank', () => {
    expect(
      zoneOf({
        kind: 'outcode',
        outcode: 'ex1',
        deliveryFee: '',
        minimumSpend: '20',
        isActive: 'on',
      })
    ).toEqual({
      ok: true,
      value: {
        kind: 'outcode',
        radiusKm: null,
        outcode: 'EX1',
        deliveryFee: null,
        minimumSpend: 2000,
        isActive: true,
      },
    })
    expect(zoneOf({ kind: 'radius', radiusKm: '0' })).toMatchObject({
      ok: false,
      errors: { radiusKm: expect.any(String) },
    })
    expect(zoneOf({ kind: 'outcode', outcode: 'EX1 1AA' })).toMatchObject({
      ok: false,
      errors: { outcode: expect.any(String) },
    })
  })

  it('refuses a closure before the store’s today', () => {
    expect(closureOf({ closedOn: '2027-03-27' }, '2027-03-28')).toEqual({
      ok: false,
      errors: { closedOn: MESSAGES.storeClosurePast },
    })
    expect(closureOf({ closedOn: '2027-03-28', reason: ' ' }, '2027-03-28')).toEqual({
      ok: true,
      value: { closedOn: '2027-03-28', reason: null },
    })
  })
})
