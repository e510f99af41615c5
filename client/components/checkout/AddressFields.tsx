import { TextField, type FormErrors, type FormValues } from '../forms/Form.tsx'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { addressFormOf, type AddressFormField } from '../../../schemas/address-form.ts'
import { ADDRESS_FIELDS } from '../../lib/address-fields.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

export { ADDRESS_FIELDS }

const MAX_LENGTH: Readonly<Record<AddressFormField['name'], number>> = {
  addressLine1: TEXT_MAX_LENGTH.addressLine,
  addressLine2: TEXT_MAX_LENGTH.addressLine,
  town: TEXT_MAX_LENGTH.town,
  county: TEXT_MAX_LENGTH.county,
  postcode: TEXT_MAX_LENGTH.postcode,
}

/**
 * The address inputs of a checkout form in the country's order and words (ADR 052: the shop's
 * country unless the form names one), their errors linked like every form field's. A town
 * followed by a county share a row.
 */
export function AddressFields({
  idPrefix,
  errors,
  values,
  country,
}: {
  idPrefix: string
  errors: FormErrors
  values: FormValues
  country?: string
}) {
  const shop = useShopLocale()
  const fields = addressFormOf(country ?? shop.countryCode)
  const input = (field: AddressFormField) => (
    <TextField
      key={field.name}
      idPrefix={idPrefix}
      name={field.name}
      maxLength={MAX_LENGTH[field.name]}
      label={field.label}
      autoComplete={field.autoComplete}
      {...(field.required ? {} : { required: false })}
      errors={errors}
      values={values}
    />
  )
  return (
    <>
      {fields.map((field, index) => {
        if (field.name === 'county' && fields[index - 1]?.name === 'town') return null
        const next = fields[index + 1]
        if (field.name === 'town' && next?.name === 'county') {
          return (
            <div key="town-county" className="grid gap-x-4 sm:grid-cols-2">
              {input(field)}
              {input(next)}
            </div>
          )
        }
        return input(field)
      })}
    </>
  )
}
