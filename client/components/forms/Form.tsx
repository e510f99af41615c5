import type { ReactNode } from 'react'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import type { FormErrors, FormValues } from '../../lib/form-values.ts'
import type { ChoiceOption } from '../../../schemas/forms/where-heard.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useLocalised, useText } from '../../lib/page-text.ts'

export type { FormErrors, FormValues }

/** A centred card holding one form (sign-in, checkout step): phone first, a readable width on desktop. */
export function FormCard({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  // A title is catalogue English (MESSAGES.x) or a page's own words, said as they are.
  const text = useText()
  return (
    <div className="bg-tint px-4 py-8 sm:py-14">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-black/10 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{text(title)}</h1>
        {/* An intro may quote a long email address: break it rather than overflow on phones. */}
        {intro ? (
          <div className="mt-2 text-ink/80 [overflow-wrap:anywhere]">
            {typeof intro === 'string' ? text(intro) : intro}
          </div>
        ) : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}

const SUMMARY_CLASS =
  'mb-5 scroll-mt-24 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40 focus:outline-2 focus:outline-offset-2 focus:outline-red-700'

/**
 * The one error summary of a refused form (issue 35 item 15), at the top of the form: the message
 * about the whole form, then each field's error as a link to its field (`#<idPrefix>-<field>`, the
 * ids TextField gives). It takes focus: a server-rendered refusal by `autofocus` (no script
 * needed; the browser scrolls it into view on a phone too), an island's when it mounts.
 */
export function ErrorSummary({
  id,
  errors,
  idPrefix,
}: {
  id: string
  errors: FormErrors
  /** Prefix of the fields' ids, to link each field error to its field; none: plain text. */
  idPrefix?: string
}) {
  const localise = useLocalised()
  const form = errors.form ? localise(errors.form) : errors.form
  const fields = Object.entries(errors)
    .filter((entry): entry is [string, string] => entry[0] !== 'form' && Boolean(entry[1]))
    .map(([field, message]): [string, string] => [field, localise(message)])
  if (!form && fields.length === 0) return null
  // A message alone is the summary's whole text (pages and tests read it as the alert's text).
  if (fields.length === 0) {
    return (
      <p id={id} role="alert" tabIndex={-1} autoFocus className={SUMMARY_CLASS}>
        {form}
      </p>
    )
  }
  return (
    <div id={id} role="alert" tabIndex={-1} autoFocus className={SUMMARY_CLASS}>
      {form ? <p>{form}</p> : null}
      <ul className={form ? 'mt-2 list-disc ps-5' : 'list-disc ps-5'}>
        {fields.map(([field, message]) => (
          <li key={field}>
            {idPrefix ? (
              <a href={`#${idPrefix}-${field}`} className="underline underline-offset-2">
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A refusal's message alone (a refused sign-in, a rate limit, a failed payment): the error
 * summary with only the form's message, so it takes focus like every refusal.
 */
export function FormAlert({ id, message }: { id: string; message: string | undefined }) {
  return <ErrorSummary id={id} errors={{ form: message }} />
}

/** A confirmation shown above a form (e.g. a password was changed). */
export function FormNotice({ message }: { message: string | undefined }) {
  const localise = useLocalised()
  if (!message) return null
  return (
    <p
      role="status"
      className="mb-5 rounded-xl bg-green-50 p-3 font-semibold text-green-900 ring-1 ring-green-700/40"
    >
      {localise(message)}
    </p>
  )
}

export const INPUT_CLASS =
  'h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink placeholder:text-ink/60 focus:border-primary aria-invalid:border-red-700'

export interface TextFieldProps {
  name: string
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete: string
  errors: FormErrors
  values?: FormValues
  required?: boolean
  hint?: string
  inputMode?: 'text' | 'email' | 'tel' | 'numeric'
  /** The server schema's limit for this field (schemas/text-limits.ts): every field has one. */
  maxLength: number
  /** Prefix of the element ids, so two forms on a page never share one. */
  idPrefix: string
}

/** A labelled input whose error (and hint) is linked with aria-describedby. */
export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  errors,
  values,
  required = true,
  hint,
  inputMode,
  maxLength,
  idPrefix,
}: TextFieldProps) {
  const text = useText()
  const localise = useLocalised()
  const id = `${idPrefix}-${name}`
  const refusal = errors[name]
  const error = refusal ? localise(refusal) : refusal
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {text(label)}
        {required ? null : (
          <span className="font-normal text-ink/70">{` (${text(MESSAGES.pageOptional)})`}</span>
        )}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink/70">
          {text(hint)}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        defaultValue={type === 'password' ? undefined : (values?.[name] ?? '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${INPUT_CLASS}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled select with its error linked like {@link TextField}'s. */
export function SelectField({
  name,
  label,
  options,
  errors,
  values,
  idPrefix,
}: {
  name: string
  label: string
  /** Each option's label is a page message said in the page's language (or `asTyped`). */
  options: ReadonlyArray<ChoiceOption>
  errors: FormErrors
  values?: FormValues
  idPrefix: string
}) {
  const text = useText()
  const id = `${idPrefix}-${name}`
  const error = errors[name]
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold">
        {text(label)}{' '}
        <span className="font-normal text-ink/70">{text(MESSAGES.pageOptionalParens)}</span>
      </label>
      <select
        id={id}
        name={name}
        defaultValue={values?.[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`mt-1 ${INPUT_CLASS}`}
      >
        <option value="">{text(MESSAGES.pagePleaseChoose)}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.asTyped ? option.label : text(option.label)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A submit button, full width on phones, 48px tall: the form's main one, or a secondary one (a
 * second choice of the same form, e.g. 'Text me a code'). `name`/`value` say which was pressed.
 */
export function SubmitButton({
  children,
  name,
  value,
  variant = 'primary',
}: {
  children: ReactNode
  name?: string
  value?: string
  variant?: 'primary' | 'secondary'
}) {
  const text = useText()
  const look =
    variant === 'primary'
      ? 'bg-primary text-on-primary hover:brightness-90'
      : 'border-2 border-primary bg-white text-primary hover:bg-tint'
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`mt-2 h-12 w-full rounded-xl px-5 font-bold ${look}`}
    >
      {typeof children === 'string' ? text(children) : children}
    </button>
  )
}

/** A text link under a form, tall enough to tap. */
export function FormLink({ href, children }: { href: string; children: ReactNode }) {
  const text = useText()
  return (
    <a
      href={href}
      className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
    >
      {typeof children === 'string' ? text(children) : children}
    </a>
  )
}

interface FieldGroupProps {
  idPrefix: string
  errors: FormErrors
  values: FormValues
}

/** First and last name, side by side from small screens up (sign-up, checkout contact details). */
export function NameFields({ idPrefix, errors, values }: FieldGroupProps) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <TextField
        idPrefix={idPrefix}
        name="firstName"
        maxLength={TEXT_MAX_LENGTH.name}
        label={MESSAGES.pageFirstName}
        autoComplete="given-name"
        errors={errors}
        values={values}
      />
      <TextField
        idPrefix={idPrefix}
        name="lastName"
        maxLength={TEXT_MAX_LENGTH.name}
        label={MESSAGES.pageLastName}
        autoComplete="family-name"
        errors={errors}
        values={values}
      />
    </div>
  )
}

/** The email address an account or an order is known by. */
export function EmailField({ idPrefix, errors, values }: FieldGroupProps) {
  return (
    <TextField
      idPrefix={idPrefix}
      name="email"
      maxLength={TEXT_MAX_LENGTH.email}
      label={MESSAGES.pageEmailAddress}
      type="email"
      autoComplete="email"
      inputMode="email"
      errors={errors}
      values={values}
    />
  )
}

/** A new password and its confirmation (never echoed back): sign-up, reset and change. */
export function NewPasswordFields({
  idPrefix,
  errors,
  label = MESSAGES.pageNewPassword,
  confirmLabel = MESSAGES.pageConfirmNewPassword,
  hint = MESSAGES.pageAtLeast8,
}: {
  idPrefix: string
  errors: FormErrors
  /** Catalogue English (MESSAGES.x), said by the fields. */
  label?: string
  confirmLabel?: string
  hint?: string
}) {
  return (
    <>
      <TextField
        idPrefix={idPrefix}
        name="password"
        maxLength={TEXT_MAX_LENGTH.newPassword}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={hint}
        errors={errors}
      />
      <TextField
        idPrefix={idPrefix}
        name="confirmPassword"
        maxLength={TEXT_MAX_LENGTH.newPassword}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        errors={errors}
      />
    </>
  )
}
