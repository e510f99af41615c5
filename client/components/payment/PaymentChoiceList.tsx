import { CardBrandIcon } from '../checkout/CardBrandIcon.tsx'
import { PAYMENT_SOURCE_FIELD } from '../../lib/payment-step.ts'
import type { Choice, ChoiceOption } from './payment-choices.ts'
import { useText } from '../../lib/page-text.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

/** The payment sources as radio buttons, each with its label, detail and a card's brand icon. */
export function PaymentChoiceList({
  idPrefix,
  options,
  choice,
  onChoose,
  error,
}: {
  idPrefix: string
  options: Array<ChoiceOption>
  choice: Choice | null
  onChoose: (choice: Choice) => void
  /** "Choose a payment source", under the legend. */
  error: string | null
}) {
  const text = useText()
  const errorId = `${idPrefix}-choice-error`
  const describedBy = error !== null ? errorId : undefined
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={describedBy ? true : undefined}>
      <legend id={`${idPrefix}-legend`} className="mb-3 text-lg font-bold">
        {text(MESSAGES.pageHowPay)}
      </legend>
      {error !== null ? (
        <p id={errorId} className="mb-3 text-sm font-semibold text-red-700">
          {text(error)}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        {options.map((option) => {
          const id = `${idPrefix}-${option.value}`
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-black/15 px-4 py-2 has-checked:border-primary has-checked:bg-tint"
            >
              <input
                id={id}
                type="radio"
                name={PAYMENT_SOURCE_FIELD}
                value={option.value}
                checked={choice === option.value}
                onChange={() => onChoose(option.value)}
                className="size-5 accent-primary"
              />
              {option.card ? <CardBrandIcon brand={option.card.brand} /> : null}
              <span className="flex flex-col">
                <span className="font-semibold">{text(option.label)}</span>
                {option.detail ? (
                  <span className="text-sm text-ink/70">
                    {text(option.detail.message, ...option.detail.values)}
                  </span>
                ) : null}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
