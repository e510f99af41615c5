import { useState, type FormEvent } from 'react'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { useCurrencySymbol, useShopLocale } from '../../lib/shop-locale.ts'
import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { parseTipPounds, typedAmount } from '../../lib/tip-pounds.ts'
import { useText } from '../../lib/page-text.ts'

const PRESETS = [0, 100, 200, 300]

export { parseTipPounds }

/** Why a typed tip cannot be set: not an amount, or over the maximum (which it names). */
export function tipRefusal(
  pence: number | null,
  maxTip: number,
  shop: ShopLocale = GB_LOCALE
): string | null {
  if (pence === null) return MESSAGES.tipInvalid
  if (pence > maxTip) return formatMessage('tipTooHigh', formatMoney(maxTip, shop))
  return null
}

/** The driver tip (delivery only): none, £1, £2, £3 or another amount up to the maximum. */
export function TipChooser({
  tip,
  maxTip,
  busy,
  error,
  onTip,
}: {
  tip: number
  maxTip: number
  busy: boolean
  error: string | null
  onTip: (pence: number) => void
}) {
  const currency = useCurrencySymbol()
  const shop = useShopLocale()
  const say = useText()
  const [other, setOther] = useState(!PRESETS.includes(tip))
  const [text, setText] = useState(PRESETS.includes(tip) ? '' : typedAmount(tip, shop))
  const [invalid, setInvalid] = useState<string | null>(null)

  function submitOther(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const pence = parseTipPounds(text, shop)
    const refusal = tipRefusal(pence, maxTip, shop)
    setInvalid(refusal)
    if (refusal === null && pence !== null) onTip(pence)
  }

  const chip =
    'inline-flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-full px-4 text-sm font-semibold ring-1 ring-black/20 has-checked:bg-primary has-checked:text-on-primary has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary'
  return (
    <fieldset className="flex flex-col gap-2" disabled={busy}>
      <legend className="font-bold">{say(MESSAGES.pageTipYourDriver)}</legend>
      <p className="text-sm text-ink/75">{say(MESSAGES.pageTipAllToDriver)}</p>
      <div className="flex flex-wrap gap-2">
        {PRESETS.map((amount) => (
          <label key={amount} className={chip}>
            <input
              type="radio"
              name="tip"
              className="sr-only"
              checked={!other && tip === amount}
              onChange={() => {
                setOther(false)
                onTip(amount)
              }}
            />
            {amount === 0 ? say(MESSAGES.pageNone) : formatMoney(amount, shop)}
          </label>
        ))}
        <label className={chip}>
          <input
            type="radio"
            name="tip"
            className="sr-only"
            checked={other}
            onChange={() => setOther(true)}
          />
          {say(MESSAGES.pageOther)}
        </label>
      </div>
      {other ? (
        <form onSubmit={submitOther} noValidate className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="tip-other" className="text-sm font-semibold">
              {say(MESSAGES.pageTipAmount, currency)}
            </label>
            <input
              id="tip-other"
              inputMode="decimal"
              value={text}
              maxLength={TEXT_MAX_LENGTH.tip}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? 'tip-other-error' : undefined}
              className="min-h-11 w-28 rounded-xl px-3 ring-1 ring-black/30"
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ring-black/20 hover:bg-tint"
          >
            {say(MESSAGES.pageSetTip)}
          </button>
        </form>
      ) : null}
      {invalid ? (
        <p id="tip-other-error" role="alert" className="text-sm font-semibold text-red-700">
          {invalid}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
