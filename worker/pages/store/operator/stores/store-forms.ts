import { z } from 'zod'
import { WEEKDAY_NAMES } from '../../../../../schemas/weekdays.ts'
import { addressLinesShape } from '../../../../../schemas/forms/address-lines.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { parseTipPounds } from '../../../../../client/lib/tip-pounds.ts'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { poundsText } from '../form-values.ts'
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

const numberOf = (text: string | undefined): number | null =>
  text === undefined || text.trim() === '' ? null : Number(text.trim())

/** A posted field as typed; a missing one is undefined. */
const posted = z.string().optional().catch(undefined)
/** A posted field as typed; a missing one is blank. */
const typed = z.string().catch('')
/** A check box: ticked when 'on'. */
const box = posted.transform((value) => value === 'on')
/** A whole number the backend requires: blank is not a number, which its schema refuses. */
const required = posted.transform((text) => numberOf(text) ?? Number.NaN)

/**
 * The details form (new or existing store): StoresPages.tsx takes its field names from this
 * schema and detailsOf reads a post with it. Text stays as typed: the backend's store schema
 * (its phone and postcode rules are the truth) checks it. Coordinates blank mean "find them from
 * the postcode"; `intent` 'locate' ("Find the coordinates") saves nothing.
 */
export const StoreDetailsFormSchema = z.object({
  /** {@link STORE_DETAIL_INTENTS}: anything but 'locate' saves. */
  intent: typed,
  name: typed,
  slug: typed,
  description: typed,
  phone: typed,
  email: typed,
  ...addressLinesShape,
  latitude: posted.transform(numberOf),
  longitude: posted.transform(numberOf),
  timeZone: typed,
  isActive: box,
})

export const STORE_DETAIL_FIELDS = fieldNames(StoreDetailsFormSchema)

/** What the details form's buttons ask: save, or find the postcode's coordinates first. */
export const STORE_DETAIL_INTENTS = { save: 'save', locate: 'locate' } as const

/** The details form's text fields, which a refused form shows again as typed. */
export const DETAIL_FIELDS = Object.values(STORE_DETAIL_FIELDS).filter(
  (field) => field !== STORE_DETAIL_FIELDS.intent && field !== STORE_DETAIL_FIELDS.isActive
)

/** The details form: coordinates blank means "find them from the postcode". */
export function detailsOf(form: Record<string, string>): Parsed<Record<string, unknown>> {
  const { intent: _intent, ...fields } = StoreDetailsFormSchema.parse(form)
  // Typed as the backend's input, so a field the backend gains and the form lacks fails here.
  const input: z.input<typeof StoreDetailsInputSchema> = fields
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
  } satisfies Record<(typeof DETAIL_FIELDS)[number] | 'isActive', string>
}

/** The store page's open/closed switch: 'on' closes the store now, anything else opens it. */
export const StoreSwitchFormSchema = z.object({ temporarilyClosed: box })

export const STORE_SWITCH_FIELDS = fieldNames(StoreSwitchFormSchema)

/**
 * The fulfilment form: SchedulePages.tsx takes its field names from this schema and fulfilmentOf
 * reads a post with it. Amounts stay as typed, read in the shop's currency by fulfilmentOf, which
 * knows the shop; the backend's fulfilment schema checks the numbers and says which is wrong.
 */
export const StoreFulfilmentFormSchema = z.object({
  deliveryEnabled: box,
  deliveryRadiusKm: posted.transform(numberOf),
  deliveryFee: posted,
  minimumSpend: posted,
  freeDeliveryThreshold: posted,
  deliveryLeadMinutes: required,
  collectionEnabled: box,
  collectionFee: posted,
  collectionMinimumSpend: posted,
  collectionLeadMinutes: required,
  serviceFee: posted,
  maxBasketItems: posted.transform(numberOf),
  asapEnabled: box,
  slotDurationMinutes: required,
  slotCapacity: required,
  daysInAdvance: required,
  acceptsCard: box,
  acceptsApplePay: box,
  acceptsGooglePay: box,
  acceptsCash: box,
})

export const FULFILMENT_FIELDS = fieldNames(StoreFulfilmentFormSchema)

const F = FULFILMENT_FIELDS
/** Amounts a store must have (blank is 0). */
const MONEY_FIELDS = [
  F.deliveryFee,
  F.collectionFee,
  F.serviceFee,
  F.minimumSpend,
  F.collectionMinimumSpend,
] as const
const WHOLE_FIELDS = [
  F.deliveryLeadMinutes,
  F.collectionLeadMinutes,
  F.slotDurationMinutes,
  F.slotCapacity,
  F.daysInAdvance,
] as const
const FLAG_FIELDS = [
  F.deliveryEnabled,
  F.collectionEnabled,
  F.asapEnabled,
  F.acceptsCard,
  F.acceptsApplePay,
  F.acceptsGooglePay,
  F.acceptsCash,
] as const

