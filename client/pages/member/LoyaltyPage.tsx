import type { LoyaltySummary } from '../../../schemas/loyalty.ts'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { LoyaltyProgressCard } from '../../components/rewards/LoyaltyProgressCard.tsx'
import { CreditHistory, PointsHistory } from '../../components/rewards/RewardHistory.tsx'
import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface LoyaltyPageProps {
  chrome: PageChrome
  summary: LoyaltySummary
}

/**
 * `/member/loyalty` (ADR 020): points towards the next reward and how to earn them, the member's
 * store credit and both histories, and the way to refer a friend. A shop without a points scheme
 * shows the credit alone and says so.
 */
export function LoyaltyPage({ chrome, summary }: LoyaltyPageProps) {
  const { progress, history, credit } = summary
  const text = useText()
  return (
    <MemberShell chrome={chrome} active="member-loyalty" title={MESSAGES.pageLoyaltyAndCredit}>
      {progress ? (
        <LoyaltyProgressCard progress={progress} />
      ) : (
        <p className="rounded-2xl border border-black/10 bg-white p-5 text-ink/80">
          {text(MESSAGES.pageNoPointsScheme)}
        </p>
      )}
      <CreditHistory credit={credit} />
      {progress || history.length > 0 ? <PointsHistory history={history} /> : null}
      <p className="mt-8 rounded-2xl bg-tint p-5">
        <span className="font-bold">{text(MESSAGES.pageInviteYourFriends)}</span>{' '}
        {text(MESSAGES.pageFriendDeliveredCredit)}{' '}
        <a href={routePath('referrer')} className="font-semibold text-primary underline">
          {text(MESSAGES.pageReferAFriend)}
        </a>
      </p>
    </MemberShell>
  )
}
