import { MESSAGES } from '../../../schemas/messages.ts'
import type { MemberReferrals } from '../../../schemas/referrals.ts'
import { routePath } from '../../lib/routes.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { useText } from '../../lib/page-text.ts'

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
  const formatMoney = useMoney()
  const text = useText()
  if (!invitation.valid) {
    return (
      <p
        role="alert"
        className="mb-6 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-700/40"
      >
        {text(MESSAGES.referralCodeInvalid)}
      </p>
    )
  }
  const joinedWithThis = signedIn && invitedBy?.referralCode === invitation.referralCode
  const promise = text(
    MESSAGES.pageInvitationPromise,
    invitation.referrerFirstName,
    formatMoney(invitation.rewardAmount)
  )
  return (
    <section
      aria-labelledby="invitation-title"
      className="mb-6 rounded-2xl bg-tint p-5 ring-1 ring-primary/30"
    >
      <h2 id="invitation-title" className="text-xl font-extrabold">
        {text(
          MESSAGES.pageInvitedYou,
          invitation.referrerFirstName,
          formatMoney(invitation.rewardAmount)
        )}
      </h2>
      {joinedWithThis ? (
        <p className="mt-2 text-ink/80">
          {invitedBy?.status === 'refused'
            ? text(MESSAGES.pageJoinedRefused)
            : `${text(MESSAGES.pageJoinedWithInvitation)} ${promise}`}
        </p>
      ) : signedIn ? (
        <p className="mt-2 text-ink/80">{text(MESSAGES.pageInvitationsNewCustomers)}</p>
      ) : (
        <>
          <p className="mt-2 text-ink/80">{promise}</p>
          <a
            href={routePath('register', undefined, { referralCode: invitation.referralCode })}
            className="mt-4 inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-bold text-on-primary hover:brightness-90"
          >
            {text(MESSAGES.pageCreateYourAccount)}
          </a>
        </>
      )}
    </section>
  )
}
