import type { ReferralOffer } from '../../../schemas/referrals.ts'
import { useMoney } from '../../lib/shop-locale.ts'

/** How referring works, in three steps, and its terms (ADR 021). */
export function ReferralOfferSection({ offer }: { offer: ReferralOffer }) {
  const formatMoney = useMoney()
  const reward = formatMoney(offer.rewardAmount)
  return (
    <section aria-labelledby="how-title" className="mt-8">
      <h2 id="how-title" className="text-xl font-bold">
        How it works
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {[
          'Share your link with a friend.',
          'They create an account with it and place their first order.',
          `When it is delivered, you each get ${reward} off your next order.`,
        ].map((step, index) => (
          <li key={step} className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm">
            <span className="block text-2xl font-extrabold text-primary">{index + 1}</span>
            {step}
          </li>
        ))}
      </ol>
      <h2 className="mt-6 text-lg font-bold">Terms</h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-ink/80">
        <li>The reward is given once your friend&apos;s first order has been delivered.</li>
        <li>
          You can earn a reward for up to {offer.monthlyCap}{' '}
          {offer.monthlyCap === 1 ? 'friend' : 'friends'} a month.
        </li>
        <li>You cannot refer yourself, and each friend can be referred only once.</li>
        <li>
          The {reward} comes as store credit: it comes off your next order at checkout and has no
          cash value.
        </li>
      </ul>
    </section>
  )
}
