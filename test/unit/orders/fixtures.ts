import type { Actor, OrderProgress } from '../../../schemas/order-states.ts'

/** A paid order just sent to the store: the start of every path after payment. */
export function sentOrder(overrides: Partial<OrderProgress> = {}): OrderProgress {
  return {
    status: 'sent_to_store',
    fulfilmentMethod: 'delivery',
    pickingStarted: false,
    readyForCollection: false,
    driverId: null,
    ...overrides,
  }
}

export const DRIVER_ID = 7

export const ACTORS = {
  operator: { role: 'operator', staffId: 1 },
  manager: { role: 'store_manager', staffId: 2 },
  picker: { role: 'picker', staffId: 3 },
  driver: { role: 'driver', staffId: DRIVER_ID },
  otherDriver: { role: 'driver', staffId: 8 },
  system: { role: 'system', staffId: null },
} as const satisfies Record<string, Actor>
