import { routePath } from '../../lib/routes.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** What the dashboard's rewards card shows: points (null without a scheme) and the credit. */
export interface RewardsAtAGlance {
  points: number | null
  creditBalance: number
}

/** Whether the member has anything to see: points on a scheme, or credit. */
export function hasRewards(rewards: RewardsAtAGlance | null): rewards is RewardsAtAGlance {
  return rewards !== null && (rewards.points !== null || rewards.creditBalance > 0)
}

/** The dashboard's summary of points and store credit, linking to the loyalty page. */
export function RewardsCard({ rewards }: { rewards: RewardsAtAGlance }) {
  const formatMoney = useMoney()
  const text = useText()
  return (
    <section aria-labelledby="rewards-title" className="mt-8">
      <h2 id="rewards-title" className="mb-3 text-xl font-bold">
        {text(MESSAGES.pagePointsAndCredit)}
      </h2>
      <a
        href={routePath('member-loyalty')}
        className="flex flex-wrap gap-x-8 gap-y-2 rounded-2xl border border-black/10 bg-white p-5 shadow-sm hover:bg-tint"
      >
        {rewards.points !== null ? (
          <span>
            <span className="block text-sm text-ink/75">{text(MESSAGES.pagePoints)}</span>
            <span className="text-2xl font-extrabold tabular-nums">{rewards.points}</span>
          </span>
        ) : null}
        <span>
          <span className="block text-sm text-ink/75">{text(MESSAGES.pageStoreCredit)}</span>
          <span className="text-2xl font-extrabold tabular-nums">
            {formatMoney(rewards.creditBalance)}
          </span>
        </span>
      </a>
    </section>
  )
}
