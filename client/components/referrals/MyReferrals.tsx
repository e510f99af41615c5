import { DEFAULT_TIME_ZONE } from '../../../schemas/constants.ts'
import type { MemberReferrals } from '../../../schemas/referrals.ts'
import { ReferralShare } from '../../islands/ReferralShare.tsx'
import { dayMonthYear, localDate } from '../../lib/slots.ts'
import { island } from '../Island.tsx'
import { useMoney } from '../../lib/shop-locale.ts'

const ReferralShareIsland = island('ReferralShare', ReferralShare, { hydrate: 'visible' })

/** How a referred friend is doing, as the referrer reads it. */
export const FRIEND_STATUS_LABELS = {
  pending: 'Waiting for their first order to be delivered',
  rewarded: 'Rewarded',
  refused: 'Not eligible',
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
  return (
    <section
      aria-labelledby="my-referrals-title"
      className="mt-8 rounded-2xl border border-black/10 bg-white p-5 shadow-sm"
    >
      <h2 id="my-referrals-title" className="text-xl font-bold">
        Your referral link
      </h2>
      <p className="mt-1 text-ink/80">
        Your code is <strong className="font-mono text-ink">{referrals.referralCode}</strong>.
      </p>
      <div className="mt-3">
        <ReferralShareIsland shareUrl={shareUrl} shareText={shareText} />
      </div>
      <h3 className="mt-6 font-bold">Your friends</h3>
      {referrals.friends.length === 0 ? (
        <p className="mt-1 text-ink/80">Nobody has joined with your link yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-black/10">
          {referrals.friends.map((friend, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-semibold">
                {friend.firstName}{' '}
                <span className="font-normal text-ink/75">
                  joined{' '}
                  <time dateTime={friend.createdAt}>
                    {dayMonthYear(localDate(friend.createdAt, DEFAULT_TIME_ZONE))}
                  </time>
                </span>
              </span>
              <span>{FRIEND_STATUS_LABELS[friend.status]}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 font-semibold">
        You have earned {formatMoney(referrals.earned)} of store credit from referrals.
      </p>
    </section>
  )
}