const FULFILMENT_MESSAGES: Partial<Record<string, string>> = {
  [F.deliveryRadiusKm]: MESSAGES.storeDeliveryRadius,
  [F.slotDurationMinutes]: MESSAGES.storeSlotLength,
  [F.slotCapacity]: MESSAGES.storeSlotCapacity,
  [F.daysInAdvance]: MESSAGES.storeDaysInAdvance,
  [F.deliveryLeadMinutes]: MESSAGES.storeLeadMinutes,
  [F.collectionLeadMinutes]: MESSAGES.storeLeadMinutes,
  [F.maxBasketItems]: MESSAGES.storeMaxBasketItems,
  [F.freeDeliveryThreshold]: MESSAGES.storeFreeDelivery,
}

/** The fulfilment form: fees in pounds, whole numbers, switches. */
export function fulfilmentOf(
  form: Record<string, string>,
  shop: ShopLocale = GB_LOCALE
): Parsed<Record<string, unknown>> {
  const errors: FormErrors = {}
  const fields = StoreFulfilmentFormSchema.parse(form)
  const amount = (field: (typeof MONEY_FIELDS)[number] | typeof F.freeDeliveryThreshold) => {
    const pence = poundsOf(fields[field], shop)
    if (pence === undefined) errors[field] = MESSAGES.amountInvalid
    return pence
  }
  const input: Record<string, unknown> = { ...fields }
  for (const field of MONEY_FIELDS) input[field] = amount(field) ?? 0
  input[F.freeDeliveryThreshold] = amount(F.freeDeliveryThreshold) ?? null
  const parsed = safeParseForm(StoreFulfilmentSchema, input)
  const all = parsed.success
    ? errors
    : { ...formErrorsOf(parsed.error.issues, FULFILMENT_MESSAGES), ...errors }
  if (Object.keys(all).length > 0) return { ok: false, errors: all }
  return { ok: true, value: input }
}

/** The fulfilment form's values for a store. */
export function fulfilmentValuesOf(store: OperatorStore, shop: ShopLocale = GB_LOCALE): FormValues {
  const values: FormValues = {
    [F.deliveryRadiusKm]: store.deliveryRadiusKm === null ? '' : String(store.deliveryRadiusKm),
    [F.maxBasketItems]: store.maxBasketItems === null ? '' : String(store.maxBasketItems),
  }
  for (const field of MONEY_FIELDS) values[field] = poundsText(store[field], shop)
  values[F.freeDeliveryThreshold] = poundsText(store.freeDeliveryThreshold, shop)
  for (const field of WHOLE_FIELDS) values[field] = String(store[field])
  for (const field of FLAG_FIELDS) values[field] = store[field] ? 'on' : ''
  return values
}

// --- Hours: a weekly grid of `d<day>r<n>open` / `d<day>r<n>close`, and `d<day>closed` ----------

const CLOSED_WITH_TIMES = MESSAGES.storeClosedWithTimes

/** The most ranges a day's grid is read for. */
const HOURS_ROWS = 12

/**
 * The hours grid's field names, for HoursPage's inputs and the reader below: a day's range rows
 * (`d<day>r<row>open`, `…close`), its Closed box (`d<day>closed`), and where its error is shown
 * (`d<day>`).
 */
export const HOURS_FIELDS = {
  intent: 'intent',
  opens: (day: number, row: number) => `d${day}r${row}open`,
  closes: (day: number, row: number) => `d${day}r${row}close`,
  closed: (day: number) => `d${day}closed`,
  day: (day: number) => `d${day}`,
} as const

/** What the hours form's buttons ask: save the week, or fill the grid with Monday's. */
export const HOURS_INTENTS = { save: 'save', copyMonday: 'copy-monday' } as const

/**
 * The hours form as posted: its intent and each day's filled-in rows (a row with one time only is
 * kept, to refuse) with its Closed box. The grid's fields are named by HOURS_FIELDS.
 */
