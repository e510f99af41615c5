import type { OperatorRouteCase } from './case.ts'

const details = {
  name: 'Sweep store',
  slug: 'sweep-store',
  addressLine1: '1 Sweep Street',
  town: 'Manchester',
  postcode: 'M1 1AE',
  latitude: 53.48,
  longitude: -2.24,
  timeZone: 'Europe/London',
  isActive: true,
}

const fulfilment = {
  deliveryEnabled: true,
  collectionEnabled: true,
  deliveryRadiusKm: 5,
  deliveryFee: 250,
  collectionFee: 0,
  serviceFee: 50,
  freeDeliveryThreshold: null,
  minimumSpend: 1000,
  collectionMinimumSpend: 0,
  asapEnabled: true,
  deliveryLeadMinutes: 45,
  collectionLeadMinutes: 20,
  slotDurationMinutes: 60,
  slotCapacity: 10,
  daysInAdvance: 7,
  maxBasketItems: null,
  acceptsCard: true,
  acceptsApplePay: true,
  acceptsGooglePay: true,
  acceptsCash: false,
}

/** The stores area's operator routes, for the cross-business sweep. */
export const STORES_CASES: ReadonlyArray<OperatorRouteCase> = [
  { path: '/staff/operator/stores/list', body: () => ({}), namesThings: false },
  {
    path: '/staff/operator/stores/get',
    body: (things) => ({ storeId: things.storeId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/locate',
    body: () => ({ postcode: 'M1 1AE' }),
    namesThings: false,
  },
  { path: '/staff/operator/stores/create', body: () => details, namesThings: false },
  {
    path: '/staff/operator/stores/update',
    body: (things) => ({ ...details, storeId: things.storeId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/fulfilment',
    body: (things) => ({ ...fulfilment, storeId: things.storeId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/hours',
    body: (things) => ({
      storeId: things.storeId,
      method: 'store',
      days: [{ dayOfWeek: 0, ranges: [{ opensAt: '08:00', closesAt: '22:00' }] }],
    }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/switch',
    body: (things) => ({ storeId: things.storeId, temporarilyClosed: true }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/closures/add',
    body: (things) => ({ storeId: things.storeId, closedOn: '2099-12-25', reason: 'Christmas' }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/closures/remove',
    body: (things) => ({ storeId: things.storeId, closureId: 1 }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/zones/save',
    body: (things) => ({
      storeId: things.storeId,
      kind: 'outcode',
      outcode: 'M1',
      deliveryFee: 199,
      minimumSpend: null,
      isActive: true,
    }),
    namesThings: true,
  },
  {
    path: '/staff/operator/stores/zones/remove',
    body: (things) => ({ storeId: things.storeId, zoneId: 1 }),
    namesThings: true,
  },
]
