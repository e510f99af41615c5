import { BrandSchema } from '../../../schemas/brand.ts'
import {
  BrandResolveQuerySchema,
  BusinessProfileSchema,
  BusinessQuerySchema,
  HealthSchema,
} from '../../../schemas/business.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { normaliseHost } from '../../lib/host.ts'
import { createDomain } from '../route-registry.ts'
import { findBrandByHost, findBusinessProfile, pingDatabase } from './repo.ts'
import { now } from '../../lib/clock.ts'

/** Tenancy and operations: which brand a host serves, who the business is, and health. */
export const operations = createDomain('Operations')

operations.get(
  '/health',
  {
    summary: 'Health check: the API answers and D1 answers a query',
    response: HealthSchema,
  },
  async (_input, c) => {
    await pingDatabase(c.env.DB)
    return { status: 'ok' as const, database: 'ok' as const, time: now(c.env).toISOString() }
  }
)

operations.get(
  '/brands/resolve',
  {
    summary: 'The brand a host serves',
    description: 'The host is lower-cased and its port stripped before the lookup.',
    query: BrandResolveQuerySchema,
    response: BrandSchema,
    errors: ['unknown_brand'],
  },
  async ({ query }, c) => {
    const host = normaliseHost(query.host)
    const brand = await findBrandByHost(c.env.DB, host)
    if (!brand) {
      throw new AppError('unknown_brand', formatMessage('unknownBrand', host), {
        details: { host },
      })
    }
    return brand
  }
)

operations.get(
  '/business/profile',
  {
    summary: 'Business profile (spec §7 Other)',
    query: BusinessQuerySchema,
    response: BusinessProfileSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const profile = await findBusinessProfile(c.env.DB, query.businessId)
    if (!profile) throw new AppError('not_found', MESSAGES.businessNotFound)
    return profile
  }
)
