import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/** The profile page's `intent` of the default substitution form (the other is marketing). */
export const SUBSTITUTIONS_INTENT = 'substitutions'

/** A marketing channel's box on the profile page: `channel-<id>`, 'in' when ticked. */
export const profileChannelField = (marketingChannelId: number): string =>
  `channel-${marketingChannelId}`

const ProfileFieldsSchema = z.object({
  /** Which form was posted: {@link SUBSTITUTIONS_INTENT}, else the marketing choices. */
  intent: z.string().catch(''),
  /** The default substitution choice, checked by its call's schema. */
  substitution: z.string().optional().catch(undefined),
  /** Every channel the page showed, by id ('3,5'): an unticked box sends nothing. */
  channels: z.string().catch(''),
})

/*
 * The member's profile page (spec §3 Profile): its two forms, the marketing choices and the
 * default substitution. ProfilePage.tsx takes its field names from here (a channel's box from
 * profileChannelField) and worker/pages/member/profile.tsx reads a post with ProfileFormSchema.
 */
export const PROFILE_FIELDS = fieldNames(ProfileFieldsSchema)

export const ProfileFormSchema = ProfileFieldsSchema.catchall(z.string()).transform((form) => ({
  intent: form.intent,
  substitution: form.substitution,
  /** Each channel shown, opted in when its box was ticked; an id that is not one is dropped. */
  marketingOptions: form.channels
    .split(',')
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number)
    .map((marketingChannelId) => ({
      marketingChannelId,
      optedIn: form[profileChannelField(marketingChannelId)] === 'in',
    })),
}))
