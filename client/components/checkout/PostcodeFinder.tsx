import { TEXT_MAX_LENGTH } from '../../../schemas/text-max-length.ts'
import { routePath } from '../../lib/routes.ts'
import type { FormValues } from '../forms/Form.tsx'
import { POSTCODE_FINDER_FIELDS } from '../../lib/checkout-forms.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** What the postcode finder found: the postcode, its addresses (in order), or why none. */
export interface PostcodeFinderView {
  postcode: string
  choices: ReadonlyArray<string>
  message: string | null
}

const FINDER_ID = 'delivery-finder'
/** Back to the finder after a lookup, so the answer is in view without scrolling. */
const FINDER_ACTION = `${routePath('checkout-details')}#${FINDER_ID}`

const INPUT_CLASS =
  'h-12 w-full rounded-xl border-2 border-black/15 bg-white px-3 text-ink focus:border-primary'

/**
 * Find the delivery address by postcode, inside the details form: its buttons post the whole
 * form (what was typed is kept) and the page comes back listing the postcode's addresses, each a
 * button that fills the address lines. Works without JavaScript; the lines can always be typed.
 */
export function PostcodeFinder({
  view,
  values,
}: {
  view: PostcodeFinderView | null
  values: FormValues
}) {
  const text = useText()
  const messageId = `${FINDER_ID}-message`
  return (
    <div id={FINDER_ID} className="mb-4 rounded-2xl bg-tint p-4">
      <label htmlFor={`${FINDER_ID}-postcode`} className="block text-sm font-semibold">
        {text(MESSAGES.pageFindByPostcode)}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${FINDER_ID}-postcode`}
          name={POSTCODE_FINDER_FIELDS.postcode}
          type="text"
          autoComplete="off"
          maxLength={TEXT_MAX_LENGTH.postcode}
          defaultValue={values[POSTCODE_FINDER_FIELDS.postcode] || values.postcode || ''}
          aria-describedby={view?.message ? messageId : undefined}
          className={`${INPUT_CLASS} min-w-0 flex-1`}
        />
        <button
          type="submit"
          name={POSTCODE_FINDER_FIELDS.find}
          value="1"
          formAction={FINDER_ACTION}
          className="h-12 shrink-0 rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
        >
          {text(MESSAGES.pageFindAddress)}
        </button>
      </div>
      {view?.message ? (
        <p id={messageId} role="status" className="mt-2 text-sm font-semibold text-ink">
          {view.message}
        </p>
      ) : null}
      {view && view.choices.length > 0 ? (
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">
            {text(MESSAGES.pagePickAddressAt, view.postcode)}
          </legend>
          <ul className="mt-1 grid gap-1">
            {view.choices.map((label, index) => (
              <li key={label}>
                <button
                  type="submit"
                  name={POSTCODE_FINDER_FIELDS.pick}
                  value={index}
                  formAction={FINDER_ACTION}
                  className="flex min-h-11 w-full items-center rounded-xl bg-white px-3 text-start font-medium text-ink ring-1 ring-black/10 hover:ring-primary"
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  )
}
