import type { ReactNode } from 'react'
import { FormAlert, SubmitButton } from '../forms/Form.tsx'
import type { FieldsState } from './form-fields.tsx'
import { type OperatorFrame, OperatorLayout } from './OperatorLayout.tsx'

/** What every operator form page gets: its frame, where it posts, what it shows again. */
export interface OperatorFormProps {
  frame: OperatorFrame
  title: string
  action: string
  backHref: string
  /** The thing's audit log, when it exists. */
  historyHref: string | null
  state: FieldsState
}

/** A form's main button, full width on a phone. */
export function SaveButton({ children }: { children: ReactNode }) {
  return (
    <div className="w-full sm:w-auto">
      <SubmitButton>{children}</SubmitButton>
    </div>
  )
}

/**
 * The frame of an operator form page (ADR 027): title and a link to the thing's history, the
 * alert (focused on load, so a refused post is announced) when refused, the fields, its buttons
 * and the way back. Works without JavaScript: a plain POST.
 */
export function OperatorForm({
  props,
  backLabel,
  submit,
  multipart = false,
  before,
  after,
  children,
}: {
  props: OperatorFormProps
  backLabel: string
  submit: ReactNode
  /** A form with a file input. */
  multipart?: boolean
  /** What comes before the form (a search of its own: forms cannot nest). */
  before?: ReactNode
  after?: ReactNode
  children: ReactNode
}) {
  const { state } = props
  const refused = Object.keys(state.errors).length > 0
  return (
    <OperatorLayout
      frame={props.frame}
      title={props.title}
      actions={
        props.historyHref ? (
          <a
            href={props.historyHref}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline"
          >
            Its history
          </a>
        ) : null
      }
    >
      <FormAlert
        id={`${state.idPrefix}-alert`}
        message={
          refused ? (state.errors.form ?? 'Please correct the fields marked below.') : undefined
        }
      />
      {before}
      <form
        method="post"
        action={props.action}
        {...(multipart ? { encType: 'multipart/form-data' } : {})}
        noValidate
        className="max-w-2xl"
      >
        {children}
        <div className="flex flex-wrap items-center gap-4">
          {submit}
          <a
            href={props.backHref}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline"
          >
            {backLabel}
          </a>
        </div>
      </form>
      {after}
    </OperatorLayout>
  )
}

/** A list page's section: its heading, its add button, then its table. */
export function ListSection({
  id,
  title,
  addHref,
  addLabel,
  children,
}: {
  id: string
  title: string
  addHref: string
  addLabel: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <a
          href={addHref}
          className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
        >
          {addLabel}
        </a>
      </div>
      {children}
    </section>
  )
}
