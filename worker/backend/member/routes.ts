import { CountriesQuerySchema, CountriesResponseSchema } from '../../../schemas/countries.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { listCountries } from './repo.ts'

/** Member calls of spec §7; for now the public country lists used by address forms. */
export const member = createDomain('Member')

// The country lists change with a release, not with an operator's edit.
const REFERENCE_TTL_SECONDS = 300

member.get(
  '/countries',
  {
    edge: { cache: { scope: 'countries', ttlSeconds: REFERENCE_TTL_SECONDS } },
    summary: 'Countries for addresses',
    query: CountriesQuerySchema,
    response: CountriesResponseSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const countries = await listCountries(c.env.DB, query.businessId, false)
    if (!countries) throw new AppError('not_found', MESSAGES.businessNotFound)
    return { countries }
  }
)

member.get(
  '/countries/billing',
  {
    edge: { cache: { scope: 'countries-billing', ttlSeconds: REFERENCE_TTL_SECONDS } },
    summary: 'Countries accepted for billing addresses',
    query: CountriesQuerySchema,
    response: CountriesResponseSchema,
    errors: ['not_found'],
  },
  async ({ query }, c) => {
    const countries = await listCountries(c.env.DB, query.businessId, true)
    if (!countries) throw new AppError('not_found', MESSAGES.businessNotFound)
    return { countries }
  }
)
