import { BRAND_FONT_STACKS, BRAND_FONTS } from '../../../../../schemas/brand-fonts.ts'
import { BRAND_TEXT_LIMITS } from '../../../../../schemas/operator-brands.ts'
import { FormAlert, SubmitButton, TextField } from '../../../../../client/components/forms/Form.tsx'
import { ColourField, RadioGroup } from './fields.tsx'
import { BRAND_DETAIL_FIELDS, COLOUR_FIELDS, type FormState } from './brand-forms.ts'

/** Name, slug, words, colours and font: the new brand form and the brand page's first card. */
export function BrandDetailsForm({
  action,
  state,
  submitLabel,
}: {
  action: string
  state: FormState
  submitLabel: string
}) {
  const { errors, values } = state
  const idPrefix = 'brand'
  return (
    <form method="post" action={action} noValidate>
      <FormAlert
        id="brand-alert"
        message={
          Object.keys(errors).length > 0
            ? (errors.form ?? 'Please correct the fields marked below.')
            : undefined
        }
      />
      <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-2">
        <TextField
          name={BRAND_DETAIL_FIELDS.name}
          label="Name"
          autoComplete="off"
          errors={errors}
          values={values}
          maxLength={BRAND_TEXT_LIMITS.name}
          idPrefix={idPrefix}
        />
        <TextField
          name={BRAND_DETAIL_FIELDS.slug}
          label="Slug"
          autoComplete="off"
          hint="Lower-case words joined by hyphens, unique across all brands."
          errors={errors}
          values={values}
          maxLength={BRAND_TEXT_LIMITS.slug}
          idPrefix={idPrefix}
        />
        <TextField
          name={BRAND_DETAIL_FIELDS.tagline}
          label="Tagline"
          autoComplete="off"
          required={false}
          errors={errors}
          values={values}
          maxLength={BRAND_TEXT_LIMITS.tagline}
          idPrefix={idPrefix}
        />
        <TextField
          name={BRAND_DETAIL_FIELDS.metaDescription}
          label="Description for search engines"
          autoComplete="off"
          required={false}
          errors={errors}
          values={values}
          maxLength={BRAND_TEXT_LIMITS.metaDescription}
          idPrefix={idPrefix}
        />
      </div>
      <fieldset className="mt-2">
        <legend className="text-lg font-bold">Colours</legend>
        <p className="mb-3 text-sm text-ink/80">
          Checked against WCAG 2.2 AA: text needs 4.5:1, buttons and highlights 3:1.
        </p>
        <div className="grid grid-cols-1 gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
          {COLOUR_FIELDS.map((field) => (
            <ColourField
              key={field.name}
              {...field}
              errors={errors}
              values={values}
              idPrefix={idPrefix}
            />
          ))}
        </div>
      </fieldset>
      <RadioGroup
        name={BRAND_DETAIL_FIELDS.font}
        legend="Font"
        idPrefix={idPrefix}
        errors={errors}
        value={values[BRAND_DETAIL_FIELDS.font] ?? 'system'}
        options={BRAND_FONTS.map((font) => ({ value: font, label: BRAND_FONT_STACKS[font].label }))}
      />
      <div className="max-w-xs">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </form>
  )
}
