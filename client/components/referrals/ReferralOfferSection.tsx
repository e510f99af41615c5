import type { ReferralOffer } from '../../../schemas/referrals.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useCount, useText } from '../../lib/page-text.ts'

/** How referring works, in three steps, and its terms (ADR 021). */
export function ReferralOfferSection({ offer }: { offer: ReferralOffer }) {
  const formatMoney = useMoney()
  const text = useText()
  const count = useCount()
  const reward = formatMoney(offer.rewardAmount)
  return (
    <section aria-labelledby="how-title" className="mt-8">
      <h2 id="how-title" className="text-xl font-bold">
        {text(MESSAGES.pageHowItWorks)}
      </h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {[
          text(MESSAGES.pageReferStepShare),
          text(MESSAGES.pageReferStepJoin),
          text(MESSAGES.pageReferStepReward, reward),
        ].map((step, index) => (
          <li key={step} className="rounded-2xl border border-black/10 bg-white p-4 shadow-sm">
            <span className="block text-2xl font-extrabold text-primary">{index + 1}</span>
            {step}
          </li>
        ))}
      </ol>
      <h2 className="mt-6 text-lg font-bold">{text(MESSAGES.pageTerms)}</h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-ink/80">
        <li>{text(MESSAGES.pageReferTermDelivered)}</li>
        <li>{text(MESSAGES.pageReferTermCap, count('friends', offer.monthlyCap))}</li>
        <li>{text(MESSAGES.pageReferTermOnce)}</li>
        <li>{text(MESSAGES.pageReferTermCredit, reward)}</li>
      </ul>
    </section>
  )
}
