import type { StorePause } from '../../../../schemas/store-pause.ts'
import { STORE_PAUSE_REASON_MAX } from '../../../../schemas/store-pause.ts'
import type { FormErrors, FormValues } from '../../../../client/components/forms/Form.tsx'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { storeDateTime } from '../../../../client/lib/store-console-format.ts'
import { PAUSE_FIELDS, PAUSE_ACTIONS } from './form.ts'

const INPUT =
  'mt-1 block h-12 w-full max-w-sm rounded-xl border-2 border-black/15 bg-white px-3 aria-invalid:border-red-700'

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <span id={id} className="mt-1 block text-sm font-semibold text-red-800">
      {message}
    </span>
  )
}

/**
 * /store/<storeId>/controls: a manager pauses new orders ("busy") until a time in the store's
 * own clock, with a reason, or takes orders again. Plain forms: no JavaScript needed.
 */
export function StoreControlsPage({
  frame,
  pause,
  action,
  boardHref,
  errors,
  values,
}: {
  frame: { chrome: PageChrome; links: ConsoleLinks; user: ConsoleUser }
  pause: StorePause
  action: string
  boardHref: string
  errors: FormErrors
  values: FormValues
}) {
  return (
    <ConsoleLayout {...frame}>
      <p>
        <a href={boardHref} className="font-semibold text-primary underline underline-offset-4">
          Back to the orders
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">
        Store controls · {pause.storeName}
      </h1>
      <section aria-labelledby="pause-state" className="mt-4 rounded-xl bg-tint p-4">
        <h2 id="pause-state" className="font-bold">
          {pause.pausedUntil
            ? `Taking no new orders until ${storeDateTime(pause.pausedUntil, pause.timeZone)}`
            : 'Taking orders by its opening hours'}
        </h2>
        {pause.reason ? <p className="mt-1">Reason: {pause.reason}</p> : null}
        {pause.pausedUntil ? (
          <form method="post" action={action} className="mt-3">
            <input type="hidden" name={PAUSE_FIELDS.do} value={PAUSE_ACTIONS.resume} />
            <button
              type="submit"
              className="min-h-11 rounded-xl border-2 border-primary bg-white px-4 font-bold text-primary hover:bg-tint"
            >
              Take orders again now
            </button>
          </form>
        ) : null}
      </section>
      <form method="post" action={action} className="mt-6 space-y-4" noValidate>
        <h2 className="text-lg font-bold">Pause new orders</h2>
        <p className="text-sm text-ink/80">
          Shoppers see the store closed, or taking orders for later, until the time you choose. It
          takes orders again by itself then.
        </p>
        <input type="hidden" name={PAUSE_FIELDS.do} value={PAUSE_ACTIONS.pause} />
        {errors.form ? (
          <p role="alert" className="font-semibold text-red-800">
            {errors.form}
          </p>
        ) : null}
        <label htmlFor="pause-until" className="block text-sm font-semibold">
          Until (store time, {pause.timeZone})
          <input
            id="pause-until"
            name={PAUSE_FIELDS.until}
            type="datetime-local"
            required
            defaultValue={values.until ?? ''}
            aria-invalid={errors.until ? true : undefined}
            aria-describedby={errors.until ? 'pause-until-error' : undefined}
            className={INPUT}
          />
          <FieldError id="pause-until-error" message={errors.until} />
        </label>
        <label htmlFor="pause-reason" className="block text-sm font-semibold">
          Reason
          <input
            id="pause-reason"
            name={PAUSE_FIELDS.reason}
            required
            maxLength={STORE_PAUSE_REASON_MAX}
            defaultValue={values.reason ?? ''}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'pause-reason-error' : undefined}
            className={INPUT}
          />
          <FieldError id="pause-reason-error" message={errors.reason} />
        </label>
        <button
          type="submit"
          className="min-h-12 rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90"
        >
          Pause new orders
        </button>
      </form>
    </ConsoleLayout>
  )
}
