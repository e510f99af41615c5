import { MESSAGES } from '../../../schemas/messages.ts'
import type { MemberReferrals } from '../../../schemas/referrals.ts'
import { routePath } from '../../lib/routes.ts'
import { invitationPromise } from './referral-promise.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/** What the code of a friend's link turned out to be. */
export type Invitation =
  | { valid: true; referralCode: string; referrerFirstName: string; rewardAmount: number }
  | { valid: false }

/**
 * A friend arriving by a share link: whose invitation it is and the way to register with it
 * (the code travels in the register and sign-in links), or the spec's message for a code that is
 * no good. A member who registered with this very code (back on the page after registering) is
 * told it worked, not that invitations are for new customers.
 */
export function ReferralInvitation({
  invitation,
  signedIn,
  invitedBy,
}: {
  invitation: Invitation
  signedIn: boolean
  /** The signed-in member's own invitation, when they registered with one. */
  invitedBy: MemberReferrals['invitedBy']
}) {
  const shop = useShopLocale()
  const formatMoney = useMoney()
  if (!invitation.valid) {
    return (
      <p
        role="alert"
        className="mb-6 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
      >
        {MESSAGES.referralCodeInvalid}
      </p>
    )
  }
  const joinedWithThis = signedIn && invitedBy?.referralCode === invitation.referralCode
  return (
    <section
      aria-labelledby="invitation-title"
      className="mb-6 rounded-2xl bg-tint p-5 ring-1 ring-primary/30"
    >
      <h2 id="invitation-title" className="text-xl font-extrabold">
        {invitation.referrerFirstName} has invited you: {formatMoney(invitation.rewardAmount)} off
        for you both
      </h2>
      {joinedWithThis ? (
        <p className="mt-2 text-ink/80">
          {invitedBy?.status === 'refused'
            ? 'You joined with this invitation, but it cannot earn a referral reward.'
            : `You joined with this invitation. ${invitationPromise(invitation.referrerFirstName, invitation.rewardAmount, shop)}`}
        </p>
      ) : signedIn ? (
        <p className="mt-2 text-ink/80">
          Invitations are for new customers: you already have an account.
        </p>
      ) : (
        <>
          <p className="mt-2 text-ink/80">
            {invitationPromise(invitation.referrerFirstName, invitation.rewardAmount, shop)}
          </p>
          <a
            href={routePath('register', undefined, { referralCode: invitation.referralCode })}
            className="mt-4 inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-bold text-on-primary hover:brightness-90"
          >
            Create your account
          </a>
        </>
      )}
    </section>
  )
}
