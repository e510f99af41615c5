import { z } from 'zod'
import { WEEKDAY_NAMES } from '../../../../../schemas/weekdays.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { parseTipPounds } from '../../../../../client/lib/tip-pounds.ts'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  type OperatorStore,
  type OperatorZone,
  StoreDetailsInputSchema,
  StoreFulfilmentSchema,
  StoreHoursRequestSchema,
  type OpeningHoursMethod,
} from '../../../../../schemas/operator-stores.ts'
import { formErrorsOf, safeParseForm } from '../../../shared/forms.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../../schemas/locale.ts'

/**
 * The store forms of the operator console as backend bodies (ADR 027): text in, typed values
 * out, or each field's error. Money is typed in pounds ('2.50') and sent in pence (ADR 005).
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FormErrors }

/**
 * An amount as typed in the shop's currency ('2', '2.5', '£2.50'; '2,50' in Dutch) in minor
 * units; blank is null; anything else undefined.
 */
export function poundsOf(
  text: string | undefined,
  shop: ShopLocale = GB_LOCALE
): number | null | undefined {
  if (text === undefined || text.trim() === '') return null
  return parseTipPounds(text, shop) ?? undefined
}

/** Pence as the form shows them: '2.50'; null as blank. */
export const poundsText = (pence: number | null): string =>
  pence === null ? '' : (pence / 100).toFixed(2)

const numberOf = (text: string | undefined): number | null =>
  text === undefined || text.trim() === '' ? null : Number(text.trim())

const checked = (form: Record<string, string>, name: string) => form[name] === 'on'

export const DETAIL_FIELDS = [
  'name',
  'slug',
  'description',
  'phone',
  'email',
  'addressLine1',
  'addressLine2',
  'town',
  'county',
  'postcode',
  'latitude',
  'longitude',
  'timeZone',
] as const

/** The details form: coordinates blank means "find them from the postcode". */
export function detailsOf(form: Record<string, string>): Parsed<Record<string, unknown>> {
  const input = {
    ...Object.fromEntries(DETAIL_FIELDS.map((field) => [field, form[field] ?? ''])),
    latitude: numberOf(form.latitude),
    longitude: numberOf(form.longitude),
    isActive: checked(form, 'isActive'),
  }
  const parsed = safeParseForm(StoreDetailsInputSchema, input)
  if (!parsed.success) return { ok: false, errors: formErrorsOf(parsed.error.issues) }
  // The raw input: the backend parses it again (its phone and postcode rules are the truth).
  return { ok: true, value: input }
}

/** The details form's values for a store, to edit it. */
export function detailValuesOf(store: OperatorStore): FormValues {
  return {
    name: store.name,
    slug: store.slug,
    description: store.description ?? '',
    phone: store.phone ?? '',
    email: store.email ?? '',
    addressLine1: store.addressLine1,
    addressLine2: store.addressLine2 ?? '',
    town: store.town,
    county: store.county ?? '',
    postcode: store.postcode,
    latitude: String(store.latitude),
    longitude: String(store.longitude),
    timeZone: store.timeZone,
    isActive: store.isActive ? 'on' : '',
  }
}

const MONEY_FIELDS = [
  'deliveryFee',
  'collectionFee',
  'serviceFee',
  'minimumSpend',
  'collectionMinimumSpend',
] as const
const OPTIONAL_MONEY_FIELDS = ['freeDeliveryThreshold'] as const
const WHOLE_FIELDS = [
  'deliveryLeadMinutes',
  'collectionLeadMinutes',
  'slotDurationMinutes',
  'slotCapacity',
  'daysInAdvance',
] as const
const FLAG_FIELDS = [
  'deliveryEnabled',
  'collectionEnabled',
  'asapEnabled',
  'acceptsCard',
  'acceptsApplePay',
  'acceptsGooglePay',
  'acceptsCash',
] as const

const FULFILMENT_MESSAGES: Partial<Record<string, string>> = {
  deliveryRadiusKm: MESSAGES.storeDeliveryRadius,
  slotDurationMinutes: MESSAGES.storeSlotLength,
  slotCapacity: MESSAGES.storeSlotCapacity,
  daysInAdvance: MESSAGES.storeDaysInAdvance,
  deliveryLeadMinutes: MESSAGES.storeLeadMinutes,
  collectionLeadMinutes: MESSAGES.storeLeadMinutes,
  maxBasketItems: MESSAGES.storeMaxBasketItems,
  freeDeliveryThreshold: MESSAGES.storeFreeDelivery,
}

