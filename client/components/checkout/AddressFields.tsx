import { TextField, type FormErrors, type FormValues } from '../forms/Form.tsx'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { ADDRESS_FIELDS } from '../../lib/address-fields.ts'

export { ADDRESS_FIELDS }

/** The address inputs of a checkout form, their errors linked like every form field's. */
export function AddressFields({
  idPrefix,
  errors,
  values,
}: {
  idPrefix: string
  errors: FormErrors
  values: FormValues
}) {
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        name="addressLine1"
        maxLength={TEXT_MAX_LENGTH.addressLine}
        label="Address line 1"
        autoComplete="address-line1"
        errors={errors}
        values={values}
      />
      <TextField
        idPrefix={idPrefix}
        name="addressLine2"
        maxLength={TEXT_MAX_LENGTH.addressLine}
        label="Address line 2"
        autoComplete="address-line2"
        required={false}
        errors={errors}
        values={values}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          idPrefix={idPrefix}
          name="town"
          maxLength={TEXT_MAX_LENGTH.town}
          label="Town or city"
          autoComplete="address-level2"
          errors={errors}
          values={values}
        />
        <TextField
          idPrefix={idPrefix}
          name="county"
          maxLength={TEXT_MAX_LENGTH.county}
          label="County"
          autoComplete="address-level1"
          required={false}
          errors={errors}
          values={values}
        />
      </div>
      <TextField
        idPrefix={idPrefix}
        name="postcode"
        label="Postcode"
        autoComplete="postal-code"
        maxLength={TEXT_MAX_LENGTH.postcode}
        errors={errors}
        values={values}
      />
    </>
  )
}
