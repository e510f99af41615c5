import type {
  MarketingPreferences,
  MemberProfile,
  SubstitutionDefault,
} from '../../../schemas/member-profile.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { FormAlert, FormNotice, SubmitButton } from '../../components/forms/Form.tsx'
import { MemberCard } from '../../components/member/DetailsSections.tsx'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { routePath } from '../../lib/routes.ts'
import { displayPhone } from '../../../schemas/phone.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import {
  PROFILE_FIELDS,
  profileChannelField,
  SUBSTITUTIONS_INTENT,
} from '../../../schemas/forms/profile.ts'

export interface ProfilePageProps {
  chrome: PageChrome
  profile: MemberProfile
  preferences: MarketingPreferences
  substitution: SubstitutionDefault
  notice?: string
  error?: string
}

const CHANNEL_LABELS = { email: 'Email', sms: 'Text message', push: 'App notification' } as const
const SOURCE_LABELS = { registration: 'when you registered', profile: 'on this page' } as const

/** A consent time as people read it in the UK: '25 Nov 2026, 12:00'. */
function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
}

const SUBSTITUTION_LABELS = {
  best_match: ['Best match', 'The store picks a similar item. You never pay more for it.'],
  none: ['No substitute', 'The store leaves the item out and you do not pay for it.'],
} as const

/**
 * Profile and preferences: who we know you as (edited on My details, so each field has one
 * place), your marketing choice per channel, and the record of every choice you made.
 */
export function ProfilePage({
  chrome,
  profile,
  preferences,
  substitution,
  notice,
  error,
}: ProfilePageProps) {
  const shopCountry = useShopLocale().countryCode
  return (
    <MemberShell chrome={chrome} active="member-profile" title="Profile and preferences">
      <FormNotice message={notice} />
      <MemberCard id="profile" title="Your profile">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Name</dt>
          <dd className="[overflow-wrap:anywhere]">
            {profile.firstname} {profile.lastname}
          </dd>
          <dt className="font-semibold">Mobile</dt>
          <dd>
            {profile.mobileContactNumber
              ? displayPhone(profile.mobileContactNumber, shopCountry)
              : 'None'}
          </dd>
          <dt className="font-semibold">Email</dt>
          <dd className="[overflow-wrap:anywhere]">{profile.email}</dd>
        </dl>
        <a
          href={routePath('member-my-details')}
          className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          Change these in My details
        </a>
      </MemberCard>
      <MemberCard id="marketing" title="Marketing preferences">
        <p className="mb-4">
          Choose how we may send you offers and news. Nothing is sent until you tick a box, and you
          can untick it at any time.
        </p>
        <form method="post" action={routePath('member-profile')} noValidate>
          <FormAlert id="marketing-form-error" message={error} />
          <input
            type="hidden"
            name={PROFILE_FIELDS.channels}
            value={preferences.channels.map((c) => c.marketingChannelId).join(',')}
          />
          <fieldset>
            <legend className="sr-only">Marketing channels</legend>
            {preferences.channels.map((channel) => (
              <label
                key={channel.marketingChannelId}
                className="mb-3 flex min-h-11 items-start gap-3 rounded-xl border border-black/10 p-3"
              >
                <input
                  type="checkbox"
                  name={profileChannelField(channel.marketingChannelId)}
                  value="in"
                  defaultChecked={channel.optedIn}
                  className="mt-1 size-5 shrink-0 accent-primary"
                />
                <span>
                  <span className="block font-semibold">{channel.name}</span>
                  {channel.description ? (
                    <span className="block text-sm text-ink/70">{channel.description}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          <SubmitButton>Save preferences</SubmitButton>
        </form>
      </MemberCard>
      <MemberCard id="substitutions" title="Substitutions">
        <p className="mb-4">
          If an item you order is out of stock, unless you chose otherwise for that item in your
          basket:
        </p>
        <form method="post" action={routePath('member-profile')}>
          <input type="hidden" name={PROFILE_FIELDS.intent} value={SUBSTITUTIONS_INTENT} />
          <fieldset>
            <legend className="sr-only">Your default substitution choice</legend>
            {(['best_match', 'none'] as const).map((choice) => (
              <label
                key={choice}
                className="mb-3 flex min-h-11 items-start gap-3 rounded-xl border border-black/10 p-3"
              >
                <input
                  type="radio"
                  name={PROFILE_FIELDS.substitution}
                  value={choice}
                  defaultChecked={substitution.substitution === choice}
                  className="mt-1 size-5 shrink-0 accent-primary"
                />
                <span>
                  <span className="block font-semibold">{SUBSTITUTION_LABELS[choice][0]}</span>
                  <span className="block text-sm text-ink/70">
                    {SUBSTITUTION_LABELS[choice][1]}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <SubmitButton>Save substitution choice</SubmitButton>
        </form>
      </MemberCard>
      <MemberCard id="consents" title="Your consent history">
        {preferences.history.length === 0 ? (
          <p>You have not opted into anything: every channel is off.</p>
        ) : (
          <ul className="divide-y divide-black/10">
            {preferences.history.map((row, index) => (
              <li key={index} className="py-2">
                <span className="font-semibold">{CHANNEL_LABELS[row.channel]}</span>:{' '}
                {row.optedIn ? 'opted in' : 'opted out'} {SOURCE_LABELS[row.source]},{' '}
                <time dateTime={row.recordedAt}>{when(row.recordedAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </MemberCard>
    </MemberShell>
  )
}
