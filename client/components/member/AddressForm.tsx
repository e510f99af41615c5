import { hasAddressLookup } from '../../../schemas/address-form.ts'
import type { Country } from '../../../schemas/countries.ts'
import { MEMBER_ADDRESS_FIELDS } from '../../../schemas/forms/member-address.ts'
import { ADDRESS_NAME_MAX_LENGTH } from '../../../schemas/member-addresses.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { routePath } from '../../lib/routes.ts'
import { AddressFields } from '../checkout/AddressFields.tsx'
import { island } from '../Island.tsx'
import {
  NameFields,
  SubmitButton,
  TextField,
  type FormErrors,
  type FormValues,
  ErrorSummary,
} from '../forms/Form.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useLocalised, useText } from '../../lib/page-text.ts'
import { AddressFinder, ADDRESS_FINDER_TEXTS } from '../../islands/AddressFinder.tsx'
import { useShopLocale } from '../../lib/shop-locale.ts'

/** One address the postcode lookup found: its text and the link that fills the form with it. */
export interface LookupChoice {
  label: string
  href: string
}

/** The postcode lookup's state: what was looked up, what it found, or why it found nothing. */
export interface AddressLookup {
  postcode: string
  choices: ReadonlyArray<LookupChoice>
  message: string | null
}

const AddressFinderIsland = island('AddressFinder', AddressFinder, {
  hydrate: 'visible',
  texts: ADDRESS_FINDER_TEXTS,
})

const INPUT_CLASS =
  'h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink focus:border-primary aria-invalid:border-red-700'

/**
 * Find an address by postcode through the location backend: a GET form, so the answer is a page
 * listing the postcode's addresses, each a link that fills the form below. Works without
 * JavaScript; a shopper can always type the lines instead.
 */
