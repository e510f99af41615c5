import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { reorderPath } from '../../lib/member-order-paths.ts'
import { REORDER_FIELDS } from '../../../schemas/forms/reorder.ts'
import { useText } from '../../lib/page-text.ts'

const BUTTON =
  'inline-flex min-h-11 items-center rounded-xl px-4 font-bold bg-primary text-on-primary hover:brightness-90'

/**
 * 'Reorder': the order's lines into the basket at the same store, by the order's method. Its
 * label is a catalogue message (MESSAGES.x).
 */
export function ReorderButton({
  orderId,
  method,
  label = MESSAGES.pageReorder,
}: {
  orderId: string
  method: FulfilmentMethod
  label?: string
}) {
  const text = useText()
  return (
    <form method="post" action={reorderPath(orderId)}>
      <input type="hidden" name={REORDER_FIELDS.fulfilmentMethod} value={method} />
      <button type="submit" className={BUTTON}>
        {text(label)}
      </button>
    </form>
  )
}

/** The basket holds another store's items: replace them (spec §8 overwrite question) or keep them. */
export function ReorderConfirm({
  orderId,
  method,
  basketPath,
}: {
  orderId: string
  method: FulfilmentMethod
  basketPath: string
}) {
  const text = useText()
  return (
    <div role="alert" className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-700/40">
      <p className="font-semibold text-amber-950">{text(MESSAGES.basketOverwrite)}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <form method="post" action={reorderPath(orderId)}>
          <input type="hidden" name={REORDER_FIELDS.fulfilmentMethod} value={method} />
          <input type="hidden" name={REORDER_FIELDS.overwrite} value="1" />
          <button type="submit" className={BUTTON}>
            {text(MESSAGES.pageYesReplaceBasket)}
          </button>
        </form>
        <a
          href={basketPath}
          className="inline-flex min-h-11 items-center rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
        >
          {text(MESSAGES.pageNoKeepBasket)}
        </a>
      </div>
    </div>
  )
}
