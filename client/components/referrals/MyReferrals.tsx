import type { MemberReferrals } from '../../../schemas/referrals.ts'
import { REFERRAL_SHARE_TEXTS, ReferralShare } from '../../islands/ReferralShare.tsx'
import { dayMonthYear, localDate } from '../../lib/slots.ts'
import { island } from '../Island.tsx'
import { useMoney, useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const ReferralShareIsland = island('ReferralShare', ReferralShare, {
  hydrate: 'visible',
  texts: REFERRAL_SHARE_TEXTS,
})

/** How a referred friend is doing, as the referrer reads it (catalogue messages). */
export const FRIEND_STATUS_LABELS = {
  pending: MESSAGES.pageFriendPending,
  rewarded: MESSAGES.pageFriendRewarded,
  refused: MESSAGES.pageFriendRefused,
} as const satisfies Record<MemberReferrals['friends'][number]['status'], string>

/** A signed-in member's code, share link and widget, and the friends they referred. */
export function MyReferrals({
  referrals,
  shareUrl,
  shareText,
}: {
  referrals: MemberReferrals
  shareUrl: string
  shareText: string
}) {
  const formatMoney = useMoney()
  const shop = useShopLocale()
  const text = useText()
  return (
    <section
      aria-labelledby="my-referrals-title"
      className="mt-8 rounded-2xl border border-black/10 bg-white p-5 shadow-sm"
    >
      <h2 id="my-referrals-title" className="text-xl font-bold">
        {text(MESSAGES.pageYourReferralLink)}
      </h2>
      <p className="mt-1 text-ink/80">
        {text(MESSAGES.pageYourCodeIs)}{' '}
        <strong className="font-mono text-ink">{referrals.referralCode}</strong>.
      </p>
      <div className="mt-3">
        <ReferralShareIsland shareUrl={shareUrl} shareText={shareText} />
      </div>
      <h3 className="mt-6 font-bold">{text(MESSAGES.pageYourFriends)}</h3>
      {referrals.friends.length === 0 ? (
        <p className="mt-1 text-ink/80">{text(MESSAGES.pageNobodyJoined)}</p>
      ) : (
        <ul className="mt-2 divide-y divide-black/10">
          {referrals.friends.map((friend, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-semibold">
                {friend.firstName}{' '}
                <span className="font-normal text-ink/75">
                  {text(MESSAGES.pageJoined)}{' '}
                  <time dateTime={friend.createdAt}>
                    {dayMonthYear(localDate(friend.createdAt, shop.timeZone), shop)}
                  </time>
                </span>
              </span>
              <span>{text(FRIEND_STATUS_LABELS[friend.status])}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 font-semibold">
        {text(MESSAGES.pageYouHaveEarned, formatMoney(referrals.earned))}
      </p>
    </section>
  )
}
