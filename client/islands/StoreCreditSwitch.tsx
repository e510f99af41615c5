import { useSyncExternalStore } from 'react'
import { MESSAGES } from '../../schemas/messages.ts'
import { FormAlert } from '../components/forms/Form.tsx'
import type { IslandProps } from '../components/Island.tsx'
import { postJson } from '../lib/api.ts'
import { BASKET_API } from '../lib/api-paths.ts'
import { actionFailureMessage } from '../lib/basket.ts'
import { STORE_CREDIT_FORM_PATH, USE_CREDIT_FIELD } from '../lib/payment-step.ts'
import { useCreditLabel } from '../lib/rewards.ts'
import { useSubmit } from '../lib/use-submit.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { useText } from '../lib/page-text.ts'

export interface StoreCreditSwitchProps extends IslandProps {
  /** The member's balance, in pence (more than 0, or the switch is not shown). */
  available: number
  /** Whether the basket uses it now (on by default). */
  useCredit: boolean
}

const noChanges = () => () => {}
const onClient = () => true
const notOnServer = () => false

/**
 * "Use my £X.XX store credit" on the payment step (ADR 020). Without JavaScript a form post with
 * an Update button (the page answers 303 back with a notice); hydrated, the switch calls the same
 * backend route through /api and reloads the page, so the summary, the amount to pay and the
 * total the payment form promises all come from the server's new totals at once.
 */
export function StoreCreditSwitch({ available, useCredit, islandId }: StoreCreditSwitchProps) {
  const shop = useShopLocale()
  const text = useText()
  const hydrated = useSyncExternalStore(noChanges, onClient, notOnServer)
  const update = useSubmit(async (checked: boolean) => {
    await postJson(BASKET_API.credit, { useCredit: checked })
    window.location.reload()
  })
  const error = update.error
    ? actionFailureMessage(update.error, MESSAGES.storeCreditUpdateFailed)
    : undefined
  const id = `${islandId ?? 'store-credit'}-use`

  return (
    <form method="post" action={STORE_CREDIT_FORM_PATH} className="flex flex-col gap-2">
      <FormAlert id={`${id}-error`} message={error === undefined ? undefined : text(error)} />
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold"
        >
          <input
            id={id}
            type="checkbox"
            name={USE_CREDIT_FIELD}
            value="1"
            defaultChecked={useCredit}
            disabled={update.isMutating}
            // A failure is shown from update.error; nothing else waits on the promise.
            onChange={(event) => void update.trigger(event.currentTarget.checked).catch(() => {})}
            className="size-5 accent-primary"
          />
          {useCreditLabel(available, shop)}
        </label>
        {hydrated ? null : (
          <button
            type="submit"
            className="min-h-11 rounded-full border-2 border-primary px-4 font-bold text-primary hover:bg-tint"
          >
            {text(MESSAGES.pageUpdate)}
          </button>
        )}
      </div>
    </form>
  )
}
