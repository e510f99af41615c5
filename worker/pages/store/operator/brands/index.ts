import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
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
brandsPages.post('/new', csrf(), createBrandForm)
brandsPages.get('/:brandId', brandPage)
brandsPages.post('/:brandId', csrf(), updateBrandForm)
brandsPages.get('/:brandId/preview', brandPreviewPage)
brandsPages.post('/:brandId/live', csrf(), liveForm)
brandsPages.post('/:brandId/image', csrf(), imageForm)
brandsPages.post('/:brandId/store-search', csrf(), storeSearchForm)
brandsPages.post('/:brandId/settings', csrf(), settingsForm)
brandsPages.post('/:brandId/domains', csrf(), attachDomainForm)
brandsPages.post('/:brandId/domains/check', csrf(), checkDomainForm)
brandsPages.post('/:brandId/domains/remove', csrf(), removeDomainForm)
brandsPages.post('/:brandId/postcode-rule', csrf(), postcodeRuleForm)
