import type { ReactNode } from 'react'
import type { FormErrors, FormValues } from '../../../../../client/components/forms/Form.tsx'

/** Where a store's pages are (the worker builds them from OPERATOR_PATHS). */
export interface StoreLinks {
  list: string
  details: string
  fulfilment: string
  hours: string
  closures: string
  zones: string
  /** The store's history in the audit log. */
  audit: string
}

const TABS: ReadonlyArray<{ key: keyof StoreLinks; label: string }> = [
  { key: 'details', label: 'Details' },
  { key: 'hours', label: 'Opening hours' },
  { key: 'fulfilment', label: 'Delivery and collection' },
  { key: 'zones', label: 'Delivery zones' },
  { key: 'closures', label: 'Closures' },
  { key: 'audit', label: 'History' },
]

/** The store's own pages, this one marked; they wrap onto more lines on a phone, as the console's tabs do. */
export function StoreTabs({
  links,
  current,
}: {
  links: StoreLinks
  current: 'details' | 'hours' | 'fulfilment' | 'zones' | 'closures'
}) {
  return (
    <nav aria-label="This store" className="mb-6">
      <ul className="flex flex-wrap gap-3 py-1">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <a
              href={links[tab.key]}
              {...(tab.key === current ? { 'aria-current': 'page' as const } : {})}
              className={`inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-2 ${
                tab.key === current
                  ? 'bg-primary text-on-primary ring-primary'
                  : 'bg-white text-ink ring-black/15 hover:ring-primary'
              }`}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const INPUT =
  'h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink focus:border-primary aria-invalid:border-red-700'

/** Ids of a field's hint and error, for aria-describedby. */
function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  )
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
      {error}
    </p>
  ) : null
}

/**
 * An input for numbers, money, times and dates (the console's TextField covers text): label,
 * optional hint and error linked with aria-describedby, the value kept after a refusal.
 */
export function InputField({
  idPrefix,
  name,
  label,
  errors,
  values,
  hint,
  type = 'text',
  inputMode,
  required = false,
  prefix,
  maxLength = 40,
}: {
  idPrefix: string
  name: string
  label: string
  errors: FormErrors
  values: FormValues
  hint?: string
  type?: 'text' | 'time' | 'date'
  inputMode?: 'decimal' | 'numeric' | 'text'
  required?: boolean
  /** Shown before the input, e.g. '£'. */
  prefix?: string
  maxLength?: number
}) {
  const id = `${idPrefix}-${name}`
  const error = errors[name]
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required ? null : <span className="font-normal text-ink/70"> (optional)</span>}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
      <div className="mt-1 flex items-center gap-2">
        {prefix ? (
          <span aria-hidden="true" className="font-semibold">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type={type}
          inputMode={inputMode}
          maxLength={type === 'text' ? maxLength : undefined}
          required={required}
          defaultValue={values[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={INPUT}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  )
}

/** A checkbox with its label beside it, 44px tall to tap. */
export function CheckField({
  idPrefix,
  name,
  label,
  values,
  hint,
}: {
  idPrefix: string
  name: string
  label: string
  values: FormValues
  hint?: string
}) {
  const id = `${idPrefix}-${name}`
  return (
    <div className="mb-2">
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-3 font-semibold">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={values[name] === 'on'}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 accent-primary"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 ms-8 text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A group of fields with a legend. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-6 rounded-2xl border-2 border-black/10 bg-white p-4 sm:p-5">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** A button that is a form's second choice, or a small one in a table row. */
export function SmallButton({
  children,
  name,
  value,
  tone = 'plain',
}: {
  children: ReactNode
  name?: string
  value?: string
  tone?: 'plain' | 'danger' | 'primary'
}) {
  const look =
    tone === 'danger'
      ? 'border-red-700 bg-white text-red-800 hover:bg-red-50'
      : tone === 'primary'
        ? 'border-primary bg-primary text-on-primary hover:brightness-90'
        : 'border-primary bg-white text-primary hover:bg-tint'
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`min-h-11 rounded-xl border-2 px-4 font-bold ${look}`}
    >
      {children}
    </button>
  )
}
