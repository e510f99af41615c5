import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BoardList } from '../../../client/components/store-console/BoardList.tsx'
import type { StoreOrderSummary } from '../../../schemas/store-orders.ts'

const WAITING: StoreOrderSummary = {
  orderId: 7,
  orderNumber: 'CF-100007',
  status: 'sent_to_store',
  statusCode: 20,
  statusLabel: 'Sent to Store',
  fulfilmentMethod: 'delivery',
  slot: { kind: 'scheduled', date: '2026-12-01', startsAt: '11:00', endsAt: '12:00' },
  itemsCount: 3,
  total: 1249,
  placedAt: '2026-11-30T00:00:00.000Z',
  acceptedAt: null,
  estimatedReadyAt: null,
  acceptBy: '2026-11-30T00:10:00.000Z',
  acceptOverdue: false,
  readyForCollection: false,
  driver: null,
  allowedActions: ['accept', 'reject', 'cancel'],
  timeZone: 'Europe/London',
}

const text = (at: string) =>
  renderToString(
    <BoardList
      board={{ storeId: 1, at, orders: [WAITING] }}
      orderHref="/store/1/orders/{orderId}"
    />
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('the board card of an order waiting to be accepted', () => {
  it('says when to accept by, then that it is waiting too long once that passes', () => {
    expect(text('2026-11-30T00:09:00.000Z')).toContain('Accept by 00:10')
    // Past the accept-by time, with or without the cron's alert having run.
    const late = text('2026-11-30T00:10:00.000Z')
    expect(late).toContain('Waiting too long')
    expect(late).not.toContain('Accept by')
  })
})
