import { Hono } from 'hono'
import type { AppEnv } from '../../../../env.ts'
import {
  addClosure,
  closuresPage,
  fulfilmentPage,
  hoursPage,
  newStore,
  removeClosure,
  removeZone,
  saveDetails,
  saveFulfilment,
  saveHours,
  saveZone,
  storeDetails,
  storesList,
  switchStore,
  zonesPage,
} from './pages.tsx'

/** The stores area's pages (ADR 027), mounted at /store/operator/stores. */
export const operatorStoresPages = new Hono<AppEnv>()

operatorStoresPages.get('/', storesList)
operatorStoresPages.get('/new', newStore)
operatorStoresPages.post('/new', saveDetails)
operatorStoresPages.get('/:storeId{[0-9]+}', storeDetails)
operatorStoresPages.post('/:storeId{[0-9]+}', saveDetails)
operatorStoresPages.post('/:storeId{[0-9]+}/switch', switchStore)
operatorStoresPages.get('/:storeId{[0-9]+}/fulfilment', fulfilmentPage)
operatorStoresPages.post('/:storeId{[0-9]+}/fulfilment', saveFulfilment)
operatorStoresPages.get('/:storeId{[0-9]+}/hours/:method', hoursPage)
operatorStoresPages.post('/:storeId{[0-9]+}/hours/:method', saveHours)
operatorStoresPages.get('/:storeId{[0-9]+}/closures', closuresPage)
operatorStoresPages.post('/:storeId{[0-9]+}/closures', addClosure)
operatorStoresPages.post('/:storeId{[0-9]+}/closures/:closureId{[0-9]+}/remove', removeClosure)
operatorStoresPages.get('/:storeId{[0-9]+}/zones', zonesPage)
operatorStoresPages.post('/:storeId{[0-9]+}/zones', saveZone)
operatorStoresPages.post('/:storeId{[0-9]+}/zones/:zoneId{[0-9]+}', saveZone)
operatorStoresPages.post('/:storeId{[0-9]+}/zones/:zoneId{[0-9]+}/remove', removeZone)
