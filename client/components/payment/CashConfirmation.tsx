import { CASH_CONFIRMED_FIELD } from '../../lib/payment-step.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * The shopper's confirmation that the amount will be ready in cash (spec §5 Cash orders). It is
 * shown only while cash is the choice: the payment form hides it with CSS otherwise (see
 * PaymentForm), which works the same before or without JavaScript.
 */
export function CashConfirmation({
  idPrefix,
  total,
  fulfilmentMethod,
  confirmed,
  onConfirm,
  error,
}: {
  idPrefix: string
  total: number
  fulfilmentMethod: 'delivery' | 'collection'
  confirmed: boolean
  onConfirm: (confirmed: boolean) => void
  error: string | null
}) {
  const money = useMoney()
  const text = useText()
  const id = `${idPrefix}-cash-confirmed`
  const errorId = `${idPrefix}-cash-error`
  return (
    // Only while the cash radio is checked (the form is the `payment` group), with or without JS.
    <div className="mt-4 hidden group-has-[input[value=cash]:checked]/payment:block">
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
          {text(
            fulfilmentMethod === 'delivery'
              ? MESSAGES.pageCashConfirmArrives
              : MESSAGES.pageCashConfirmCollected,
            money(total)
          )}
        </span>
      </label>
      {error !== null ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {text(error)}
        </p>
      ) : null}
    </div>
  )
}
