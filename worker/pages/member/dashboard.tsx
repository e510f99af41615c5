import type { Context } from 'hono'
import { MemberDashboardPage } from '../../../client/pages/member/MemberDashboardPage.tsx'
import { MemberDashboardSchema } from '../../../schemas/member-orders.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../render.tsx'
import { memberPost, sessionEnded } from './member-call.ts'

/** `/member`: the member dashboard (members only, private). */
export async function memberDashboardPage(c: Context<AppEnv>): Promise<Response> {
  let dashboard
  try {
    dashboard = await memberPost(c, '/member/dashboard', {}, MemberDashboardSchema)
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  return renderPage(c, (chrome) => <MemberDashboardPage chrome={chrome} dashboard={dashboard} />, {
    meta: { title: 'My account', description: 'Your orders and account.', noindex: true },
    cache: 'private',
  })
}
