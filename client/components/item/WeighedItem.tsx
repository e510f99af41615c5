import { MESSAGES } from '../../../schemas/messages.ts'
import { weightChoices, weighingLabel, type Weighing } from '../../../schemas/weighing.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

/*
 * How a weighed item (ADR 039) says what it costs: the estimate with the price per kg, and that the
 * final price follows picking. One component per sentence, so cards, the item page, the quick
 * view and the basket say it the same way.
 */

/** 'approx. 180 g each, est. £0.54 · £3.00/kg' or 'est. £6.39 per 250 g · £25.56/kg'. */
export function WeighingLabel({ weighing, className }: { weighing: Weighing; className: string }) {
  const shop = useShopLocale()
  const text = useText()
  return <p className={className}>{weighingLabel(weighing, shop, text)}</p>
}

/** 'Weighed items are priced at their estimate; the final price follows picking.' */
export function FinalPriceNote({ className }: { className: string }) {
  const text = useText()
  return <p className={className}>{text(MESSAGES.weighedFinalPrice)}</p>
}

export interface WeightFieldProps {
  id: string
  weighing: Weighing
  max: number | null
  /** The number of 250 g steps chosen, as the form posts it (the quantity field's name). */
  value: string
  onChange: (value: string) => void
}

/**
 * The weight of a by-weight item: a native select of 250 g steps posted as `quantity`, so it
 * works the same with or without JavaScript; each choice says its estimate.
 */
export function WeightField({ id, weighing, max, value, onChange }: WeightFieldProps) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const text = useText()
  return (
    <div>
      <label htmlFor={id} className="text-base font-bold">
        {text(MESSAGES.weighedChooseWeight)}
      </label>
      <select
        id={id}
        name="quantity"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-2 block h-11 w-full max-w-xs rounded-lg border-2 border-black/20 bg-white px-3 text-base font-bold"
      >
        {weightChoices(weighing, max, shop).map((choice) => (
          <option key={choice.quantity} value={String(choice.quantity)}>
            {text(MESSAGES.pageWeightChoice, choice.label, formatMoney(choice.estimate))}
          </option>
        ))}
      </select>
    </div>
  )
}
