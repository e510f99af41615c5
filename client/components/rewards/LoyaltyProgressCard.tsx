import type { LoyaltyProgress } from '../../../schemas/loyalty.ts'
import { earnRuleText, progressText } from '../../lib/rewards.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * Points towards the next reward as a progress bar (a native progress element: its fill needs
 * no style attribute, which the CSP forbids), how points are earned, and why a balance below zero
 * happens (a refund took back points that had already become credit).
 */
export function LoyaltyProgressCard({ progress }: { progress: LoyaltyProgress }) {
  const shop = useShopLocale()
  const say = useText()
  const text = progressText(progress, shop)
  return (
    <section
      aria-labelledby="points-title"
      className="rounded-2xl border border-black/10 bg-white p-5 shadow-sm"
    >
      <h2 id="points-title" className="text-xl font-bold">
        {progress.scheme.name}
      </h2>
      <p id="points-progress-label" className="mt-2 font-semibold">
        {text}
      </p>
      <progress
        aria-labelledby="points-progress-label"
        max={100}
        value={progress.progressPercent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.progressPercent}
        aria-valuetext={text}
        className="mt-2 block h-3 w-full appearance-none overflow-hidden rounded-full border-0 bg-tint [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-tint [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-primary"
      />
      {progress.pointsBalance < 0 ? (
        <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-700/25">
          {say(MESSAGES.pagePointsBelowZero)}
        </p>
      ) : null}
      <h3 className="mt-4 font-bold">{say(MESSAGES.pageHowToEarn)}</h3>
      <p className="mt-1 text-ink/80">{earnRuleText(progress.scheme, shop)}</p>
    </section>
  )
}
