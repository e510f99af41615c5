import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { ProfilePage } from '../../../client/pages/member/ProfilePage.tsx'
import { ProfileFormSchema, SUBSTITUTIONS_INTENT } from '../../../schemas/forms/profile.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import {
  MarketingPreferencesSchema,
  SubstitutionDefaultSchema,
} from '../../../schemas/member-profile.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { formRefusal, readForm } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { fetchProfile } from './details.tsx'
import { sessionEnded } from '../shared/member-call.ts'

/** `?saved=1`: the preferences were just saved. */
const SAVED_QUERY = 'saved'

async function renderProfile(
  c: Context<AppEnv>,
  view: { notice?: string; error?: string },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const [profile, preferences, substitution] = await Promise.all([
    fetchProfile(c),
    c.var.backend.get('/member/marketing-preferences', {
      query: { businessId: c.var.brand.businessId },
      token: readAccessToken(c),
      schema: MarketingPreferencesSchema,
    }),
    c.var.backend.get('/member/substitution-default', {
      query: { businessId: c.var.brand.businessId },
      token: readAccessToken(c),
      schema: SubstitutionDefaultSchema,
    }),
  ])
  return renderPage(
    c,
    (chrome) => (
      <ProfilePage
        chrome={chrome}
        profile={profile}
        preferences={preferences}
        substitution={substitution}
        {...view}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageProfileAndPreferences),
        description: requestSay(c)(MESSAGES.metaProfileAndMarketing),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** GET /member/profile (members only). */
export async function profilePage(c: Context<AppEnv>): Promise<Response> {
  try {
    const saved = c.req.query(SAVED_QUERY) !== undefined
    return await renderProfile(c, saved ? { notice: MESSAGES.preferencesSaved } : {})
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    throw error
  }
}

/** POST /member/profile: saves the marketing choices (source 'profile'), then 303 back. */
export async function profileForm(c: Context<AppEnv>): Promise<Response> {
  const form = ProfileFormSchema.parse(await readForm(c))
  try {
    if (form.intent === SUBSTITUTIONS_INTENT) {
      await c.var.backend.post('/member/substitution-default', {
        body: { businessId: c.var.brand.businessId, substitution: form.substitution },
        token: readAccessToken(c),
        schema: SubstitutionDefaultSchema,
      })
      return redirectTo(c, `${routePath('member-profile')}?${SAVED_QUERY}=1`, 303)
    }
    await c.var.backend.put('/member/marketing-preferences', {
      body: {
        businessId: c.var.brand.businessId,
        marketingOptions: form.marketingOptions,
        source: 'profile',
      },
      token: readAccessToken(c),
      schema: MarketingPreferencesSchema,
    })
  } catch (error) {
    const ended = sessionEnded(c, error)
    if (ended) return ended
    const { errors, status } = formRefusal(c, error)
    return renderProfile(c, errors.form ? { error: errors.form } : {}, status)
  }
  return redirectTo(c, `${routePath('member-profile')}?${SAVED_QUERY}=1`, 303)
}
