import { parseQuantity } from '../../lib/item-options-ui.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface QuantityFieldProps {
  id: string
  /** What the shopper typed: kept as text so an empty field can say 'Please enter the quantity.' */
  value: string
  /** The item's own cap (spec §8 'Item limit has been reached'); null = none. */
  max: number | null
  error: string | null
  onChange: (value: string) => void
}

const stepButton =
  'inline-flex size-11 items-center justify-center rounded-full text-xl font-bold ring-1 ring-black/20 disabled:opacity-40'

/** How many of the item: a number field between a minus and a plus button. */
export function QuantityField({ id, value, max, error, onChange }: QuantityFieldProps) {
  const text = useText()
  const current = parseQuantity(value)
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="text-base font-bold">
        {text(MESSAGES.pageQuantity)}
      </label>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label={text(MESSAGES.pageOneFewer)}
          disabled={current === null || current <= 1}
          onClick={() => onChange(String((current ?? 2) - 1))}
        >
          −
        </button>
        <input
          id={id}
          name="quantity"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={TEXT_MAX_LENGTH.quantity}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-16 rounded-lg border-2 border-black/20 text-center text-base font-bold tabular-nums"
        />
        <button
          type="button"
          className={stepButton}
          aria-label={text(MESSAGES.pageOneMore)}
          disabled={current !== null && max !== null && current >= max}
          onClick={() => onChange(String((current ?? 0) + 1))}
        >
          +
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
