import type { FormEvent } from 'react'
import { routePath } from '../../lib/routes.ts'
import type { SubstitutesTarget } from '../../lib/basket.ts'
import { SUBSTITUTES_FIELDS, SUBSTITUTES_INTENT } from '../../../schemas/forms/basket.ts'
import { useText } from '../../lib/page-text.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

/**
 * "Allow substitutes" as a switch: one button that submits the opposite of the current choice.
 * A short visible label (not only an icon); the item's name completes it for screen readers.
 * Without JavaScript the form posts and the page answers 303 back to the basket; in the island
 * `onChange` takes the change instead (no reload).
 */
export function SubstitutesSwitch({
  target,
  allowed,
  label,
  itemName,
  busy = false,
  onChange,
}: {
  target: SubstitutesTarget
  allowed: boolean
  label: string
  /** Read after the label by screen readers ("Allow substitutes for Milk"); null: none. */
  itemName: string | null
  busy?: boolean
  onChange?: (allow: boolean) => void
}) {
  const text = useText()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onChange) return
    event.preventDefault()
    onChange(!allowed)
  }
  const ids = Object.entries(target) as Array<[keyof typeof SUBSTITUTES_FIELDS, number]>
  return (
    <form method="post" action={routePath('basket')} onSubmit={submit}>
      <input type="hidden" name={SUBSTITUTES_FIELDS.intent} value={SUBSTITUTES_INTENT} />
      {ids.map(([name, id]) => (
        <input key={name} type="hidden" name={SUBSTITUTES_FIELDS[name]} value={id} />
      ))}
      <input type="hidden" name={SUBSTITUTES_FIELDS.allowSubstitutes} value={allowed ? '0' : '1'} />
      <button
        type="submit"
        role="switch"
        aria-checked={allowed}
        disabled={busy}
        className="inline-flex min-h-11 items-center gap-2 rounded-full pe-2 text-sm font-semibold disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-6 w-10 shrink-0 rounded-full ring-1 transition-colors ${
            allowed ? 'bg-primary ring-primary' : 'bg-black/10 ring-black/25'
          }`}
        >
          <span
            className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${
              allowed ? 'start-[1.125rem]' : 'start-0.5'
            }`}
          />
        </span>
        {text(label)}
        {itemName ? (
          <span className="sr-only">{` ${text(MESSAGES.pageForName, itemName)}`}</span>
        ) : null}
      </button>
    </form>
  )
}
