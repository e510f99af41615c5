import type { Context } from 'hono'
import {
  MemberOrdersPage,
  type MemberOrdersFilter,
} from '../../../client/pages/member/MemberOrdersPage.tsx'
import {
  MemberOrderListSchema,
  MemberOrdersRequestSchema,
  type MemberOrderList,
} from '../../../schemas/member-orders.ts'
import { PROGRESS_STATUSES, TERMINAL_STATUSES } from '../../../schemas/order-states.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { formErrorsOf, formRefusal, safeParseForm, type FormStatus } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { memberPost, memberScope, sessionEnded } from '../shared/member-call.ts'

const FILTER_FIELDS = ['status', 'dateFrom', 'dateTo'] as const

/** The filter of the query string as typed (blank fields left out). */
function filterOf(c: Context<AppEnv>): MemberOrdersFilter {
  const filter: MemberOrdersFilter = {}
  for (const field of FILTER_FIELDS) {
    const value = c.req.query(field)?.trim()
    if (value) filter[field] = value
  }
  return filter
}

/**
 * `/member/orders?status=&dateFrom=&dateTo=&page=`: a plain GET form, so the filter works without
 * JavaScript and a filtered page can be bookmarked. A refused filter shows why, with no list.
 */
export async function memberOrdersPage(c: Context<AppEnv>): Promise<Response> {
  const filter = filterOf(c)
  const page = c.req.query('page')
  const parsed = safeParseForm(MemberOrdersRequestSchema, {
    ...memberScope(c),
    ...filter,
    ...(page ? { page } : {}),
  })
  let list: MemberOrderList | null = null
  let errors = parsed.success ? {} : formErrorsOf(parsed.error.issues)
  let status: FormStatus = parsed.success ? 200 : 422
  if (parsed.success) {
    try {
      list = await memberPost(c, '/member/orders', parsed.data, MemberOrderListSchema)
    } catch (error) {
      const ended = sessionEnded(c, error)
      if (ended) return ended
      ;({ errors, status } = formRefusal(c, error))
    }
  }
  return renderPage(
    c,
    (chrome) => (
      <MemberOrdersPage
        chrome={chrome}
        list={list}
        filter={filter}
        statuses={[...PROGRESS_STATUSES, ...TERMINAL_STATUSES]}
        errors={errors}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageMyOrders),
        description: requestSay(c)(MESSAGES.metaYourOrdersDot),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}
