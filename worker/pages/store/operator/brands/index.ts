import { Hono } from 'hono'
import type { AppEnv } from '../../../../env.ts'
import {
  attachDomainForm,
  checkDomainForm,
  createBrandForm,
  imageForm,
  liveForm,
  postcodeRuleForm,
  removeDomainForm,
  settingsForm,
  storeSearchForm,
  updateBrandForm,
} from './actions.ts'
import { brandPage, brandPreviewPage, brandsListPage, newBrandPage } from './pages.tsx'

/** The operator console's brands area (ADR 028), mounted at /store/operator/brands. */
export const brandsPages = new Hono<AppEnv>()

brandsPages.get('/', brandsListPage)
brandsPages.get('/new', newBrandPage)
brandsPages.post('/new', createBrandForm)
brandsPages.get('/:brandId', brandPage)
brandsPages.post('/:brandId', updateBrandForm)
brandsPages.get('/:brandId/preview', brandPreviewPage)
brandsPages.post('/:brandId/live', liveForm)
brandsPages.post('/:brandId/image', imageForm)
brandsPages.post('/:brandId/store-search', storeSearchForm)
brandsPages.post('/:brandId/settings', settingsForm)
brandsPages.post('/:brandId/domains', attachDomainForm)
brandsPages.post('/:brandId/domains/check', checkDomainForm)
brandsPages.post('/:brandId/domains/remove', removeDomainForm)
brandsPages.post('/:brandId/postcode-rule', postcodeRuleForm)
