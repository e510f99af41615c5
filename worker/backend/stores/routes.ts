import { MESSAGES } from '../../../schemas/messages.ts'
import { StoreDetailsRequestSchema, StoreDetailsSchema } from '../../../schemas/stores.ts'
import { AppError } from '../../lib/errors.ts'
import { createDomain } from '../route-registry.ts'
import { findStoreDetails } from './repo.ts'

/** Stores (spec §7); for now a store's details and opening hours. */
export const stores = createDomain('Stores')

stores.post(
  '/stores/details',
  {
    summary: "A store's details and opening hours, by seoUrl (its slug) or storeId",
    body: StoreDetailsRequestSchema,
    response: StoreDetailsSchema,
    errors: ['not_found'],
  },
  async ({ body }, c) => {
    const store = await findStoreDetails(c.env.DB, body.businessId, body)
    if (!store) throw new AppError('not_found', MESSAGES.storeNotFound)
    return store
  }
)
