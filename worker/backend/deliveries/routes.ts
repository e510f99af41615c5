import { DriverRouteRequestSchema, DriverRouteSchema } from '../../../schemas/driver-route.ts'
import { DriverLocationRecordedSchema, DriverLocationUpdateSchema } from '../../../schemas/live.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createDomain } from '../route-registry.ts'
import { driverRoute } from './driver-route.ts'
import { recordDriverLocation } from './service.ts'

/** Deliveries on the road: the driver's round, and the phone sharing its position (ADR 017). */
export const deliveries = createDomain('Deliveries')

deliveries.post(
  '/staff/deliveries/location',
  {
    summary: "The assigned driver's position while the delivery is Driver en Route",
    description:
      "Staff bearer of a driver of the order's store. Another driver's order, a collection or " +
      `an unknown order answers not_found '${MESSAGES.orderNotFound}'; an order not en route ` +
      'answers conflict with the status it is in. Coordinates must be in the UK, accuracy at ' +
      'most 1000 m and the fix at most 5 minutes old (validation_error, nothing stored). One ' +
      'position per order is stored every 2 seconds; a fix sooner answers recorded: false. ' +
      'The shopper reads it at /checkout/driver-location.',
    body: DriverLocationUpdateSchema,
    response: DriverLocationRecordedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict'],
  },
  async ({ body }, c) => recordDriverLocation(c, body)
)

deliveries.post(
  '/staff/deliveries/route',
  {
    summary: "The driver's deliveries still to do at a store, in the order to drive them",
    description:
      'Staff bearer of a driver of the store (others forbidden). Their deliveries picked or en ' +
      'route, slot window by window (as soon as possible first), nearest first inside a window ' +
      'from the store or the previous stop; a stop never located ends its window with no ' +
      'distance. Each stop has its number and the great-circle distance from the previous one ' +
      "in km, with the store's country for the unit to show.",
    body: DriverRouteRequestSchema,
    response: DriverRouteSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => driverRoute(c, body)
)
