import type { ReactNode } from 'react'
import { type FormErrors, type FormValues, INPUT_CLASS } from '../forms/Form.tsx'

/**
 * The operator forms' fields (ADR 027): each labelled, its hint and error linked with
 * aria-describedby, its value kept when the form comes back refused. Form.tsx's TextField and
 * SelectField are the shopper's (required text, options that are their own labels); these take
 * values with labels, numbers, dates, files and check boxes.
 */

export interface FieldsState {
  errors: FormErrors
  values: FormValues
  /** The form's id prefix, so two forms on a page never share ids. */
  idPrefix: string
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return (
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  )
}

function Frame({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string
  label: string
  hint: string | undefined
  error: string | undefined
  optional: boolean
  children: ReactNode
}) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {optional ? <span className="font-normal text-ink/70"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink/70">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function InputField({
  state,
  name,
  label,
  hint,
  type = 'text',
  optional = false,
  inputMode,
  maxLength = 200,
}: {
  state: FieldsState
  name: string
  label: string
  hint?: string
  type?: 'text' | 'datetime-local' | 'url'
  optional?: boolean
  inputMode?: 'numeric' | 'decimal' | 'text'
  maxLength?: number
}) {
  const id = `${state.idPrefix}-${name}`
  const error = state.errors[name]
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={maxLength}
        required={!optional}
        defaultValue={state.values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        className={`mt-1 ${INPUT_CLASS}`}
      />
    </Frame>
  )
}

export function TextAreaField({
  state,
  name,
  label,
  hint,
  rows = 4,
  optional = true,
}: {
  state: FieldsState
  name: string
  label: string
  hint?: string
  rows?: number
  optional?: boolean
}) {
  const id = `${state.idPrefix}-${name}`
  const error = state.errors[name]
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={20_000}
        defaultValue={state.values[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        className={`mt-1 ${INPUT_CLASS} h-auto py-2`}
      />
    </Frame>
  )
}

export interface Choice {
  value: string
  label: string
}

export function ChoiceField({
  state,
  name,
  label,
  hint,
  choices,
}: {
  state: FieldsState
  name: string
  label: string
  hint?: string
  choices: ReadonlyArray<Choice>
}) {
  const id = `${state.idPrefix}-${name}`
  const error = state.errors[name]
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={false}>
      <select
        id={id}
        name={name}
        defaultValue={state.values[name] ?? choices[0]?.value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint), Boolean(error))}
        className={`mt-1 ${INPUT_CLASS}`}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Frame>
  )
}

/** A check box; its value is 'on' when ticked (an unticked box sends nothing). */
export function CheckField({
  state,
  name,
  label,
  hint,
}: {
  state: FieldsState
  name: string
  label: string
  hint?: string
}) {
  const id = `${state.idPrefix}-${name}`
  return (
    <div className="mb-4 flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={state.values[name] === 'on'}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-1 size-6 accent-primary"
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-ink/70">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** A picture to upload, with the one it replaces shown beside it. */
export function ImageField({
  state,
  name,
  label,
  hint,
  current,
  optional,
}: {
  state: FieldsState
  name: string
  label: string
  hint: string
  current: string | undefined
  optional: boolean
}) {
  const id = `${state.idPrefix}-${name}`
  const error = state.errors[name]
  return (
    <Frame id={id} label={label} hint={hint} error={error} optional={optional}>
      {current ? (
        <img src={current} alt="The current picture" className="mt-2 max-h-32 rounded-lg" />
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, Boolean(error))}
        className="mt-1 block w-full text-sm file:me-3 file:h-11 file:rounded-xl file:border-0 file:bg-tint file:px-4 file:font-semibold"
      />
    </Frame>
  )
}

/** A group of fields under its own heading (legend). */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-6 rounded-xl border-2 border-black/10 p-4">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      {children}
    </fieldset>
  )
}