function PostcodeLookup({ lookup }: { lookup: AddressLookup | null }) {
  const text = useText()
  const path = routePath('member-addresses')
  const messageId = 'lookup-message'
  return (
    <div className="mb-6 rounded-2xl bg-tint p-4">
      <form
        method="get"
        action={`${path}#address-form`}
        role="search"
        aria-label={text(MESSAGES.pageFindAddress)}
      >
        <label htmlFor="lookup-postcode" className="block text-sm font-semibold">
          {text(MESSAGES.pageFindByPostcode)}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="lookup-postcode"
            name="lookup"
            type="text"
            autoComplete="postal-code"
            maxLength={TEXT_MAX_LENGTH.postcode}
            defaultValue={lookup?.postcode ?? ''}
            aria-describedby={lookup?.message ? messageId : undefined}
            className={`${INPUT_CLASS} min-w-0 flex-1`}
          />
          <button
            type="submit"
            className="h-12 shrink-0 rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
          >
            {text(MESSAGES.pageFindAddress)}
          </button>
        </div>
      </form>
      {lookup?.message ? (
        <p id={messageId} role="status" className="mt-2 text-sm font-semibold text-ink">
          {lookup.message}
        </p>
      ) : null}
      {lookup && lookup.choices.length > 0 ? (
        <ul
          aria-label={text(MESSAGES.pageAddressesAt, lookup.postcode)}
          className="mt-3 grid gap-1"
        >
          {lookup.choices.map((choice) => (
            <li key={choice.href}>
              <a
                href={choice.href}
                className="flex min-h-11 items-center rounded-xl bg-white px-3 font-medium text-ink ring-1 ring-black/10 hover:ring-primary"
              >
                {choice.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function TypeChoice({ values, errors }: { values: FormValues; errors: FormErrors }) {
  const text = useText()
  const localise = useLocalised()
  const chosen = values.type === 'billing' ? 'billing' : 'delivery'
  return (
    <fieldset className="mb-4">
      <legend className="text-sm font-semibold">{text(MESSAGES.pageUseItFor)}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {(['delivery', 'billing'] as const).map((type) => (
          <label
            key={type}
            className="flex min-h-11 items-center gap-2 rounded-xl border-2 border-black/15 bg-white px-3 font-semibold has-checked:border-primary"
          >
            <input
              type="radio"
              name={MEMBER_ADDRESS_FIELDS.type}
              value={type}
              defaultChecked={chosen === type}
            />
            {text(type === 'delivery' ? MESSAGES.pageDelivery : MESSAGES.pageBilling)}
          </label>
        ))}
      </div>
      {errors.type ? (
        <p className="mt-1 text-sm font-semibold text-red-700">{localise(errors.type)}</p>
      ) : null}
    </fieldset>
  )
}

function CountrySelect({
  countries,
  values,
  errors,
}: {
  countries: ReadonlyArray<Country>
  values: FormValues
  errors: FormErrors
}) {
  const text = useText()
  const localise = useLocalised()
  const shop = useShopLocale()
  const error = errors.country
  // A brand abroad names the countries in its language; an English one as the data has them.
  const names = shop.locale.startsWith('en')
    ? null
    : new Intl.DisplayNames([shop.locale], { type: 'region' })
  return (
    <div className="mb-4">
      <label htmlFor="address-country" className="block text-sm font-semibold">
        {text(MESSAGES.pageCountry)}
      </label>
      <select
        id="address-country"
        name={MEMBER_ADDRESS_FIELDS.country}
        autoComplete="country"
        defaultValue={values.country ?? shop.countryCode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'address-country-error' : undefined}
        className={`mt-1 ${INPUT_CLASS}`}
      >
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {names?.of(code) ?? name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="address-country-error" className="mt-1 text-sm font-semibold text-red-700">
          {localise(error)}
        </p>
      ) : null}
    </div>
  )
}

export interface AddressFormProps {
  /** Editing this address, or adding a new one. */
  editing: { addressId: number; name: string } | null
  values: FormValues
  errors: FormErrors
  countries: ReadonlyArray<Country>
  lookup: AddressLookup | null
}

/** Add or edit a saved address: a plain form post that the page answers with 303 and a notice. */
export function AddressForm({ editing, values, errors, countries, lookup }: AddressFormProps) {
  const text = useText()
  const path = routePath('member-addresses')
  // Addresses by postcode are the UK's (the checkout's finder is offered where this is).
  const shop = useShopLocale()
  const finder = !editing && hasAddressLookup(shop.countryCode)
  return (
    <section
      id="address-form"
      aria-labelledby="address-form-title"
      className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="address-form-title" className="mb-4 text-xl font-bold [overflow-wrap:anywhere]">
        {editing ? text(MESSAGES.pageEditNamed, editing.name) : text(MESSAGES.pageAddAnAddress)}
      </h2>
      {finder ? <PostcodeLookup lookup={lookup} /> : null}
      {finder ? <AddressFinderIsland /> : null}
      <form method="post" action={path} noValidate>
        <ErrorSummary id="address-form-error" errors={errors} idPrefix="address" />
        <input
          type="hidden"
          name={MEMBER_ADDRESS_FIELDS.action}
          value={editing ? 'update' : 'add'}
        />
        {editing ? (
          <input type="hidden" name={MEMBER_ADDRESS_FIELDS.addressId} value={editing.addressId} />
        ) : null}
        <TypeChoice values={values} errors={errors} />
        <TextField
          idPrefix="address"
          name={MEMBER_ADDRESS_FIELDS.name}
          label={MESSAGES.pageAddressName}
          hint={MESSAGES.pageAddressNameHint}
          autoComplete="off"
          maxLength={ADDRESS_NAME_MAX_LENGTH}
          errors={errors}
          values={values}
        />
        <NameFields idPrefix="address" errors={errors} values={values} />
        <AddressFields
          idPrefix="address"
          errors={errors}
          values={values}
          {...(values.country ? { country: values.country } : {})}
        />
        <CountrySelect countries={countries} values={values} errors={errors} />
        <label className="mb-4 flex min-h-11 items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name={MEMBER_ADDRESS_FIELDS.isDefault}
            value="yes"
            defaultChecked={values.isDefault === 'yes'}
            className="size-5 accent-primary"
          />
          {text(MESSAGES.pageMakeDefaultOfKind)}
        </label>
        <SubmitButton>
          {text(editing ? MESSAGES.pageSaveChanges : MESSAGES.pageSaveAddress)}
        </SubmitButton>
        {editing ? (
          <a
            href={path}
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
          >
            {text(MESSAGES.pageCancel)}
          </a>
        ) : null}
      </form>
    </section>
  )
}
