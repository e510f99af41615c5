import { CountriesQuerySchema, CountriesResponseSchema } from '../../../schemas/countries.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { listCountries } from './repo.ts'

/** Member calls of spec §7; for now the public country lists used by address forms. */
export const member = createDomain('Member')

member.get(
  '/countries',
  {
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
