import {
  ORDER_REASON_MAX_LENGTH,
  ORDER_REASONS_MAX,
  type PresetReasonAction,
} from '../../../../../schemas/order-reasons.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

const LISTS: ReadonlyArray<[PresetReasonAction, string]> = [
  ['reject', 'Reasons to reject an order'],
  ['cancel', 'Reasons to cancel an order'],
]

/**
 * The business's reject and cancel reasons (issue 44): one a line, offered by the store
 * console's reject and cancel forms beside "Other". The shopper is shown the reason chosen.
 */
export function OrderReasonsPage({
  frame,
  values,
  error,
}: {
  frame: OperatorFrame
  /** Each list as the textarea shows it: one reason a line. */
  values: Record<PresetReasonAction, string>
  error: string | null
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Order reasons"
      intro="The reasons a store can choose when it rejects or cancels an order. The shopper sees the reason chosen, on their order page and in the email."
    >
      {error ? (
        <p role="alert" tabIndex={-1} autoFocus className="mb-4 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <form method="post" className="max-w-2xl space-y-6">
        {LISTS.map(([type, label]) => (
          <label key={type} className="block">
            <span className="font-bold">{label}</span>
            <span id={`${type}-hint`} className="block text-sm text-ink/80">
              One a line, 1 to {ORDER_REASONS_MAX}, each at most {ORDER_REASON_MAX_LENGTH}{' '}
              characters.
            </span>
            <textarea
              name={type}
              rows={6}
              defaultValue={values[type]}
              aria-describedby={`${type}-hint`}
              className="mt-1 block w-full rounded-xl border-2 border-black/15 p-2"
            />
          </label>
        ))}
        <button type="submit" className="min-h-11 rounded bg-primary px-4 font-bold text-white">
          Save reasons
        </button>
      </form>
    </OperatorLayout>
  )
}
