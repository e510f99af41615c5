import { formatMoney } from '../../../schemas/money.ts'
import { CASH_CONFIRMED_FIELD } from '../../lib/payment-step.ts'

/**
 * The shopper's confirmation that the amount will be ready in cash (spec §5 Cash orders).
 * Without JavaScript no choice is known, so it then reads "If you pay by cash".
 */
export function CashConfirmation({
  idPrefix,
  total,
  fulfilmentMethod,
  chosen,
  confirmed,
  onConfirm,
  error,
}: {
  idPrefix: string
  total: number
  fulfilmentMethod: 'delivery' | 'collection'
  /** Cash is the choice (false while nothing is chosen). */
  chosen: boolean
  confirmed: boolean
  onConfirm: (confirmed: boolean) => void
  error: string | null
}) {
  const id = `${idPrefix}-cash-confirmed`
  const errorId = `${idPrefix}-cash-error`
  return (
    <div className="mt-4">
      <label htmlFor={id} className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={CASH_CONFIRMED_FIELD}
          value="yes"
          required
          checked={confirmed}
          onChange={(event) => onConfirm(event.target.checked)}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error !== null ? errorId : undefined}
          className="mt-1 size-5 accent-primary"
        />
        <span>
          {chosen ? null : 'If you pay by cash: '}I confirm I will have {formatMoney(total)}{' '}
          available in cash when my order{' '}
          {fulfilmentMethod === 'delivery' ? 'arrives' : 'is collected'}.
        </span>
      </label>
      {error !== null ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
