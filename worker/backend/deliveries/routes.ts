import { DriverLocationRecordedSchema, DriverLocationUpdateSchema } from '../../../schemas/live.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createDomain } from '../route-registry.ts'
import { recordDriverLocation } from './service.ts'

/** Deliveries on the road: the driver's phone sharing its position (ADR 017 "Live board"). */
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
