import {
  OperatorStoreListRequestSchema,
  OperatorStoreListSchema,
  OperatorStoreRequestSchema,
  OperatorStoreSchema,
  StoreClosureAddRequestSchema,
  StoreClosureRemoveRequestSchema,
  StoreCreateRequestSchema,
  StoreFulfilmentRequestSchema,
  StoreHoursRequestSchema,
  StoreLocateRequestSchema,
  StoreLocationSchema,
  StoreSwitchRequestSchema,
  StoreUpdateRequestSchema,
  StoreZoneRemoveRequestSchema,
  StoreZoneRequestSchema,
} from '../../../../schemas/operator-stores.ts'
import { now } from '../../../lib/clock.ts'
import { createGeocoder } from '../../location/create-geocoder.ts'
import { createDomain } from '../../route-registry.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'
import {
  addClosure,
  createStore,
  locatePostcode,
  operatorStore,
  removeClosure,
  removeZone,
  saveZone,
  setHours,
  storeList,
  switchStore,
  updateFulfilment,
  updateStore,
} from './service.ts'

/**
 * The operator console's stores (ADR 027): every route starts with requireOperator, reads and
 * writes only the caller's business's stores (another's id is not_found) and records each change
 * in its own batch. The pages purge the 'stores' public cache after each change.
 */
export const operatorStores = createDomain('Operator stores')

const CHANGE_ERRORS = ['unauthorized', 'forbidden', 'not_found', 'validation_error'] as const
const ANSWER = `${OPERATOR_BEARER} Answers the store as the console shows it after the change.`

operatorStores.post(
  '/staff/operator/stores/list',
  {
    summary: "The business's stores (active or not) with their state now",
    description: OPERATOR_BEARER,
    body: OperatorStoreListRequestSchema,
    response: OperatorStoreListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return { stores: await storeList(c.env.DB, caller.businessId, now(c.env)) }
  }
)

operatorStores.post(
  '/staff/operator/stores/get',
  {
    summary: 'One store: details, fulfilment, hours, closures from today, zones, state now',
    description: OPERATOR_BEARER,
    body: OperatorStoreRequestSchema,
    response: OperatorStoreSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return operatorStore(c.env.DB, caller.businessId, body.storeId, now(c.env))
  }
)

operatorStores.post(
  '/staff/operator/stores/locate',
  {
    summary: "A postcode's coordinates (the business's postcode rule, then the geocoder)",
    description: `${OPERATOR_BEARER} For the operator to confirm or adjust before saving a store.`,
    body: StoreLocateRequestSchema,
    response: StoreLocationSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return locatePostcode(c.env.DB, createGeocoder(c.env), caller.businessId, body.postcode)
  }
)

operatorStores.post(
  '/staff/operator/stores/create',
  {
    summary: 'Adds a store (closed for every method until it has opening hours)',
    description: `${ANSWER} Without latitude and longitude the postcode is geocoded.`,
    body: StoreCreateRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS, 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const context = { db: c.env.DB, caller, now: now(c.env) }
    return createStore(context, createGeocoder(c.env), body)
  }
)

operatorStores.post(
  '/staff/operator/stores/update',
  {
    summary: "Changes a store's details, address, coordinates, time zone and whether it is live",
    description: ANSWER,
    body: StoreUpdateRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS, 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const context = { db: c.env.DB, caller, now: now(c.env) }
    return updateStore(context, createGeocoder(c.env), body.storeId, body)
  }
)

operatorStores.post(
  '/staff/operator/stores/fulfilment',
  {
    summary: 'Changes delivery and collection: fees, minimums, slots, lead times, payments',
    description:
      `${ANSWER} Money in pence. Held and booked slots keep their times and capacity; slots ` +
      'not yet reserved follow the new length and capacity.',
    body: StoreFulfilmentRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return updateFulfilment({ db: c.env.DB, caller, now: now(c.env) }, body.storeId, body)
  }
)

operatorStores.post(
  '/staff/operator/stores/hours',
  {
    summary: "Replaces one method's opening hours for the week",
    description:
      `${ANSWER} Local times in the store's time zone; a range closing at or before it opens ` +
      'runs past midnight. Ranges of a day must not overlap; days left out are closed.',
    body: StoreHoursRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return setHours({ db: c.env.DB, caller, now: now(c.env) }, body)
  }
)

operatorStores.post(
  '/staff/operator/stores/switch',
  {
    summary: 'The staff open/closed switch: closed now whatever the hours say, or open again',
    description: ANSWER,
    body: StoreSwitchRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const context = { db: c.env.DB, caller, now: now(c.env) }
    return switchStore(context, body.storeId, body.temporarilyClosed)
  }
)

operatorStores.post(
  '/staff/operator/stores/closures/add',
  {
    summary: 'Closes the store for a whole day (today or later, in its own calendar)',
    description: ANSWER,
    body: StoreClosureAddRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const context = { db: c.env.DB, caller, now: now(c.env) }
    return addClosure(context, body.storeId, body.closedOn, body.reason)
  }
)

operatorStores.post(
  '/staff/operator/stores/closures/remove',
  {
    summary: 'Removes a closure',
    description: ANSWER,
    body: StoreClosureRemoveRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return removeClosure({ db: c.env.DB, caller, now: now(c.env) }, body.storeId, body.closureId)
  }
)

operatorStores.post(
  '/staff/operator/stores/zones/save',
  {
    summary: 'Adds a delivery zone (no zoneId) or changes one: a radius or a postcode district',
    description: `${ANSWER} A zone's fee and minimum (pence) replace the store's when set.`,
    body: StoreZoneRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return saveZone({ db: c.env.DB, caller, now: now(c.env) }, body)
  }
)

operatorStores.post(
  '/staff/operator/stores/zones/remove',
  {
    summary: 'Removes a delivery zone',
    description: ANSWER,
    body: StoreZoneRemoveRequestSchema,
    response: OperatorStoreSchema,
    errors: [...CHANGE_ERRORS],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return removeZone({ db: c.env.DB, caller, now: now(c.env) }, body.storeId, body.zoneId)
  }
)
