import type { Context } from 'hono'
import { FaqPage } from '../../../client/pages/FaqPage.tsx'
import { FaqsResponseSchema } from '../../../schemas/content.ts'
import type { AppEnv } from '../../env.ts'
import { renderPage } from '../shared/render.tsx'

/** The FAQ page: the business's (and brand's) questions from the backend. */
export async function faqPage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const { faqs } = await c.var.backend.get('/content/faqs', {
    query: { businessId: brand.businessId, brandId: brand.id },
    schema: FaqsResponseSchema,
  })
  return renderPage(c, (chrome) => <FaqPage chrome={chrome} faqs={faqs} />, {
    meta: {
      title: 'Frequently asked questions',
      description: `Answers to common questions about shopping with ${brand.name}.`,
    },
    cache: 'public',
  })
}
