import type { Context } from 'hono'
import { LoyaltyPage } from '../../../client/pages/member/LoyaltyPage.tsx'
import { LoyaltySummarySchema, type LoyaltySummary } from '../../../schemas/loyalty.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { memberScope, sessionEnded } from '../shared/member-call.ts'

/** The member's points, progress and store credit (GET /member/loyalty/summary, ADR 020). */
export function fetchLoyaltySummary(c: Context<AppEnv>): Promise<LoyaltySummary> {
  return c.var.backend.get('/member/loyalty/summary', {
    query: memberScope(c),
    token: readAccessToken(c),
    schema: LoyaltySummarySchema,
  })
}

/** `/member/loyalty`: points, store credit and their histories (members only, private). */
export async function memberLoyaltyPage(c: Context<AppEnv>): Promise<Response> {
  let summary
  try {
    summary = await fetchLoyaltySummary(c)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  return renderPage(c, (chrome) => <LoyaltyPage chrome={chrome} summary={summary} />, {
    meta: {
      title: requestSay(c)(MESSAGES.pageLoyaltyAndCredit),
      description: requestSay(c)(MESSAGES.metaPointsAndCredit),
      noindex: true,
    },
    cache: 'private',
  })
}
