import type { Context } from 'hono'
import {
  MARKETING_CHANNELS,
  MarketingPreferencesSchema,
  marketingOptInField,
  RegisterSettingsSchema,
  type MarketingChannel,
} from '../../../schemas/member-profile.ts'
import type { AppEnv } from '../../env.ts'
import { logError } from '../../lib/log.ts'

/** The brand's register settings: verification by code, and whether to offer the opt-in. */
export function registerSettings(c: Context<AppEnv>) {
  return RegisterSettingsSchema.parse(c.var.brand.settings.register)
}

/** The opt-in boxes a registration form post carries, to echo on a refused form. */
export const OPT_IN_FIELDS = MARKETING_CHANNELS.map(marketingOptInField)

/**
 * Records the channels the new member ticked at registration (read by RegisterOptInSchema;
 * source 'registration'), right after the account exists. A failure is logged and never blocks the registration: the member can opt in
 * on their profile page, and nothing ticked means nothing is sent.
 */
export async function saveRegistrationOptIn(
  c: Context<AppEnv>,
  token: string,
  ticked: ReadonlyArray<MarketingChannel>
): Promise<void> {
  if (ticked.length === 0) return
  const businessId = c.var.brand.businessId
  try {
    const { channels } = await c.var.backend.get('/member/marketing-preferences', {
      query: { businessId },
      token,
      schema: MarketingPreferencesSchema,
    })
    const marketingOptions = channels
      .filter((channel) => ticked.includes(channel.channel))
      .map((channel) => ({ marketingChannelId: channel.marketingChannelId, optedIn: true }))
    await c.var.backend.put('/member/marketing-preferences', {
      body: { businessId, marketingOptions, source: 'registration' },
      token,
      schema: MarketingPreferencesSchema,
    })
  } catch (error) {
    logError(error, { requestId: c.var.requestId, reason: 'registration_opt_in' })
  }
}
