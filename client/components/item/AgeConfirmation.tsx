import { formatMessage } from '../../../schemas/messages.ts'

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
  return (
    <div
      role="group"
      aria-labelledby={`${id}-message`}
      className={`rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300 ${className}`}
    >
      <p id={`${id}-message`} className="font-semibold">
        {formatMessage('ageRestricted', age)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          id={`${id}-confirm`}
          type="button"
          className="min-h-11 rounded-full bg-primary px-4 text-sm font-semibold text-on-primary"
          onClick={onConfirm}
        >
          I am {age} or over
        </button>
        <button
          type="button"
          className="min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-black/20"
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  )
}
