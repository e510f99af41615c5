import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { StoreDirectoryPage } from '../../../client/pages/StoreDirectoryPage.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StoreDirectoryRequestSchema, StoreDirectorySchema } from '../../../schemas/stores.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import { renderPage, requestSay } from '../shared/render.tsx'

/**
 * `/stores` (route store-all): every store of the business by town, 100 a page (`?page=`). A page
 * number that is not a page of the directory is a page that does not exist.
 */
export async function storeAllPage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const request = StoreDirectoryRequestSchema.safeParse({
    businessId: brand.businessId,
    page: c.req.query('page') ?? 1,
  })
  if (!request.success) throw new AppError('not_found', MESSAGES.pageNotFound)
  const directory = await c.var.backend.post('/stores/directory', {
    body: request.data,
    schema: StoreDirectorySchema,
  })
  if (directory.page > 1 && directory.stores.length === 0) {
    throw new AppError('not_found', MESSAGES.pageNotFound)
  }
  const page = directory.page
  return renderPage(c, (chrome) => <StoreDirectoryPage chrome={chrome} directory={directory} />, {
    meta: {
      title:
        page > 1
          ? requestSay(c)(MESSAGES.metaAllStoresPage, page)
          : requestSay(c)(MESSAGES.pageAllStores),
      description: requestSay(c)(MESSAGES.metaAllStores, brand.name),
      canonicalPath: routePath(
        'store-all',
        undefined,
        page > 1 ? { page: String(page) } : undefined
      ),
    },
    cache: 'public',
  })
}
