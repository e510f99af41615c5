import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { useEmailSignup } from '../components/forms/use-email-signup.ts'
import { CheckIcon } from '../components/icons.tsx'
import { postJson } from '../lib/api.ts'
import { LOCATION_API } from '../lib/api-paths.ts'
import { routePath } from '../lib/routes.ts'

export interface InterestFormProps {
  /** The searched postcode that has no stores yet. */
  postcode: string
  /** The outcome of a no-JS submit, rendered by the server: registered, or an error message. */
  initialStatus: 'idle' | 'registered' | 'error'
  initialEmail?: string
  initialMessage?: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/** The no-JS form posts here; the page route answers with a redirect back to the results. */
export function interestFormAction(postcode: string): string {
  return `${routePath('stores-near-by', { postcode })}/interest`
}

/**
 * The interest form for an area without stores (spec §1, §7 future contact): the shopper leaves an
 * email to hear when a store delivers to their postcode.
 */
export function InterestForm({
  postcode,
  initialStatus,
  initialEmail = '',
  initialMessage,
  islandId,
}: InterestFormProps) {
  const text = useText()
  const { emailInput, statusId, onSubmit, isMutating, error, data } = useEmailSignup(
    islandId,
    initialEmail,
    (address) => postJson(LOCATION_API.interest, { email: address, postcode })
  )
  const submitted = data !== undefined || error !== undefined
  const registered = submitted ? data !== undefined && !error : initialStatus === 'registered'
  const errorMessage = submitted
    ? error instanceof Error
      ? error.message
      : null
    : initialStatus === 'error'
      ? (initialMessage ?? null)
      : null

  if (registered) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-tint px-4 py-3 font-semibold text-ink"
      >
        <CheckIcon className="size-5 shrink-0 text-primary" />
        {text(MESSAGES.interestRegistered, postcode)}
      </p>
    )
  }

  return (
    <form method="post" action={interestFormAction(postcode)} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="postcode" value={postcode} />
      <label htmlFor={emailInput.id} className="block text-sm font-semibold">
        {text(MESSAGES.pageEmailAddress)}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          {...emailInput}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={statusId}
          placeholder={text(MESSAGES.pageEmailExample)}
          className="h-12 min-w-0 flex-1 rounded-xl border-2 border-black/15 bg-white px-3 text-ink placeholder:text-ink/60 focus:border-primary aria-invalid:border-red-700"
        />
        <button
          type="submit"
          disabled={isMutating}
          className="h-12 rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90 disabled:opacity-70"
        >
          {text(isMutating ? MESSAGES.pageSending : MESSAGES.pageLetMeKnow)}
        </button>
      </div>
      <p id={statusId} role="alert" className="mt-1.5 min-h-5 text-sm font-semibold text-red-700">
        {errorMessage}
      </p>
    </form>
  )
}
