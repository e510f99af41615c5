import type { MemberAddress } from '../../../schemas/member-addresses.ts'
import { addressLines } from '../member/AddressCard.tsx'
import { TextField, type FormErrors, type FormValues } from '../forms/Form.tsx'
import { ADDRESS_NAME_MAX_LENGTH } from '../../../schemas/member-addresses.ts'
import { NEW_ADDRESS, SAVED_ADDRESS_FIELD } from '../../lib/address-fields.ts'
import { SAVE_ADDRESS_FIELDS } from '../../../schemas/forms/address-choice.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

export { NEW_ADDRESS, SAVED_ADDRESS_FIELD }

/**
 * A member's saved addresses as choices of a checkout step (default first, as the backend lists
 * them), then "A new address" for the fields that follow. Plain radios: without JavaScript the
 * step reads the choice and ignores the typed fields unless "A new address" is chosen.
 */
export function SavedAddressChoice({
  idPrefix,
  addresses,
  values,
  legend,
}: {
  idPrefix: string
  addresses: ReadonlyArray<MemberAddress>
  values: FormValues
  /** Said already by the step (text(MESSAGES.x)). */
  legend: string
}) {
  const text = useText()
  const home = useShopLocale().countryCode
  if (addresses.length === 0) return null
  const chosen = values[SAVED_ADDRESS_FIELD] ?? NEW_ADDRESS
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 font-bold">{legend}</legend>
      <div className="grid gap-2">
        {addresses.map((address) => (
          <label
            key={address.addressId}
            className="flex items-start gap-3 rounded-xl border-2 border-black/15 bg-white p-3 has-checked:border-primary"
          >
            <input
              type="radio"
              name={SAVED_ADDRESS_FIELD}
              value={address.addressId}
              defaultChecked={chosen === String(address.addressId)}
              className="mt-1 size-5 shrink-0 accent-primary"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-semibold">
                {address.name}
                {address.isDefault ? (
                  <span className="font-normal text-ink/70">{` ${text(MESSAGES.pageDefaultParens)}`}</span>
                ) : null}
              </span>
              <span className="block text-sm text-ink/80">
                {addressLines(address, home).join(', ')}
              </span>
            </span>
          </label>
        ))}
        <label className="flex min-h-11 items-center gap-3 rounded-xl border-2 border-black/15 bg-white px-3 has-checked:border-primary">
          <input
            id={`${idPrefix}-new-address`}
            type="radio"
            name={SAVED_ADDRESS_FIELD}
            value={NEW_ADDRESS}
            defaultChecked={chosen === NEW_ADDRESS}
            className="size-5 shrink-0 accent-primary"
          />
          {text(MESSAGES.pageNewAddressBelow)}
        </label>
      </div>
    </fieldset>
  )
}

/** "Save this address" for a member typing a new address, with the name to keep it under. */
export function SaveAddressOption({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string
  values: FormValues
  errors: FormErrors
}) {
  const text = useText()
  return (
    <div className="mb-4 rounded-xl bg-tint p-3">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          name={SAVE_ADDRESS_FIELDS.save}
          value="yes"
          defaultChecked={values[SAVE_ADDRESS_FIELDS.save] === 'yes'}
          className="size-5 accent-primary"
        />
        {text(MESSAGES.pageSaveThisAddress)}
      </label>
      <TextField
        idPrefix={idPrefix}
        name={SAVE_ADDRESS_FIELDS.name}
        label={MESSAGES.pageSaveItAs}
        hint={MESSAGES.pageAddressNameHint}
        autoComplete="off"
        required={false}
        maxLength={ADDRESS_NAME_MAX_LENGTH}
        errors={errors}
        values={values}
      />
    </div>
  )
}