/** The fulfilment form: fees in pounds, whole numbers, switches. */
export function fulfilmentOf(
  form: Record<string, string>,
  shop: ShopLocale = GB_LOCALE
): Parsed<Record<string, unknown>> {
  const errors: FormErrors = {}
  const input: Record<string, unknown> = {
    deliveryRadiusKm: numberOf(form.deliveryRadiusKm),
    maxBasketItems: numberOf(form.maxBasketItems),
  }
  for (const field of [...MONEY_FIELDS, ...OPTIONAL_MONEY_FIELDS]) {
    const pence = poundsOf(form[field], shop)
    if (pence === undefined) errors[field] = MESSAGES.amountInvalid
    input[field] = pence ?? (field === 'freeDeliveryThreshold' ? null : 0)
  }
  for (const field of WHOLE_FIELDS) input[field] = numberOf(form[field]) ?? Number.NaN
  for (const field of FLAG_FIELDS) input[field] = checked(form, field)
  const parsed = safeParseForm(StoreFulfilmentSchema, input)
  const all = parsed.success
    ? errors
    : { ...formErrorsOf(parsed.error.issues, FULFILMENT_MESSAGES), ...errors }
  if (Object.keys(all).length > 0) return { ok: false, errors: all }
  return { ok: true, value: input }
}

/** The fulfilment form's values for a store. */
export function fulfilmentValuesOf(store: OperatorStore): FormValues {
  const values: FormValues = {
    deliveryRadiusKm: store.deliveryRadiusKm === null ? '' : String(store.deliveryRadiusKm),
    maxBasketItems: store.maxBasketItems === null ? '' : String(store.maxBasketItems),
  }
  for (const field of MONEY_FIELDS) values[field] = poundsText(store[field])
  values.freeDeliveryThreshold = poundsText(store.freeDeliveryThreshold)
  for (const field of WHOLE_FIELDS) values[field] = String(store[field])
  for (const field of FLAG_FIELDS) values[field] = store[field] ? 'on' : ''
  return values
}

// --- Hours: a weekly grid of `d<day>r<n>open` / `d<day>r<n>close`, and `d<day>closed` ----------

const CLOSED_WITH_TIMES = MESSAGES.storeClosedWithTimes

/**
 * The grid's values of a method's hours: 'Closed' ticked on days without any, once the method
 * has hours at all (a new store's grid starts empty, ready to fill in).
 */
export function hoursValuesOf(store: OperatorStore, method: OpeningHoursMethod): FormValues {
  const values: FormValues = {}
  const any = store.hours.some((h) => h.method === method)
  for (let day = 0; day < 7; day++) {
    const ranges = store.hours.filter((h) => h.method === method && h.dayOfWeek === day)
    ranges.forEach((range, index) => {
      values[`d${day}r${index}open`] = range.opensAt
      values[`d${day}r${index}close`] = range.closesAt
    })
    if (any && ranges.length === 0) values[`d${day}closed`] = 'on'
  }
  return values
}

/** The grid as posted: each day's filled-in rows (a row with one time only is kept, to refuse). */
function postedDays(form: Record<string, string>) {
  return WEEKDAY_NAMES.map((_, day) => {
    const ranges: Array<{ opensAt: string; closesAt: string }> = []
    for (let row = 0; row < 12; row++) {
      const opensAt = (form[`d${day}r${row}open`] ?? '').trim()
      const closesAt = (form[`d${day}r${row}close`] ?? '').trim()
      if (opensAt || closesAt) ranges.push({ opensAt, closesAt })
    }
    return { dayOfWeek: day, closed: checked(form, `d${day}closed`), ranges }
  })
}

/** The week to save: a day ticked Closed has no ranges. */
function daysOf(form: Record<string, string>) {
  return postedDays(form).map((day) => ({
    dayOfWeek: day.dayOfWeek,
    ranges: day.closed ? [] : day.ranges,
  }))
}

/** The grid with Monday's ranges (or closed) copied to every day: shown again, not saved. */
export function copyMonday(form: Record<string, string>): FormValues {
  const [monday] = daysOf(form)
  const values: FormValues = {}
  for (let day = 0; day < 7; day++) {
    monday?.ranges.forEach((range, index) => {
      values[`d${day}r${index}open`] = range.opensAt
      values[`d${day}r${index}close`] = range.closesAt
    })
    if (!monday?.ranges.length) values[`d${day}closed`] = 'on'
  }
  return values
}

/** The grid's values as posted, to show it again. */
export function hoursFormValues(form: Record<string, string>): FormValues {
  const values: FormValues = {}
  for (const day of postedDays(form)) {
    day.ranges.forEach((range, index) => {
      values[`d${day.dayOfWeek}r${index}open`] = range.opensAt
      values[`d${day.dayOfWeek}r${index}close`] = range.closesAt
    })
    if (checked(form, `d${day.dayOfWeek}closed`)) values[`d${day.dayOfWeek}closed`] = 'on'
  }
  return values
}

