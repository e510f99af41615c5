import type { OperatorStore, OpeningHoursMethod } from '../../../../../schemas/operator-stores.ts'
import { WEEKDAY_NAMES } from '../../../../../schemas/weekdays.ts'
import { hasPostcodeDistricts } from '../../../../../schemas/postcode.ts'
import {
  type FormErrors,
  type FormValues,
  FormAlert,
} from '../../../../../client/components/forms/Form.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import {
  CheckField,
  FieldError,
  FieldGroup,
  InputField,
  SmallButton,
  type StoreLinks,
  StoreTabs,
} from './StoreFields.tsx'
import { useCurrencySymbol, useShopLocale } from '../../../../../client/lib/shop-locale.ts'
import { typedAmount } from '../../../../../client/lib/tip-pounds.ts'
import {
  CLOSURE_FIELDS,
  FULFILMENT_FIELDS,
  HOURS_FIELDS,
  HOURS_INTENTS,
  ZONE_FIELDS,
} from './store-forms.ts'

type FulfilmentField = (typeof FULFILMENT_FIELDS)[keyof typeof FULFILMENT_FIELDS]

const METHOD_LABELS: Record<OpeningHoursMethod, string> = {
  store: 'Store',
  delivery: 'Delivery',
  collection: 'Collection',
}

function ErrorSummary({ id, errors }: { id: string; errors: FormErrors }) {
  if (errors.form) return <FormAlert id={id} message={errors.form} />
  if (Object.keys(errors).length === 0) return null
  return <FormAlert id={id} message="Some values need changing: see the fields marked below." />
}

/** How many range rows a day shows: its ranges and one empty row, at least two. */
function rangeRows(values: FormValues, day: number): number {
  let rows = 0
  while (values[HOURS_FIELDS.opens(day, rows)] !== undefined) rows += 1
  return Math.max(2, rows + 1)
}

/**
 * One method's week: per day one or more ranges (a range closing at or before it opens runs past
 * midnight), or Closed. "Copy Monday to every day" fills the grid again without saving.
 */
export function HoursPage({
  frame,
  store,
  links,
  method,
  methodHref,
  action,
  values,
  errors,
}: {
  frame: OperatorFrame
  store: OperatorStore
  links: StoreLinks
  method: OpeningHoursMethod
  methodHref: (method: OpeningHoursMethod) => string
  action: string
  values: FormValues
  errors: FormErrors
}) {
  const id = 'hours'
  return (
    <OperatorLayout
      frame={frame}
      title={`${store.name}: opening hours`}
      intro={`Local times in ${store.timeZone.replace(/_/g, ' ')}. Delivery and collection without hours of their own follow the store's.`}
    >
      <StoreTabs links={links} current="hours" />
      <nav aria-label="Opening hours of" className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(METHOD_LABELS) as Array<OpeningHoursMethod>).map((m) => (
          <a
            key={m}
            href={methodHref(m)}
            {...(m === method ? { 'aria-current': 'page' as const } : {})}
            className={`inline-flex min-h-11 items-center rounded-xl px-4 font-semibold ring-2 ${
              m === method ? 'bg-ink text-white ring-ink' : 'bg-white ring-black/15'
            }`}
          >
            {METHOD_LABELS[m]}
          </a>
        ))}
      </nav>
      <form method="post" action={action} noValidate>
        <ErrorSummary id={`${id}-alert`} errors={errors} />
        <p className="mb-4 max-w-3xl text-ink/80">
          A range that closes at or before it opens (22:00 to 02:00) runs past midnight. Ranges of a
          day must not overlap. A day without times is closed. Leave a row empty to drop it; each
          save adds an empty row for another range.
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          {WEEKDAY_NAMES.map((dayName, day) => {
            const dayError = errors[HOURS_FIELDS.day(day)]
            return (
              <fieldset
                key={dayName}
                className="rounded-2xl border-2 border-black/10 bg-white p-4"
                aria-describedby={dayError ? `${id}-d${day}-error` : undefined}
              >
                <legend className="px-1 text-lg font-bold">{dayName}</legend>
                <CheckField
                  idPrefix={id}
                  name={HOURS_FIELDS.closed(day)}
                  label="Closed all day"
                  values={values}
                />
                {Array.from({ length: rangeRows(values, day) }, (_, row) => (
                  <div key={row} className="grid grid-cols-2 gap-x-3">
                    <InputField
                      idPrefix={id}
                      name={HOURS_FIELDS.opens(day, row)}
                      label={`Opens (range ${row + 1})`}
                      type="time"
                      errors={{}}
                      values={values}
                    />
                    <InputField
                      idPrefix={id}
                      name={HOURS_FIELDS.closes(day, row)}
                      label={`Closes (range ${row + 1})`}
                      type="time"
                      errors={{}}
                      values={values}
                    />
                  </div>
                ))}
                <FieldError id={`${id}-d${day}`} error={dayError} />
              </fieldset>
            )
          })}
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <SmallButton tone="primary" name={HOURS_FIELDS.intent} value={HOURS_INTENTS.save}>
            Save {METHOD_LABELS[method].toLowerCase()} hours
          </SmallButton>
          <SmallButton name={HOURS_FIELDS.intent} value={HOURS_INTENTS.copyMonday}>
            Copy Monday to every day
          </SmallButton>
        </div>
      </form>
    </OperatorLayout>
  )
}

