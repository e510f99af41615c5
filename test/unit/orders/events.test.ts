import { describe, expect, it } from 'vitest'
import type {
  OrderChange,
  OrderChangeSubscriber,
  WiredAdapters,
} from '../../../worker/backend/adapters.ts'
import { orderChangeSubscribers } from '../../../worker/backend/order-subscribers.ts'
import { publishOrderChange } from '../../../worker/backend/orders/events.ts'

const change: OrderChange = {
  businessId: 1,
  storeId: 2,
  orderId: 3,
  status: 'store_accepted_picking',
  change: 'updated',
}
const now = new Date('2026-11-29T10:00:00Z')

function envWith(subscribers: ReadonlyArray<OrderChangeSubscriber>): Env & WiredAdapters {
  // Only orderSubscribers is read by publishOrderChange; the subscribers here read nothing else.
  return { orderSubscribers: subscribers } as unknown as Env & WiredAdapters
}

describe('order change events (ADR 038)', () => {
  it('tells every subscriber, in order, then throws the first failure', async () => {
    const told: Array<string> = []
    const published = publishOrderChange(
      envWith([
        async (_env, event) => {
          told.push(`first ${event.orderId}`)
          throw new Error('board down')
        },
        async (_env, event, at) => {
          told.push(`second ${event.orderId} ${at.toISOString()}`)
        },
      ]),
      change,
      now
    )
    await expect(published).rejects.toThrow('board down')
    expect(told).toEqual(['first 3', 'second 3 2026-11-29T10:00:00.000Z'])
  })

  it('wires the store boards and tracking as the backend subscribers', () => {
    expect(orderChangeSubscribers).toHaveLength(2)
  })
})