/** The week for POST /staff/operator/stores/hours, or each day's error under `d<day>`. */
export function hoursOf(
  form: Record<string, string>,
  method: OpeningHoursMethod
): Parsed<{ method: OpeningHoursMethod; days: ReturnType<typeof daysOf> }> {
  const days = daysOf(form)
  const errors: FormErrors = {}
  for (const day of postedDays(form)) {
    // Times on a day ticked Closed: which one was meant is the operator's to say.
    if (day.closed && day.ranges.length > 0) errors[`d${day.dayOfWeek}`] = CLOSED_WITH_TIMES
  }
  days.forEach((day) => {
    const one = StoreHoursRequestSchema.shape.days.safeParse([day], {
      error: () => MESSAGES.storeHoursTime,
    })
    if (!one.success) errors[`d${day.dayOfWeek}`] ??= one.error.issues[0]?.message
  })
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { method, days } }
}

// --- Zones and closures ----------------------------------------------------------------------

const posted = z.string().optional().catch(undefined)

/**
 * A zone's form (new, or an existing zone's row), as posted: SchedulePages.tsx's ZoneFields takes
 * its names from this schema and zoneOf reads a post with it. Amounts are read in the shop's
 * currency by zoneOf, which knows the shop.
 */
export const ZoneFormSchema = z.object({
  /** A radius unless the outcode is chosen. */
  kind: posted.transform((kind) => (kind === 'outcode' ? 'outcode' : 'radius')),
  radiusKm: posted.transform(numberOf),
  outcode: posted.transform((outcode) => (outcode ?? '').trim().toUpperCase()),
  deliveryFee: posted,
  minimumSpend: posted,
  isActive: posted.transform((box) => box === 'on'),
})

export const ZONE_FIELDS = fieldNames(ZoneFormSchema)

/** A zone form: radius or outcode, its own fee and minimum. */
export function zoneOf(
  form: Record<string, string>,
  shop: ShopLocale = GB_LOCALE
): Parsed<Record<string, unknown>> {
  const errors: FormErrors = {}
  const zone = ZoneFormSchema.parse(form)
  const { kind, radiusKm, outcode } = zone
  const deliveryFee = poundsOf(zone.deliveryFee, shop)
  const minimumSpend = poundsOf(zone.minimumSpend, shop)
  if (deliveryFee === undefined) errors[ZONE_FIELDS.deliveryFee] = MESSAGES.amountInvalid
  if (minimumSpend === undefined) errors[ZONE_FIELDS.minimumSpend] = MESSAGES.amountInvalid
  if (kind === 'radius' && (radiusKm === null || !(radiusKm > 0) || radiusKm > 200)) {
    errors[ZONE_FIELDS.radiusKm] = MESSAGES.storeRadiusInvalid
  }
  if (kind === 'outcode' && !/^[A-Z]{1,2}\d[A-Z\d]?$/.test(outcode)) {
    errors[ZONE_FIELDS.outcode] = MESSAGES.storeOutcodeFormat
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: {
      kind,
      radiusKm: kind === 'radius' ? radiusKm : null,
      outcode: kind === 'outcode' ? outcode : null,
      deliveryFee: deliveryFee ?? null,
      minimumSpend: minimumSpend ?? null,
      isActive: zone.isActive,
    },
  }
}

/** A zone's values in its row's form. */
export function zoneValuesOf(zone: OperatorZone): FormValues {
  return {
    [ZONE_FIELDS.kind]: zone.kind,
    [ZONE_FIELDS.radiusKm]: zone.radiusKm === null ? '' : String(zone.radiusKm),
    [ZONE_FIELDS.outcode]: zone.outcode ?? '',
    [ZONE_FIELDS.deliveryFee]: poundsText(zone.deliveryFee),
    [ZONE_FIELDS.minimumSpend]: poundsText(zone.minimumSpend),
    [ZONE_FIELDS.isActive]: zone.isActive ? 'on' : '',
  }
}

/**
 * The closure form (a day the store is shut): SchedulePages.tsx takes its names from this schema
 * and closureOf reads a post with it. The date is checked against the store's today by closureOf.
 */
export const ClosureFormSchema = z.object({
  closedOn: posted.transform((date) => (date ?? '').trim()),
  /** Up to 200 characters; blank is none. */
  reason: posted.transform((reason) => (reason ?? '').trim().slice(0, 200) || null),
})

export const CLOSURE_FIELDS = fieldNames(ClosureFormSchema)

/** The closure form: a date from the store's today on, and a reason. */
export function closureOf(
  form: Record<string, string>,
  today: string
): Parsed<{ closedOn: string; reason: string | null }> {
  const { closedOn, reason } = ClosureFormSchema.parse(form)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(closedOn))
    return { ok: false, errors: { [CLOSURE_FIELDS.closedOn]: MESSAGES.storeDateRequired } }
  if (closedOn < today) {
    return { ok: false, errors: { [CLOSURE_FIELDS.closedOn]: MESSAGES.storeClosurePast } }
  }
  return { ok: true, value: { closedOn, reason } }
}
