import type { Context } from 'hono'
import {
  type DetailsAction,
  type DetailsRefusal,
  MyDetailsPage,
} from '../../../client/pages/member/MyDetailsPage.tsx'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import {
  DataExportSchema,
  type MemberProfile,
  MemberProfileSchema,
} from '../../../schemas/member-profile.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { sessionEnded } from '../shared/member-call.ts'

/** `?step=`: the email verification screen, or the forget-me code. */
const STEPS = ['verify-email', 'forget-me'] as const
type Step = (typeof STEPS)[number]

/** `?notice=` after a form's 303: what just happened (the page reads the rest from the backend). */
export const DETAILS_NOTICES = {
  saved: () => MESSAGES.profileSaved,
  'email-code': (p: MemberProfile) => formatMessage('emailChangeCodeSent', p.pendingEmail ?? ''),
  'email-changed': (p: MemberProfile) => formatMessage('emailChanged', p.email),
  verified: () => MESSAGES.emailVerified,
  'code-sent': (p: MemberProfile) => formatMessage('verificationCodeSent', p.email),
  'forget-code': (p: MemberProfile) => formatMessage('forgetMeCodeSent', p.email),
} as const satisfies Record<string, (profile: MemberProfile) => string>
export type DetailsNotice = keyof typeof DETAILS_NOTICES

const isStep = (value: string | undefined): value is Step =>
  (STEPS as ReadonlyArray<string | undefined>).includes(value)
const isNotice = (value: string | undefined): value is DetailsNotice =>
  value !== undefined && Object.hasOwn(DETAILS_NOTICES, value)

/** The member's profile, or null when their session has ended. */
export async function fetchProfile(c: Context<AppEnv>): Promise<MemberProfile> {
  return c.var.backend.get('/member/profile', {
    query: { businessId: c.var.brand.businessId },
    token: readAccessToken(c),
    schema: MemberProfileSchema,
  })
}

/** Renders the details page; a refused form shows its errors in its own section. */
export async function renderDetails(
  c: Context<AppEnv>,
  view: { step: Step | null; notice?: DetailsNotice; refused?: DetailsRefusal },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const profile = await fetchProfile(c)
  const notice = view.notice ? DETAILS_NOTICES[view.notice](profile) : undefined
  return renderPage(
    c,
    (chrome) => (
      <MyDetailsPage
        chrome={chrome}
        profile={profile}
        step={view.step}
        {...(notice ? { notice } : {})}
        {...(view.refused ? { refused: view.refused } : {})}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageMyDetails),
        description: requestSay(c)(MESSAGES.metaDetailsAndData),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** The data export as a JSON download (UK GDPR art. 15 and 20). */
async function dataExport(c: Context<AppEnv>): Promise<Response> {
  const data = await c.var.backend.get('/member/data-export', {
    query: { businessId: c.var.brand.businessId },
    token: readAccessToken(c),
    schema: DataExportSchema,
  })
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': 'attachment; filename="my-data.json"',
      'cache-control': 'private, no-store',
    },
  })
}

/** GET /member/my-details (members only): `?download=data` answers the data export. */
export async function myDetailsPage(c: Context<AppEnv>): Promise<Response> {
  try {
    if (c.req.query('download') === 'data') return await dataExport(c)
    const step = c.req.query('step')
    const notice = c.req.query('notice')
    return await renderDetails(c, {
      step: isStep(step) ? step : null,
      ...(isNotice(notice) ? { notice } : {}),
    })
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

export type { DetailsAction }