export const HoursFormSchema = z
  .object({ [HOURS_FIELDS.intent]: typed })
  .catchall(z.string())
  .transform((form) => ({
    intent: form[HOURS_FIELDS.intent],
    days: WEEKDAY_NAMES.map((_, day) => {
      const ranges: Array<{ opensAt: string; closesAt: string }> = []
      for (let row = 0; row < HOURS_ROWS; row++) {
        const opensAt = (form[HOURS_FIELDS.opens(day, row)] ?? '').trim()
        const closesAt = (form[HOURS_FIELDS.closes(day, row)] ?? '').trim()
        if (opensAt || closesAt) ranges.push({ opensAt, closesAt })
      }
      return { dayOfWeek: day, closed: form[HOURS_FIELDS.closed(day)] === 'on', ranges }
    }),
  }))

type PostedDay = z.output<typeof HoursFormSchema>['days'][number]

/** A week's ranges (or closed days) as the grid's values. */
function gridValues(days: ReadonlyArray<{ dayOfWeek: number; ranges: PostedDay['ranges'] }>) {
  const values: FormValues = {}
  for (const { dayOfWeek, ranges } of days) {
    ranges.forEach((range, row) => {
      values[HOURS_FIELDS.opens(dayOfWeek, row)] = range.opensAt
      values[HOURS_FIELDS.closes(dayOfWeek, row)] = range.closesAt
    })
  }
  return values
}

/**
 * The grid's values of a method's hours: 'Closed' ticked on days without any, once the method
 * has hours at all (a new store's grid starts empty, ready to fill in).
 */
export function hoursValuesOf(store: OperatorStore, method: OpeningHoursMethod): FormValues {
  const hours = store.hours.filter((h) => h.method === method)
  const days = WEEKDAY_NAMES.map((_, day) => ({
    dayOfWeek: day,
    ranges: hours.filter((h) => h.dayOfWeek === day),
  }))
  const values = gridValues(days)
  for (const day of days) {
    if (hours.length > 0 && day.ranges.length === 0)
      values[HOURS_FIELDS.closed(day.dayOfWeek)] = 'on'
  }
  return values
}

/** The week to save: a day ticked Closed has no ranges. */
function daysOf(days: ReadonlyArray<PostedDay>) {
  return days.map((day) => ({ dayOfWeek: day.dayOfWeek, ranges: day.closed ? [] : day.ranges }))
}

/** The grid with Monday's ranges (or closed) copied to every day: shown again, not saved. */
export function copyMonday(days: ReadonlyArray<PostedDay>): FormValues {
  const [monday] = daysOf(days)
  const ranges = monday?.ranges ?? []
  const values = gridValues(WEEKDAY_NAMES.map((_, day) => ({ dayOfWeek: day, ranges })))
  if (ranges.length === 0) {
    for (let day = 0; day < 7; day++) values[HOURS_FIELDS.closed(day)] = 'on'
  }
  return values
}

/** The grid's values as posted, to show it again. */
export function hoursFormValues(days: ReadonlyArray<PostedDay>): FormValues {
  const values = gridValues(days)
  for (const day of days) if (day.closed) values[HOURS_FIELDS.closed(day.dayOfWeek)] = 'on'
  return values
}

/** The week for POST /staff/operator/stores/hours, or each day's error under `d<day>`. */
export function hoursOf(
  posted: ReadonlyArray<PostedDay>,
  method: OpeningHoursMethod
): Parsed<{ method: OpeningHoursMethod; days: ReturnType<typeof daysOf> }> {
  const days = daysOf(posted)
  const errors: FormErrors = {}
  for (const day of posted) {
    // Times on a day ticked Closed: which one was meant is the operator's to say.
    if (day.closed && day.ranges.length > 0) {
      errors[HOURS_FIELDS.day(day.dayOfWeek)] = CLOSED_WITH_TIMES
    }
  }
  days.forEach((day) => {
    const one = StoreHoursRequestSchema.shape.days.safeParse([day], {
      error: () => MESSAGES.storeHoursTime,
    })
    if (!one.success) errors[HOURS_FIELDS.day(day.dayOfWeek)] ??= one.error.issues[0]?.message
  })
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, value: { method, days } }
}

// --- Zones and closures ----------------------------------------------------------------------

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
export function zoneValuesOf(zone: OperatorZone, shop: ShopLocale = GB_LOCALE): FormValues {
  return {
    [ZONE_FIELDS.kind]: zone.kind,
    [ZONE_FIELDS.radiusKm]: zone.radiusKm === null ? '' : String(zone.radiusKm),
    [ZONE_FIELDS.outcode]: zone.outcode ?? '',
    [ZONE_FIELDS.deliveryFee]: poundsText(zone.deliveryFee, shop),
    [ZONE_FIELDS.minimumSpend]: poundsText(zone.minimumSpend, shop),
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
