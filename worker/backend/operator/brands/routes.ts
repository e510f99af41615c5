import { MEDIA_IMAGE_MAX_BYTES } from '../../../../schemas/media.ts'
import {
  BrandCreateRequestSchema,
  BrandDetailSchema,
  BrandDomainSchema,
  BrandImageRequestSchema,
  BrandLiveRequestSchema,
  BrandRequestSchema,
  BrandSettingsRequestSchema,
  BrandsListRequestSchema,
  BrandsListSchema,
  BrandUpdateRequestSchema,
  DomainAttachRequestSchema,
  DomainRequestSchema,
  PostcodeRuleRequestSchema,
  PostcodeRulesSchema,
} from '../../../../schemas/operator-brands.ts'
import { z } from 'zod'
import type { Context } from 'hono'
import { now } from '../../../lib/clock.ts'
import type { BackendEnv } from '../../env.ts'
import { createDomain } from '../../route-registry.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'
import { createHostnameProvisioner } from './create-hostname-provisioner.ts'
import { listBrands } from './repo.ts'
import { everyShard, shardOf } from '../../shard.ts'
import {
  attachDomain,
  brandDetail,
  type ChangeContext,
  checkDomain,
  createBrand,
  detachDomain,
  savePostcodeRule,
  saveSettings,
  setBrandImage,
  setBrandLive,
  updateBrand,
} from './service.ts'

/** The operator console's brands area (ADR 028): brands, their look and settings, their domains. */
export const operatorBrands = createDomain('Operator brands')

async function changeContext(c: Context<BackendEnv>, businessId: number): Promise<ChangeContext> {
  const caller = await requireOperator(c, businessId)
  const directory = c.env.DIRECTORY
  return {
    db: c.env.DB,
    caller,
    at: now(c.env).toISOString(),
    directory: directory ? { db: directory, shard: shardOf(c.env) } : undefined,
    shards: async () => (await everyShard(c.env)).map((shard) => shard.db),
  }
}

const fieldsOf = (body: z.output<typeof BrandCreateRequestSchema>) => ({
  name: body.name,
  slug: body.slug,
  tagline: body.tagline,
  metaDescription: body.metaDescription,
  colors: body.colors,
  font: body.font,
})

operatorBrands.post(
  '/staff/operator/brands/list',
  {
    summary: "The business's brands with their domains and whether each is live",
    description: OPERATOR_BEARER,
    body: BrandsListRequestSchema,
    response: BrandsListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return { brands: await listBrands(c.env.DB, caller.businessId) }
  }
)

operatorBrands.post(
  '/staff/operator/brands/get',
  {
    summary: 'One brand: its look, settings, domains and the business’s postcode rules',
    description: OPERATOR_BEARER,
    body: BrandRequestSchema,
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return brandDetail(c.env.DB, caller.businessId, body.brandId)
  }
)

operatorBrands.post(
  '/staff/operator/brands/create',
  {
    summary: 'Creates a brand (not live, no domains)',
    description:
      `${OPERATOR_BEARER} The slug is unique across every brand; the colours must pass WCAG 2.2 AA ` +
      '(text 4.5:1, primary and accent against the background 3:1), each failing pair named with its ratio.',
    body: BrandCreateRequestSchema,
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => createBrand(await changeContext(c, body.businessId), fieldsOf(body))
)

operatorBrands.post(
  '/staff/operator/brands/update',
  {
    summary: "Changes a brand's name, slug, words, colours and font",
    description: `${OPERATOR_BEARER} Checked like create.`,
    body: BrandUpdateRequestSchema,
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    updateBrand(await changeContext(c, body.businessId), body.brandId, fieldsOf(body))
)

operatorBrands.post(
  '/staff/operator/brands/live',
  {
    summary: 'Takes a brand live (its active domains serve shoppers) or offline',
    description: `${OPERATOR_BEARER} A brand without a logo cannot go live.`,
    body: BrandLiveRequestSchema,
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    setBrandLive(await changeContext(c, body.businessId), body.brandId, body.live)
)

operatorBrands.post(
  '/staff/operator/brands/image',
  {
    summary: "Uploads a brand's logo or icon (favicon)",
    description:
      `${OPERATOR_BEARER} multipart/form-data: brandId, kind (logo | icon), file[] (one JPEG, PNG, WebP ` +
      'or GIF by its bytes, at most 5 MB). The logo is shown at the header’s height, its width in ratio.',
    body: BrandImageRequestSchema,
    multipart: { maxBytes: MEDIA_IMAGE_MAX_BYTES + 64 * 1024 },
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    setBrandImage(
      await changeContext(c, body.businessId),
      c.env.MEDIA,
      body.brandId,
      body.kind,
      // zod's File is its own declaration of the platform's File.
      body.file[0] as unknown as File
    )
)

operatorBrands.post(
  '/staff/operator/brands/settings',
  {
    summary: 'Replaces one white-label settings section of a brand',
    description: `${OPERATOR_BEARER} The section is checked by its schema; errors name the path in settings.`,
    body: BrandSettingsRequestSchema,
    response: BrandDetailSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    saveSettings(await changeContext(c, body.businessId), body.brandId, body.section, body.settings)
)

operatorBrands.post(
  '/staff/operator/brands/domains/attach',
  {
    summary: 'Attaches a domain to a brand and asks the hostname provider for it',
    description:
      `${OPERATOR_BEARER} The domain is normalised (lower case, no port) and must be no one's yet, ` +
      'whichever business; it serves shoppers once the provider says it is active.',
    body: DomainAttachRequestSchema,
    response: BrandDomainSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'upstream_error'],
  },
  async ({ body }, c) =>
    attachDomain(
      await changeContext(c, body.businessId),
      createHostnameProvisioner(c.env),
      body.brandId,
      body.host,
      body.environment
    )
)

operatorBrands.post(
  '/staff/operator/brands/domains/check',
  {
    summary: "Asks the hostname provider for a domain's status now",
    description: OPERATOR_BEARER,
    body: DomainRequestSchema,
    response: BrandDomainSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'upstream_error'],
  },
  async ({ body }, c) =>
    checkDomain(
      await changeContext(c, body.businessId),
      createHostnameProvisioner(c.env),
      body.brandId,
      body.host
    )
)

operatorBrands.post(
  '/staff/operator/brands/domains/detach',
  {
    summary: 'Detaches a domain: it stops serving and the provider gives it up',
    description: OPERATOR_BEARER,
    body: DomainRequestSchema,
    response: z.object({ host: z.string() }),
    errors: ['unauthorized', 'forbidden', 'not_found', 'upstream_error'],
  },
  async ({ body }, c) =>
    detachDomain(
      await changeContext(c, body.businessId),
      createHostnameProvisioner(c.env),
      body.brandId,
      body.host
    )
)

operatorBrands.post(
  '/staff/operator/brands/postcode-rule',
  {
    summary: "Sets the business's postcode rule for a country",
    description: `${OPERATOR_BEARER} The pattern must be a valid regular expression matching the example.`,
    body: PostcodeRuleRequestSchema,
    response: PostcodeRulesSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => ({
    rules: await savePostcodeRule(await changeContext(c, body.businessId), {
      countryCode: body.countryCode,
      pattern: body.pattern,
      normalisation: body.normalisation,
      example: body.example,
    }),
  })
)
