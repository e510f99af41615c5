import {
  MARKETING_CHANNELS,
  marketingOptInField,
  type MarketingChannel,
} from '../../../schemas/member-profile.ts'
import type { FormValues } from '../forms/Form.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const LABELS: Readonly<Record<MarketingChannel, string>> = {
  email: MESSAGES.pageEmailMeOffers,
  sms: MESSAGES.pageTextMeOffers,
  push: MESSAGES.pageSendOffersToApp,
}

/**
 * The registration form's marketing opt-in: one box per channel, unticked unless the shopper
 * ticked it (PECR: consent is given, never assumed).
 */
export function MarketingOptIn({ values }: { values: FormValues }) {
  const text = useText()
  return (
    <fieldset className="mb-4">
      <legend className="block text-sm font-semibold">
        {text(MESSAGES.pageOffersAndNews)}{' '}
        <span className="font-normal text-ink/70">{text(MESSAGES.pageOptionalParens)}</span>
      </legend>
      <p className="mt-0.5 mb-2 text-sm text-ink/70">{text(MESSAGES.pageChangeAnyTimeInProfile)}</p>
      {MARKETING_CHANNELS.map((channel) => {
        const name = marketingOptInField(channel)
        return (
          <label key={channel} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name={name}
              value="in"
              defaultChecked={values[name] === 'in'}
              className="size-5 shrink-0 accent-primary"
            />
            {text(LABELS[channel])}
          </label>
        )
      })}
    </fieldset>
  )
}
