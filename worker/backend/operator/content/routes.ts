import {
  ContentListRequestSchema,
  FaqListSchema,
  FaqSaveRequestSchema,
  OperatorFaqSchema,
  OperatorRedirectSchema,
  OperatorSeoPageSchema,
  RedirectDeletedSchema,
  RedirectDeleteRequestSchema,
  RedirectListSchema,
  RedirectSaveRequestSchema,
  SeoPageListSchema,
  SeoPageRequestSchema,
  SeoPageSaveRequestSchema,
} from '../../../../schemas/operator-content.ts'
import { now } from '../../../lib/clock.ts'
import { createDomain } from '../../route-registry.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'
import {
  deleteRedirect,
  getPage,
  listFaqs,
  listPages,
  listRedirects,
  saveFaq,
  savePage,
  saveRedirect,
} from './service.ts'

/**
 * The operator console's content (ADR 027): FAQs, content pages, redirects. Each change and its
 * audit row are one batch; the pages purge the 'content' cache area.
 */
export const operatorContent = createDomain('Operator content')

const C = '/staff/operator/content'
const at = (env: Parameters<typeof now>[0]) => now(env).toISOString()
const ERRORS = ['unauthorized', 'forbidden', 'not_found'] as const

operatorContent.post(
  `${C}/faqs/list`,
  {
    summary: "The business's questions and answers, every brand's",
    description: OPERATOR_BEARER,
    body: ContentListRequestSchema,
    response: FaqListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => listFaqs(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorContent.post(
  `${C}/faqs/save`,
  {
    summary: 'Add (no faqId) or change a question; brandId null is every brand',
    description: `${OPERATOR_BEARER} Audited as faq.create / faq.update.`,
    body: FaqSaveRequestSchema,
    response: OperatorFaqSchema,
    errors: ERRORS,
  },
  async ({ body }, c) =>
    saveFaq(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorContent.post(
  `${C}/pages/list`,
  {
    summary: "The business's content pages (without their bodies)",
    description: OPERATOR_BEARER,
    body: ContentListRequestSchema,
    response: SeoPageListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => listPages(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorContent.post(
  `${C}/pages/get`,
  {
    summary: 'One content page with its Markdown body',
    description: OPERATOR_BEARER,
    body: SeoPageRequestSchema,
    response: OperatorSeoPageSchema,
    errors: ERRORS,
  },
  async ({ body }, c) =>
    getPage(c.env.DB, (await requireOperator(c, body.businessId)).businessId, body.pageId)
)

operatorContent.post(
  `${C}/pages/save`,
  {
    summary: 'Add (no pageId) or change a content page shown at /<slug>',
    description:
      `${OPERATOR_BEARER} The body is Markdown (rendered and sanitised by the page). The slug ` +
      'is unique per brand (null: every brand). Audited as seo_page.create / seo_page.update.',
    body: SeoPageSaveRequestSchema,
    response: OperatorSeoPageSchema,
    errors: ERRORS,
  },
  async ({ body }, c) =>
    savePage(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorContent.post(
  `${C}/redirects/list`,
  {
    summary: "The business's redirects of old addresses",
    description: OPERATOR_BEARER,
    body: ContentListRequestSchema,
    response: RedirectListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) =>
    listRedirects(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorContent.post(
  `${C}/redirects/save`,
  {
    summary: 'Add (no redirectId) or change a redirect from an old address to a site path',
    description:
      `${OPERATOR_BEARER} toPath is a path on this site (no other sites). An old address that ` +
      'already redirects, a redirect to itself or one closing a loop is refused. Audited as ' +
      'redirect.create / redirect.update.',
    body: RedirectSaveRequestSchema,
    response: OperatorRedirectSchema,
    errors: ERRORS,
  },
  async ({ body }, c) =>
    saveRedirect(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorContent.post(
  `${C}/redirects/delete`,
  {
    summary: 'Delete a redirect',
    description: `${OPERATOR_BEARER} Audited as redirect.delete.`,
    body: RedirectDeleteRequestSchema,
    response: RedirectDeletedSchema,
    errors: ERRORS,
  },
  async ({ body }, c) =>
    deleteRedirect(c.env.DB, await requireOperator(c, body.businessId), body.redirectId, at(c.env))
)
