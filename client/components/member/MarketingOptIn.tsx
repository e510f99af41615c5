import {
  MARKETING_CHANNELS,
  marketingOptInField,
  type MarketingChannel,
} from '../../../schemas/member-profile.ts'
import type { FormValues } from '../forms/Form.tsx'

const LABELS: Readonly<Record<MarketingChannel, string>> = {
  email: 'Email me offers and news',
  sms: 'Text me offers and reminders',
  push: 'Send offers to the app',
}

/**
 * The registration form's marketing opt-in: one box per channel, unticked unless the shopper
 * ticked it (PECR: consent is given, never assumed).
 */
export function MarketingOptIn({ values }: { values: FormValues }) {
  return (
    <fieldset className="mb-4">
      <legend className="block text-sm font-semibold">
        Offers and news <span className="font-normal text-ink/70">(optional)</span>
      </legend>
      <p className="mt-0.5 mb-2 text-sm text-ink/70">
        You can change this at any time in Profile and preferences.
      </p>
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
            {LABELS[channel]}
          </label>
        )
      })}
    </fieldset>
  )
}
