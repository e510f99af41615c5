import { useId, useState, type FormEvent } from 'react'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-limits.ts'
import { useSubmit, type Submission } from '../../lib/use-submit.ts'

/**
 * An email sign-up island's state (Stay in touch, the interest form): the typed email, its
 * post's pending, error and answer, the input's and status line's ids, and the submit handler,
 * which posts the trimmed email.
 */
export function useEmailSignup<R>(
  islandId: string | undefined,
  initialEmail: string,
  send: (email: string) => Promise<R>
): Submission<string, R> & {
  email: string
  setEmail: (email: string) => void
  inputId: string
  statusId: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
} {
  const generatedId = useId()
  const id = islandId ?? generatedId
  const [email, setEmail] = useState(initialEmail)
  const submission = useSubmit(send)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // trigger() rethrows; the error is also kept in `error`, which renders the message.
    await submission.trigger(email.trim()).catch(() => undefined)
  }

  return {
    ...submission,
    email,
    setEmail,
    inputId: `${id}-email`,
    statusId: `${id}-status`,
    onSubmit,
  }
}

/** The email input of a sign-up form; each form styles it to its background. */
export function SignupEmailInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  invalid: boolean
  describedBy?: string
  className: string
}) {
  return (
    <input
      id={id}
      name="email"
      type="email"
      autoComplete="email"
      maxLength={TEXT_MAX_LENGTH.email}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      placeholder="you@example.com"
      className={className}
    />
  )
}
