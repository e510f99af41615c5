import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { useSubmit, type Submission } from '../../lib/use-submit.ts'

/**
 * An email sign-up island's state (Stay in touch, the interest form): the email input's
 * attributes, value and change handler (spread on the input), its post's pending, error and
 * answer, the status line's id, and the submit handler, which posts the trimmed email. Each
 * island keeps its own markup: sharing that would cost the footer's chunk more than it saves.
 */
export function useEmailSignup<R>(
  islandId: string | undefined,
  initialEmail: string,
  send: (email: string) => Promise<R>
): Submission<string, R> & {
  emailInput: InputHTMLAttributes<HTMLInputElement> & { id: string }
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
    emailInput: {
      id: `${id}-email`,
      name: 'email',
      type: 'email',
      autoComplete: 'email',
      maxLength: TEXT_MAX_LENGTH.email,
      required: true,
      value: email,
      onChange: (event) => setEmail(event.target.value),
    },
    statusId: `${id}-status`,
    onSubmit,
  }
}
