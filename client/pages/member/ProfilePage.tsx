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
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'

export interface ProfilePageProps {
  chrome: PageChrome
  profile: MemberProfile
  preferences: MarketingPreferences
  substitution: SubstitutionDefault
  notice?: string
  error?: string
}

const CHANNEL_LABELS = {
  email: MESSAGES.pageEmail,
  sms: MESSAGES.pageTextMessage,
  push: MESSAGES.pageAppNotification,
} as const
const SOURCE_LABELS = {
  registration: MESSAGES.pageWhenRegistered,
  profile: MESSAGES.pageOnThisPage,
} as const

/** A consent time as the shop's people read it: '25 Nov 2026, 12:00' in the UK. */
function when(iso: string, shop: ShopLocale): string {
  return new Date(iso).toLocaleString(shop.locale, {
    timeZone: shop.timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
}

const SUBSTITUTION_LABELS = {
  best_match: [MESSAGES.pageBestMatch, MESSAGES.pageBestMatchHint],
  none: [MESSAGES.pageNoSubstitute, MESSAGES.pageNoSubstituteHint],
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
  const shop = useShopLocale()
  const shopCountry = shop.countryCode
  const text = useText()
  return (
    <MemberShell chrome={chrome} active="member-profile" title={MESSAGES.pageProfileAndPreferences}>
      <FormNotice message={notice} />
      <MemberCard id="profile" title={MESSAGES.pageYourProfile}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">{text(MESSAGES.pageName)}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {profile.firstname} {profile.lastname}
          </dd>
          <dt className="font-semibold">{text(MESSAGES.pageMobile)}</dt>
          <dd>
            {profile.mobileContactNumber
              ? displayPhone(profile.mobileContactNumber, shopCountry)
              : text(MESSAGES.pageNone)}
          </dd>
          <dt className="font-semibold">{text(MESSAGES.pageEmail)}</dt>
          <dd className="[overflow-wrap:anywhere]">{profile.email}</dd>
        </dl>
        <a
          href={routePath('member-my-details')}
          className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pageChangeInMyDetails)}
        </a>
      </MemberCard>
      <MemberCard id="marketing" title={MESSAGES.pageMarketingPreferences}>
        <p className="mb-4">{text(MESSAGES.pageMarketingIntro)}</p>
        <form method="post" action={routePath('member-profile')} noValidate>
          <FormAlert id="marketing-form-error" message={error} />
          <input
            type="hidden"
            name={PROFILE_FIELDS.channels}
            value={preferences.channels.map((c) => c.marketingChannelId).join(',')}
          />
          <fieldset>
            <legend className="sr-only">{text(MESSAGES.pageMarketingChannels)}</legend>
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
          <SubmitButton>{text(MESSAGES.pageSavePreferences)}</SubmitButton>
        </form>
      </MemberCard>
      <MemberCard id="substitutions" title={MESSAGES.pageSubstitutions}>
        <p className="mb-4">{text(MESSAGES.pageSubstitutionsIntro)}</p>
        <form method="post" action={routePath('member-profile')}>
          <input type="hidden" name={PROFILE_FIELDS.intent} value={SUBSTITUTIONS_INTENT} />
          <fieldset>
            <legend className="sr-only">{text(MESSAGES.pageDefaultSubstitution)}</legend>
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
                  <span className="block font-semibold">
                    {text(SUBSTITUTION_LABELS[choice][0])}
                  </span>
                  <span className="block text-sm text-ink/70">
                    {text(SUBSTITUTION_LABELS[choice][1])}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <SubmitButton>{text(MESSAGES.pageSaveSubstitution)}</SubmitButton>
        </form>
      </MemberCard>
      <MemberCard id="consents" title={MESSAGES.pageConsentHistory}>
        {preferences.history.length === 0 ? (
          <p>{text(MESSAGES.pageNoConsents)}</p>
        ) : (
          <ul className="divide-y divide-black/10">
            {preferences.history.map((row, index) => (
              <li key={index} className="py-2">
                <span className="font-semibold">{text(CHANNEL_LABELS[row.channel])}</span>:{' '}
                {text(row.optedIn ? MESSAGES.pageOptedIn : MESSAGES.pageOptedOut)}{' '}
                {text(SOURCE_LABELS[row.source])},{' '}
                <time dateTime={row.recordedAt}>{when(row.recordedAt, shop)}</time>
              </li>
            ))}
          </ul>
        )}
      </MemberCard>
    </MemberShell>
  )
}