/** Fees, minimums, slots, lead times, limits and payments of a store. */
export function FulfilmentPage({
  frame,
  store,
  links,
  action,
  values,
  errors,
}: {
  frame: OperatorFrame
  store: OperatorStore
  links: StoreLinks
  action: string
  values: FormValues
  errors: FormErrors
}) {
  const currency = useCurrencySymbol()
  const shop = useShopLocale()
  const id = 'fulfilment'
  const field = (name: FulfilmentField, label: string, hint?: string) => (
    <InputField
      idPrefix={id}
      name={name}
      label={label}
      inputMode="decimal"
      prefix={currency}
      errors={errors}
      values={values}
      {...(hint ? { hint } : {})}
      required={name !== FULFILMENT_FIELDS.freeDeliveryThreshold}
    />
  )
  const whole = (name: FulfilmentField, label: string, hint?: string, required = true) => (
    <InputField
      idPrefix={id}
      name={name}
      label={label}
      inputMode="numeric"
      errors={errors}
      values={values}
      required={required}
      {...(hint ? { hint } : {})}
    />
  )
  return (
    <OperatorLayout
      frame={frame}
      title={`${store.name}: delivery and collection`}
      intro={`Amounts in ${currency}, for example ${typedAmount(250, shop)}.`}
    >
      <StoreTabs links={links} current="fulfilment" />
      <form method="post" action={action} noValidate className="max-w-3xl">
        <ErrorSummary id={`${id}-alert`} errors={errors} />
        <FieldGroup legend="Delivery">
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.deliveryEnabled}
            label="Delivers"
            values={values}
          />
          <InputField
            idPrefix={id}
            name={FULFILMENT_FIELDS.deliveryRadiusKm}
            label="Delivery radius (km)"
            hint="Used only while the store has no delivery zones."
            inputMode="decimal"
            errors={errors}
            values={values}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field(FULFILMENT_FIELDS.deliveryFee, 'Delivery fee')}
            {field(FULFILMENT_FIELDS.minimumSpend, 'Minimum spend', '0 means no minimum.')}
            {field(
              FULFILMENT_FIELDS.freeDeliveryThreshold,
              'Free delivery from',
              'Blank: never free.'
            )}
            {whole(FULFILMENT_FIELDS.deliveryLeadMinutes, 'ASAP delivery in (minutes)')}
          </div>
        </FieldGroup>
        <FieldGroup legend="Collection">
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.collectionEnabled}
            label="Takes collections"
            values={values}
          />
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field(FULFILMENT_FIELDS.collectionFee, 'Collection fee')}
            {field(
              FULFILMENT_FIELDS.collectionMinimumSpend,
              'Minimum spend',
              '0 means no minimum.'
            )}
            {whole(FULFILMENT_FIELDS.collectionLeadMinutes, 'ASAP collection in (minutes)')}
          </div>
        </FieldGroup>
        <FieldGroup legend="Every order">
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field(FULFILMENT_FIELDS.serviceFee, 'Service fee', 'Added to every basket.')}
            {whole(
              FULFILMENT_FIELDS.maxBasketItems,
              'Most items in a basket',
              'Blank: no limit.',
              false
            )}
          </div>
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.asapEnabled}
            label="Offer ASAP"
            values={values}
          />
        </FieldGroup>
        <FieldGroup legend="Time slots">
          <p className="mb-3 text-sm text-ink/80">
            Slots already held or booked keep their times and capacity. A new length or capacity
            applies to slots nobody has reserved yet.
          </p>
          <div className="grid gap-x-4 sm:grid-cols-3">
            {whole(
              FULFILMENT_FIELDS.slotDurationMinutes,
              'Slot length (minutes)',
              'From 15 to 240.'
            )}
            {whole(FULFILMENT_FIELDS.slotCapacity, 'Orders per slot')}
            {whole(
              FULFILMENT_FIELDS.daysInAdvance,
              'Days in advance',
              '0 means today only; at most 30.'
            )}
          </div>
        </FieldGroup>
        <FieldGroup legend="Payment methods accepted">
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.acceptsCard}
            label="Card"
            values={values}
          />
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.acceptsApplePay}
            label="Apple Pay"
            values={values}
          />
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.acceptsGooglePay}
            label="Google Pay"
            values={values}
          />
          <CheckField
            idPrefix={id}
            name={FULFILMENT_FIELDS.acceptsCash}
            label="Cash"
            values={values}
          />
        </FieldGroup>
        <SmallButton tone="primary">Save delivery and collection</SmallButton>
      </form>
    </OperatorLayout>
  )
}

