import { MESSAGES } from '../../schemas/messages.ts'
import { useEmailSignup } from '../components/forms/use-email-signup.ts'
import { CheckIcon } from '../components/icons.tsx'
import { postJson } from '../lib/api.ts'
import { CONTENT_API } from '../lib/api-paths.ts'
import { STAY_IN_TOUCH_FIELDS } from '../../schemas/forms/stay-in-touch-fields.ts'
import { STAY_IN_TOUCH_FORM_ACTION } from '../lib/routes.ts'
import { useText } from '../lib/page-text.ts'

export interface StayInTouchProps {
  brandName: string
  /** The brand's stay-in-touch block; without it, the default heading and line. */
  title?: string
  text?: string
  /** Set by island(): element ids that match between server and browser. */
  islandId?: string
}

/** The footer's Stay In Touch sign-up (spec §1): posts { email } and shows the outcome. */
export function StayInTouch({ brandName, title, text, islandId }: StayInTouchProps) {
  const { emailInput, statusId, onSubmit, isMutating, error, data } = useEmailSignup(
    islandId,
    '',
    (address) => postJson(CONTENT_API.stayInTouch, { email: address })
  )
  const done = data !== undefined && !error
  const say = useText()

  return (
    <form
      method="post"
      action={STAY_IN_TOUCH_FORM_ACTION}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={statusId}
    >
      <h2 className="text-base font-bold">{title ?? say(MESSAGES.pageStayInTouch)}</h2>
      <p className="mt-1 text-sm opacity-90">
        {text ?? say(MESSAGES.pageStayInTouchLine, brandName)}
      </p>
      <label htmlFor={emailInput.id} className="mt-3 block text-sm font-semibold">
        {say(MESSAGES.pageEmailAddress)}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          {...emailInput}
          name={STAY_IN_TOUCH_FIELDS.email}
          aria-invalid={error ? true : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border-2 border-white/30 bg-white px-3 text-ink placeholder:text-ink/60"
          placeholder={say(MESSAGES.pageEmailExample)}
        />
        <button
          type="submit"
          disabled={isMutating}
          className="h-11 rounded-lg bg-white px-4 text-sm font-bold text-ink hover:bg-white/90 disabled:opacity-70"
        >
          {isMutating ? say(MESSAGES.pageSigningUp) : say(MESSAGES.pageSignUp)}
        </button>
      </div>
      <p id={statusId} role="status" className="mt-2 min-h-5 text-sm font-semibold">
        {error instanceof Error ? (
          <span className="rounded bg-white px-1.5 py-0.5 text-red-800">{error.message}</span>
        ) : done ? (
          <span className="inline-flex items-center gap-1.5">
            <CheckIcon className="size-4" />
            {say(MESSAGES.stayInTouchSuccess)}
          </span>
        ) : null}
      </p>
    </form>
  )
}
