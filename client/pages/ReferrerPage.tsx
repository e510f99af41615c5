import type { MemberReferrals, ReferralOffer } from '../../schemas/referrals.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { MyReferrals } from '../components/referrals/MyReferrals.tsx'
import { ReferralOfferSection } from '../components/referrals/ReferralOfferSection.tsx'
import { ReferralInvitation, type Invitation } from '../components/referrals/ReferralInvitation.tsx'
import { routePath } from '../lib/routes.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface ReferrerPageProps {
  chrome: PageChrome
  offer: ReferralOffer
  /** The code of the link a friend arrived by, checked; null without one. */
  invitation: Invitation | null
  /** The signed-in member's referrals and their absolute share link; null for a guest. */
  mine: { referrals: MemberReferrals; shareUrl: string } | null
}

/**
 * `/referrer` (ADR 021): the business's offer for everyone, a friend's invitation when the page was
 * opened by a share link, and for a member their own link, widget and friends.
 */
export function ReferrerPage({ chrome, offer, invitation, mine }: ReferrerPageProps) {
  const formatMoney = useMoney()
  const text = useText()
  const headline = text(MESSAGES.pageOfferHeadline, formatMoney(offer.rewardAmount))
  // Signing in or registering from an invitation comes back here with its code.
  const back = invitation?.valid
    ? routePath('referrer', undefined, { code: invitation.referralCode })
    : undefined
  return (
    <Layout chrome={chrome} interactive={mine !== null}>
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
        {invitation ? (
          <ReferralInvitation
            invitation={invitation}
            signedIn={chrome.signedIn}
            invitedBy={mine?.referrals.invitedBy ?? null}
          />
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight">{headline}</h1>
        {offer.active ? (
          <>
            <p className="mt-2 text-lg text-ink/80">
              {text(MESSAGES.pageReferralPromise, formatMoney(offer.rewardAmount))}
            </p>
            <ReferralOfferSection offer={offer} />
            {mine ? (
              <MyReferrals
                referrals={mine.referrals}
                shareUrl={mine.shareUrl}
                shareText={headline}
              />
            ) : chrome.signedIn ? null : (
              <p className="mt-8 rounded-2xl bg-tint p-5">
                <a
                  href={routePath('login', undefined, back ? { redirect: back } : undefined)}
                  className="font-semibold text-primary underline"
                >
                  {text(MESSAGES.pageSignIn)}
                </a>{' '}
                {text(MESSAGES.pageSignInFirst)}{' '}
                <a
                  href={routePath(
                    'register',
                    undefined,
                    invitation?.valid ? { referralCode: invitation.referralCode } : undefined
                  )}
                  className="font-semibold text-primary underline"
                >
                  {text(MESSAGES.pageCreateAnAccountLower)}
                </a>
                .
              </p>
            )}
          </>
        ) : (
          <p className="mt-4 text-ink/80">{text(MESSAGES.pageNoReferrals)}</p>
        )}
      </div>
    </Layout>
  )
}
