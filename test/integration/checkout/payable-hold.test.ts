import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  isOrderNoLongerPayable,
  payableCardStatement,
  payableCashStatement,
} from '../../../worker/backend/checkout/payable-hold-repo.ts'
import { draftOrder, type Draft, seedCheckout } from '../payments/fixtures.ts'

/*
 * The payment batch's hold (ADR 069) is recognised by D1's own words for its abort: each case
 * runs the real statement on the migrated database, so a D1 that words the NOT NULL failure
 * otherwise fails here rather than letting a stale order's payment answer 500.
 */

let draft: Draft

beforeAll(async () => {
  await seedCheckout(env.DB)
  draft = await draftOrder({ method: 'paymentCash' })
})

/** The error a batch led by `statement` fails with (the order's row read after it: unchanged). */
async function abortOf(statement: D1PreparedStatement): Promise<unknown> {
  const before = await orderRow()
  const failed = await env.DB.batch([
    statement,
    env.DB.prepare("update orders set instructions = 'written' where id = ?1").bind(draft.orderId),
  ]).then(
    () => null,
    (error: unknown) => error
  )
  expect(failed, 'the batch should have been rolled back').not.toBeNull()
  expect(await orderRow()).toEqual(before)
  return failed
}

function orderRow() {
  return env.DB.prepare(
    'select status, total, cash_confirmed, instructions from orders where id = ?1'
  )
    .bind(draft.orderId)
    .first()
}

describe("the payment batch's hold", () => {
  it('is recognised when a cash payment no longer matches the order', async () => {
    const error = await abortOf(
      payableCashStatement(env.DB, { orderId: draft.orderId, total: draft.total + 1 }, true)
    )
    expect(isOrderNoLongerPayable(error), String(error)).toBe(true)
  })

  it('is recognised when a card attempt finds the basket changed since the draft', async () => {
    const basket = env.DB.prepare(
      'update baskets set version = version + ?2 where id = (select basket_id from orders where id = ?1)'
    )
    await basket.bind(draft.orderId, 1).run()
    try {
      const error = await abortOf(
        payableCardStatement(env.DB, { orderId: draft.orderId, total: draft.total })
      )
      expect(isOrderNoLongerPayable(error), String(error)).toBe(true)
    } finally {
      await basket.bind(draft.orderId, -1).run()
    }
  })

  it('lets a payable order through, recording the cash confirmation', async () => {
    await payableCashStatement(env.DB, { orderId: draft.orderId, total: draft.total }, true).run()
    expect(await orderRow()).toMatchObject({ status: 'draft', cash_confirmed: 1 })
  })

  it('is not any other constraint failure on the order', async () => {
    const otherNotNull = await abortOf(
      env.DB.prepare('update orders set total = null where id = ?1').bind(draft.orderId)
    )
    expect(String(otherNotNull)).toMatch(/NOT NULL/)
    expect(isOrderNoLongerPayable(otherNotNull)).toBe(false)
    const check = await abortOf(
      env.DB.prepare("update orders set status = 'no such status' where id = ?1").bind(
        draft.orderId
      )
    )
    expect(String(check)).toMatch(/CHECK/)
    expect(isOrderNoLongerPayable(check)).toBe(false)
    expect(
      isOrderNoLongerPayable(new Error('NOT NULL constraint failed: orders.cash_confirmed_at'))
    ).toBe(false)
    expect(isOrderNoLongerPayable('NOT NULL constraint failed: orders.cash_confirmed')).toBe(false)
  })
})
