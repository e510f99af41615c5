import type { Context } from 'hono'
import { FaqPage } from '../../../client/pages/FaqPage.tsx'
import { FaqsResponseSchema } from '../../../schemas/content.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage, requestSay } from '../shared/render.tsx'

/** The FAQ page: the business's (and brand's) questions from the backend. */
export async function faqPage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const { faqs } = await c.var.backend.get('/content/faqs', {
    query: { businessId: brand.businessId, brandId: brand.id },
    schema: FaqsResponseSchema,
  })
  return renderPage(c, (chrome) => <FaqPage chrome={chrome} faqs={faqs} />, {
    meta: {
      title: requestSay(c)(MESSAGES.pageFrequentlyAskedQuestions),
      description: requestSay(c)(MESSAGES.metaFaqs, brand.name),
    },
    cache: 'public',
  })
}
