import type { ReactNode } from 'react'
import type { FormErrors, FormValues } from '../../../../../client/components/forms/Form.tsx'

/** An error under a field, linked by the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {message}
    </p>
  )
}

/** A colour picker (a native colour input: works without JavaScript) with its error. */
export function ColourField({
  name,
  label,
  hint,
  errors,
  values,
  idPrefix,
}: {
  name: string
  label: string
  hint: string
  errors: FormErrors
  values: FormValues
  idPrefix: string
}) {
  const id = `${idPrefix}-${name}`
  const error = errors[name]
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink/70">
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="color"
        required
        defaultValue={values[name] ?? '#000000'}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        className="mt-1 h-12 w-24 cursor-pointer rounded-xl border-2 border-black/15 bg-white p-1 aria-invalid:border-red-700"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/** A group of radio buttons in a fieldset with its legend, and its error. */
export function RadioGroup({
  name,
  legend,
  options,
  errors,
  value,
  idPrefix,
}: {
  name: string
  legend: string
  options: ReadonlyArray<{ value: string; label: string; hint?: string }>
  errors: FormErrors
  value: string
  idPrefix: string
}) {
  const error = errors[name]
  const errorId = `${idPrefix}-${name}-error`
  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-1 space-y-1">
        {options.map((option) => {
          const id = `${idPrefix}-${name}-${option.value}`
          return (
            <div key={option.value} className="flex min-h-11 items-start gap-3 py-1">
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={option.value === value}
                className="mt-1 size-5 accent-(--color-primary)"
              />
              <label htmlFor={id}>
                <span className="font-semibold">{option.label}</span>
                {option.hint ? (
                  <span className="block text-sm text-ink/70">{option.hint}</span>
                ) : null}
              </label>
            </div>
          )
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}

/** A titled card of the brand page (one form each). */
export function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border-2 border-black/10 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A small action button (Go live, Check now, Remove). */
export function ActionButton({
  children,
  variant = 'secondary',
  name,
  value,
}: {
  children: ReactNode
  variant?: 'primary' | 'secondary'
  name?: string
  value?: string
}) {
  const look =
    variant === 'primary'
      ? 'bg-primary text-on-primary hover:brightness-90'
      : 'border-2 border-primary bg-white text-primary hover:bg-tint'
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`min-h-11 rounded-xl px-4 font-bold ${look}`}
    >
      {children}
    </button>
  )
}
