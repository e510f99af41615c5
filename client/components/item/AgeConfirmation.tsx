import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { ADD_FORM_FIELDS } from '../../lib/basket-add-form.ts'
import { useInteractive } from '../../lib/use-interactive.ts'

/**
 * Spec §5 Age-restricted items: 'You must be at least %s to purchase this item', with a button to
 * confirm the age (id `<id>-confirm`, so a caller can move focus to it) and one to cancel.
 */
export function AgeConfirmation({
  id,
  age,
  onConfirm,
  onCancel,
  className = '',
}: {
  id: string
  age: number
  onConfirm: () => void
  onCancel: () => void
  className?: string
}) {
  const text = useText()
  return (
    <div
      role="group"
      aria-labelledby={`${id}-message`}
      className={`rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300 ${className}`}
    >
      <p id={`${id}-message`} className="font-semibold">
        {text(MESSAGES.ageRestricted, age)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          id={`${id}-confirm`}
          type="button"
          className="min-h-11 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary"
          onClick={onConfirm}
        >
          {text(MESSAGES.pageIAmAgeOrOver, age)}
        </button>
        <button
          type="button"
          className="min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-black/20"
          onClick={onCancel}
        >
          {text(MESSAGES.pageCancel)}
        </button>
      </div>
    </div>
  )
}

/**
 * The age question of an add form without JavaScript: a tick box the form posts (`ageConfirmed`).
 * Gone once the island runs (it asks with {@link AgeConfirmation} after Add); its own component,
 * so that switch re-renders only this and never resets what the shopper typed in the form.
 */
export function AgeTickUntilHydrated({ age, className = '' }: { age: number; className?: string }) {
  const interactive = useInteractive()
  const text = useText()
  if (interactive) return null
  return (
    <label
      className={`flex items-start gap-3 rounded-xl bg-amber-50 p-4 font-semibold ring-1 ring-amber-300 ${className}`}
    >
      <input
        type="checkbox"
        name={ADD_FORM_FIELDS.ageConfirmed}
        value="1"
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span>
        {text(MESSAGES.ageRestricted, age)}: {text(MESSAGES.pageIAmAgeOrOver, age)}
      </span>
    </label>
  )
}
