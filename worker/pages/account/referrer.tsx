import type { Context } from 'hono'
import type { Invitation } from '../../../client/components/referrals/ReferralInvitation.tsx'
import { routePath } from '../../../client/lib/routes.ts'
import { shareUrl } from '../../../client/lib/rewards.ts'
import { ReferrerPage } from '../../../client/pages/ReferrerPage.tsx'
import {
  MemberReferralsSchema,
  ReferralCodeSchema,
  ReferralOfferSchema,
  ReferralVerifyAnswerSchema,
} from '../../../schemas/referrals.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { memberScope, sessionEnded } from '../shared/member-call.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { isSignedIn } from '../shared/session.ts'

/** `?code=` on /referrer: the share link's referral code. */
export const REFERRAL_CODE_QUERY = 'code'

/** The invitation's code when `path` (a safe return path) is a friend's share link, else null. */
export function invitationCodeIn(path: string | null): string | null {
  if (!path) return null
  const url = new URL(path, 'https://return.invalid')
  if (url.pathname !== routePath('referrer')) return null
  return url.searchParams.get(REFERRAL_CODE_QUERY)
}

/** A friend's code checked (open to guests); a malformed one is refused without asking. */
async function checkCode(c: Context<AppEnv>, code: string): Promise<Invitation> {
  const parsed = ReferralCodeSchema.safeParse(code)
  if (!parsed.success) return { valid: false }
  try {
    const answer = await c.var.backend.post('/member/referral-code/verify', {
      body: { businessId: c.var.brand.businessId, referralCode: parsed.data },
      token: readAccessToken(c),
      schema: ReferralVerifyAnswerSchema,
    })
    return { ...answer, valid: true }
  } catch (error) {
    if (error instanceof AppError && ['validation_error', 'not_found'].includes(error.code)) {
      return { valid: false }
    }
    throw error
  }
}

/** The signed-in member's referrals with their share link on this host, else null. */
async function myReferrals(c: Context<AppEnv>) {
  if (!isSignedIn(c)) return null
  const referrals = await c.var.backend.get('/member/referrals', {
    query: memberScope(c),
    token: readAccessToken(c),
    schema: MemberReferralsSchema,
  })
  return { referrals, shareUrl: shareUrl(new URL(c.req.url).origin, referrals.sharePath) }
}

/**
 * `/referrer`: the offer for everyone; with `?code=` a friend's invitation; for a member their
 * own link. Public and cacheable only as the bare offer: a session or a code makes it personal.
 */
export async function referrerPage(c: Context<AppEnv>): Promise<Response> {
  const code = (c.req.query(REFERRAL_CODE_QUERY) ?? '').trim()
  let view
  try {
    const [offer, invitation, mine] = await Promise.all([
      c.var.backend.get('/referrals/offer', {
        query: { businessId: c.var.brand.businessId },
        schema: ReferralOfferSchema,
      }),
      code ? checkCode(c, code) : null,
      myReferrals(c),
    ])
    view = { offer, invitation, mine }
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
  return renderPage(c, (chrome) => <ReferrerPage chrome={chrome} {...view} />, {
    meta: {
      title: requestSay(c)(MESSAGES.pageReferAFriend),
      description: requestSay(c)(MESSAGES.metaReferAFriend),
    },
    cache: code ? 'private' : 'public',
  })
}
