import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { routePath } from '../../lib/routes.ts'

/** What the code of a friend's link turned out to be. */
export type Invitation =
  | { valid: true; referralCode: string; referrerFirstName: string; rewardAmount: number }
  | { valid: false }

/**
 * A friend arriving by a share link: whose invitation it is and the way to register with it
 * (the code travels in the register link), or the spec's message for a code that is no good.
 */
export function ReferralInvitation({
  invitation,
  signedIn,
}: {
  invitation: Invitation
  signedIn: boolean
}) {
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
  return (
    <section
      aria-labelledby="invitation-title"
      className="mb-6 rounded-2xl bg-tint p-5 ring-1 ring-primary/30"
    >
      <h2 id="invitation-title" className="text-xl font-extrabold">
        {invitation.referrerFirstName} has invited you: {formatMoney(invitation.rewardAmount)} off
        your first order
      </h2>
      {signedIn ? (
        <p className="mt-2 text-ink/80">
          Invitations are for new customers: you already have an account.
        </p>
      ) : (
        <a
          href={routePath('register', undefined, { referralCode: invitation.referralCode })}
          className="mt-4 inline-flex min-h-12 items-center rounded-full bg-primary px-6 font-bold text-on-primary hover:brightness-90"
        >
          Create your account
        </a>
      )}
    </section>
  )
}
