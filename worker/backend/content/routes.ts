import {
  FaqsQuerySchema,
  FaqsResponseSchema,
  StayInTouchRequestSchema,
  StayInTouchResponseSchema,
  WhiteLabelSettingsRequestSchema,
  WhiteLabelSettingsResponseSchema,
} from '../../../schemas/content.ts'
import {
  ContentBlocksQuerySchema,
  ContentBlocksResponseSchema,
  mergeContentBlocks,
} from '../../../schemas/content-blocks.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { createDomain } from '../route-registry.ts'
import { findBrandSettings, listContentBlocks, listFaqs, signUpForNewsletter } from './repo.ts'
import { imageDensityFor, mergeWhiteLabelSettings } from './white-label.ts'

/** White-label settings, FAQs and the footer's Stay In Touch sign-up. */
export const content = createDomain('Content')

content.post(
  '/white-label/settings',
  {
    edge: { brandScoped: true, cache: { scope: 'white-label-settings', ttlSeconds: 60 } },
    summary: 'White-label settings of a brand, every section of spec §9 merged with its defaults',
    body: WhiteLabelSettingsRequestSchema,
    response: WhiteLabelSettingsResponseSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const found = await findBrandSettings(c.env.DB, body.businessId, body.brandId)
    if (!found) throw new AppError('not_found', MESSAGES.whiteLabelSettingsFailed)
    return {
      businessId: body.businessId,
      brandId: found.brandId,
      imageDensity: imageDensityFor(body.screenScale),
      settings: mergeWhiteLabelSettings(found.sections, found.brandId),
    }
  }
)

content.get(
  '/content/faqs',
  {
    edge: { brandScoped: true },
    summary: 'Frequently asked questions of a business (and brand)',
    query: FaqsQuerySchema,
    response: FaqsResponseSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const faqs = await listFaqs(c.env.DB, query.businessId, query.brandId)
    if (!faqs) throw new AppError('not_found', MESSAGES.businessNotFound)
    return { faqs }
  }
)

content.get(
  '/content/blocks',
  {
    edge: { brandScoped: true, cache: { scope: 'content-blocks', ttlSeconds: 60 } },
    summary:
      "A brand's active home, header and footer blocks (spec §7): its own over the business's",
    query: ContentBlocksQuerySchema,
    response: ContentBlocksResponseSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const rows = await listContentBlocks(c.env.DB, query.businessId, query.brandId, query.placement)
    if (!rows) throw new AppError('not_found', MESSAGES.businessNotFound)
    const { blocks, problems } = mergeContentBlocks(rows)
    // An operator's bad block is left out (the page shows its default) but must be seen.
    for (const problem of problems) {
      logError(problem.reason, { event: 'content block skipped', ...problem }, 'warn')
    }
    return { blocks }
  }
)

content.post(
  '/content/stay-in-touch',
  {
    edge: { brandScoped: true },
    summary: "The footer's Stay In Touch newsletter sign-up; repeating it is harmless",
    body: StayInTouchRequestSchema,
    response: StayInTouchResponseSchema,
  },
  async ({ body }, c) => {
    const signedUp = await signUpForNewsletter(c.env.DB, body)
    if (!signedUp) {
      throw new AppError('validation_error', MESSAGES.validationError, {
        fields: [{ field: 'brandId', message: MESSAGES.validationError }],
      })
    }
    return { subscribed: true as const }
  }
)
