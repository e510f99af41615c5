import type { Context } from 'hono'
import type { RewardsAtAGlance } from '../../../client/components/rewards/RewardsCard.tsx'
import { MemberDashboardPage } from '../../../client/pages/member/MemberDashboardPage.tsx'
import { MemberDashboardSchema } from '../../../schemas/member-orders.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { fetchLoyaltySummary } from './loyalty.tsx'
import { memberPost, sessionEnded } from '../shared/member-call.ts'

/**
 * The dashboard's points and credit. A refusal here (the rewards part of the shop unavailable)
 * leaves the card out rather than the whole dashboard: the orders matter more.
 */
async function rewardsAtAGlance(c: Context<AppEnv>): Promise<RewardsAtAGlance | null> {
  try {
    const summary = await fetchLoyaltySummary(c)
    return {
      points: summary.progress?.pointsBalance ?? null,
      creditBalance: summary.credit.balance,
    }
  } catch (error) {
    if (error instanceof AppError && error.code !== 'unauthorized') return null
    throw error
  }
}

/** `/member`: the member dashboard (members only, private). */
export async function memberDashboardPage(c: Context<AppEnv>): Promise<Response> {
  let dashboard
  let rewards
  try {
    ;[dashboard, rewards] = await Promise.all([
      memberPost(c, '/member/dashboard', {}, MemberDashboardSchema),
      rewardsAtAGlance(c),
    ])
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  return renderPage(
    c,
    (chrome) => <MemberDashboardPage chrome={chrome} dashboard={dashboard} rewards={rewards} />,
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageMyAccount),
        description: requestSay(c)(MESSAGES.metaOrdersAndAccount),
        noindex: true,
      },
      cache: 'private',
    }
  )
}
