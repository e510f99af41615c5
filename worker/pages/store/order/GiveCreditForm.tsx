import type { FormErrors, FormValues } from '../../../../client/components/forms/Form.tsx'
import {
  ACTION_FIELDS,
  GIVE_CREDIT_ACTION,
  GIVE_CREDIT_FIELDS,
  type GivenCreditKind,
} from './form.ts'
import { useCurrencySymbol } from '../../../../client/lib/shop-locale.ts'

/** Why credit is given, as the form labels each kind. */
const CREDIT_KIND_LABELS: Readonly<Record<GivenCreditKind, string>> = {
  goodwill: 'Goodwill',
  refund_as_credit: 'Refund as credit',
}

const INPUT = 'h-11 rounded-xl border-2 border-black/15 bg-white px-3 aria-invalid:border-red-700'

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <span id={id} className="block text-sm font-semibold text-red-800">
      {message}
    </span>
  )
}

/**
 * A manager's "Give store credit" form on the order page: an amount in pounds, its kind and a
 * reason (required). Posts to the order page like every action; refusals come back at the fields.
 */
export function GiveCreditForm({
  action,
  idempotencyKey,
  errors,
  values,
}: {
  action: string
  idempotencyKey: string
  errors: FormErrors
  values: FormValues
}) {
  const currency = useCurrencySymbol()
  const kind = values.kind ?? 'goodwill'
  return (
    <details
      className="rounded-xl border border-black/10 bg-white p-3"
      open={Object.keys(errors).length > 0}
    >
      <summary className="min-h-11 cursor-pointer content-center font-bold">
        Give store credit
      </summary>
      <form method="post" action={action} className="mt-2 space-y-3" noValidate>
        <input type="hidden" name={ACTION_FIELDS.action} value={GIVE_CREDIT_ACTION} />
        <input
          type="hidden"
          name={ACTION_FIELDS.idempotencyKey}
          value={`${idempotencyKey}-${GIVE_CREDIT_ACTION}`}
        />
        {errors.form ? (
          <p role="alert" className="font-semibold text-red-800">
            {errors.form}
          </p>
        ) : null}
        <label htmlFor="credit-amount" className="block text-sm font-semibold">
          Amount ({currency})
          <input
            id="credit-amount"
            name={GIVE_CREDIT_FIELDS.amount}
            inputMode="decimal"
            required
            maxLength={8}
            defaultValue={values.amount ?? ''}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'credit-amount-error' : undefined}
            className={`mt-1 block w-32 ${INPUT}`}
          />
          <FieldError id="credit-amount-error" message={errors.amount} />
        </label>
        <fieldset>
          <legend className="text-sm font-semibold">Kind</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {Object.entries(CREDIT_KIND_LABELS).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={GIVE_CREDIT_FIELDS.kind}
                  value={value}
                  defaultChecked={kind === value}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id="credit-kind-error" message={errors.kind} />
        </fieldset>
        <label htmlFor="credit-reason" className="block text-sm font-semibold">
          Reason
          <textarea
            id="credit-reason"
            name={GIVE_CREDIT_FIELDS.reason}
            required
            maxLength={500}
            rows={2}
            defaultValue={values.reason ?? ''}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'credit-reason-error' : undefined}
            className="mt-1 block w-full rounded-xl border-2 border-black/15 p-2 aria-invalid:border-red-700"
          />
          <FieldError id="credit-reason-error" message={errors.reason} />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
        >
          Give store credit
        </button>
      </form>
    </details>
  )
}
