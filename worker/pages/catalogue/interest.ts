import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import type { InterestState } from '../../../client/lib/store-interest.ts'
import { EmailSchema } from '../../../schemas/common.ts'
import { InterestResultSchema } from '../../../schemas/location.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { checkPostcode } from '../../../schemas/postcode.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { readForm } from '../shared/forms.ts'
import { brandPostcodeRule } from './store-search-box.ts'
import { redirectTo } from '../../lib/redirect.ts'

/** The no-JavaScript interest form posts here (the island posts to /api/location/interest). */
export const INTEREST_FORM_PATH = '/stores-near-by/:postcode/interest'

/** How the form's outcome comes back to the results page: `?interest=<outcome>[&email=]`. */
export const INTEREST_QUERY = { outcome: 'interest', email: 'email' } as const
const OUTCOMES = ['registered', 'invalid', 'failed'] as const
type InterestOutcome = (typeof OUTCOMES)[number]

function isOutcome(value: string | undefined): value is InterestOutcome {
  return OUTCOMES.some((outcome) => outcome === value)
}

/** The interest form's state from the results page's query (after a no-JavaScript post). */
export function interestStateFromQuery(query: URLSearchParams, postcode: string): InterestState {
  const outcome = query.get(INTEREST_QUERY.outcome) ?? undefined
  if (!isOutcome(outcome)) return { status: 'idle' }
  if (outcome === 'registered') {
    return { status: 'registered', message: formatMessage('interestRegistered', postcode) }
  }
  if (outcome === 'failed') return { status: 'error', message: MESSAGES.systemError }
  const email = query.get(INTEREST_QUERY.email)
  return { status: 'error', message: MESSAGES.emailInvalid, ...(email ? { email } : {}) }
}

/**
 * POST /stores-near-by/:postcode/interest: registers interest in an area without stores (spec §1)
 * through the backend, then back to the results page with the outcome (303).
 */
export async function interestForm(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const check = checkPostcode(c.req.param('postcode') ?? '', brandPostcodeRule(brand))
  if (!check.ok) throw new AppError('not_found', MESSAGES.pageNotFound)
  const back = (query: Record<string, string>) =>
    redirectTo(c, routePath('stores-near-by', { postcode: check.postcode }, query), 303)

  const form = await readForm(c)
  const typed = form.email ?? ''
  const invalid = () =>
    back({ [INTEREST_QUERY.outcome]: 'invalid', [INTEREST_QUERY.email]: typed.slice(0, 254) })
  const email = EmailSchema.safeParse(typed)
  if (!email.success) return invalid()
  try {
    await c.var.backend.post('/location/interest', {
      body: {
        businessId: brand.businessId,
        brandId: brand.id,
        email: email.data,
        postcode: check.postcode,
        country: brand.countryCode,
      },
      schema: InterestResultSchema,
    })
  } catch (error) {
    // Too many requests is the 429 page (Retry-After), not an outcome on the results page.
    if (!(error instanceof AppError) || error.code === 'rate_limited') throw error
    if (error.code === 'validation_error') return invalid()
    return back({ [INTEREST_QUERY.outcome]: 'failed' })
  }
  return back({ [INTEREST_QUERY.outcome]: 'registered' })
}