/** Whole-day closures from today on: add (date and reason), remove. */
export function ClosuresPage({
  frame,
  store,
  links,
  action,
  removeAction,
  values,
  errors,
}: {
  frame: OperatorFrame
  store: OperatorStore
  links: StoreLinks
  action: string
  removeAction: (closureId: number) => string
  values: FormValues
  errors: FormErrors
}) {
  const id = 'closure'
  return (
    <OperatorLayout
      frame={frame}
      title={`${store.name}: closures`}
      intro="Days the store is closed whatever its hours say (bank holidays, refits)."
    >
      <StoreTabs links={links} current="closures" />
      {store.closures.length === 0 ? (
        <p className="mb-6">No closures are planned.</p>
      ) : (
        <ul className="mb-6 max-w-3xl divide-y divide-black/10 rounded-2xl border-2 border-black/10 bg-white">
          {store.closures.map((closure) => (
            <li key={closure.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span>
                <span className="font-bold">{closure.closedOn}</span>
                {closure.reason ? ` · ${closure.reason}` : null}
              </span>
              <form method="post" action={removeAction(closure.id)}>
                <SmallButton tone="danger">
                  Remove<span className="sr-only"> the closure on {closure.closedOn}</span>
                </SmallButton>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={action} noValidate className="max-w-md">
        <ErrorSummary id={`${id}-alert`} errors={errors} />
        <FieldGroup legend="Close the store for a day">
          <InputField
            idPrefix={id}
            name={CLOSURE_FIELDS.closedOn}
            label="Date"
            type="date"
            required
            hint={`Today (${store.today}) or later.`}
            errors={errors}
            values={values}
          />
          <InputField
            idPrefix={id}
            name={CLOSURE_FIELDS.reason}
            label="Reason"
            maxLength={200}
            errors={errors}
            values={values}
          />
          <SmallButton tone="primary">Add the closure</SmallButton>
        </FieldGroup>
      </form>
    </OperatorLayout>
  )
}

/** The fields of one zone (a new one, or an existing one's row). */
function ZoneFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string
  values: FormValues
  errors: FormErrors
}) {
  const currency = useCurrencySymbol()
  const kind = values[ZONE_FIELDS.kind] ?? 'radius'
  // Only UK postcodes have districts; elsewhere a zone is a radius (one kept from before still shows).
  const districts = hasPostcodeDistricts(useShopLocale().countryCode) || kind === 'outcode'
  return (
    <>
      {districts ? (
        <fieldset className="mb-3">
          <legend className="text-sm font-semibold">Kind</legend>
          <div className="flex flex-wrap gap-4">
            {(['radius', 'outcode'] as const).map((option) => (
              <label key={option} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={ZONE_FIELDS.kind}
                  value={option}
                  defaultChecked={kind === option}
                  className="size-5 accent-primary"
                />
                {option === 'radius' ? 'A radius around the store' : 'A postcode district'}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <input type="hidden" name={ZONE_FIELDS.kind} value="radius" />
      )}
      <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField
          idPrefix={idPrefix}
          name={ZONE_FIELDS.radiusKm}
          label="Radius (km)"
          inputMode="decimal"
          errors={errors}
          values={values}
        />
        {districts ? (
          <InputField
            idPrefix={idPrefix}
            name={ZONE_FIELDS.outcode}
            label="Postcode district"
            hint="For example M1"
            maxLength={4}
            errors={errors}
            values={values}
          />
        ) : null}
        <InputField
          idPrefix={idPrefix}
          name={ZONE_FIELDS.deliveryFee}
          label="Delivery fee"
          hint="Blank: the store's"
          inputMode="decimal"
          prefix={currency}
          errors={errors}
          values={values}
        />
        <InputField
          idPrefix={idPrefix}
          name={ZONE_FIELDS.minimumSpend}
          label="Minimum spend"
          hint="Blank: the store's"
          inputMode="decimal"
          prefix={currency}
          errors={errors}
          values={values}
        />
      </div>
      <CheckField idPrefix={idPrefix} name={ZONE_FIELDS.isActive} label="Active" values={values} />
    </>
  )
}

/** Delivery zones: each a radius or a postcode district with its own fee and minimum. */
export function ZonesPage({
  frame,
  store,
  links,
  action,
  zoneAction,
  removeAction,
  zoneValues,
  values,
  errors,
  failedZoneId,
}: {
  frame: OperatorFrame
  store: OperatorStore
  links: StoreLinks
  action: string
  zoneAction: (zoneId: number) => string
  removeAction: (zoneId: number) => string
  /** Each zone's form values, by id. */
  zoneValues: ReadonlyMap<number, FormValues>
  values: FormValues
  errors: FormErrors
  /** The zone whose form was refused (its errors and values are `errors`/`values`), if any. */
  failedZoneId: number | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title={`${store.name}: delivery zones`}
      intro={
        store.zones.length === 0
          ? `Without zones the store delivers within ${store.deliveryRadiusKm ?? 0} km.`
          : 'The store delivers to an address inside any active zone; a zone’s fee and minimum replace the store’s.'
      }
    >
      <StoreTabs links={links} current="zones" />
      {store.zones.map((zone) => {
        const failed = failedZoneId === zone.id
        const idPrefix = `zone-${zone.id}`
        return (
          <div key={zone.id} className="mb-4 max-w-4xl">
            <form method="post" action={zoneAction(zone.id)} noValidate>
              {failed ? <ErrorSummary id={`${idPrefix}-alert`} errors={errors} /> : null}
              <FieldGroup
                legend={
                  zone.kind === 'radius' ? `Within ${zone.radiusKm} km` : `District ${zone.outcode}`
                }
              >
                <ZoneFields
                  idPrefix={idPrefix}
                  values={failed ? values : (zoneValues.get(zone.id) ?? {})}
                  errors={failed ? errors : {}}
                />
                <SmallButton tone="primary">Save the zone</SmallButton>
              </FieldGroup>
            </form>
            <form method="post" action={removeAction(zone.id)} className="-mt-4 mb-6">
              <SmallButton tone="danger">Remove the zone</SmallButton>
            </form>
          </div>
        )
      })}
      <form method="post" action={action} noValidate className="max-w-4xl">
        {failedZoneId === null ? <ErrorSummary id="zone-new-alert" errors={errors} /> : null}
        <FieldGroup legend="Add a zone">
          <ZoneFields
            idPrefix="zone-new"
            values={failedZoneId === null ? values : { kind: 'radius', isActive: 'on' }}
            errors={failedZoneId === null ? errors : {}}
          />
          <SmallButton tone="primary">Add the zone</SmallButton>
        </FieldGroup>
      </form>
    </OperatorLayout>
  )
}
