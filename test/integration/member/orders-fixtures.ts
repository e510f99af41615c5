import { expect } from 'vitest'
import { call, NEW_MEMBER, registerMember, tokensOf } from '../auth/fixtures.ts'
import { draftOrder, makePayment, paymentBody, type Draft } from '../payments/fixtures.ts'
import {
  actOk,
  inMinutes,
  staffMember,
  STORES,
  type SignedInStaff,
  finishPicking,
} from '../store-orders/fixtures.ts'
import type { Call } from '../../support/workers/requests.ts'

export { seedCheckout, STORES } from '../store-orders/fixtures.ts'

/*
 * Members' placed orders the way checkout places them (a cash order confirmed at checkout is
 * Sent to Store at once), moved on by the store's staff through the console's API.
 */

export interface Member {
  email: string
  bearer: string
}

export async function newMember(firstName = 'Ada'): Promise<Member> {
  const { email, tokens } = await registerMember({ firstName, lastName: 'Lovelace' })
  return { email, bearer: tokens.access_token }
}

/** A fresh access token for the member (after the clock moved past the old one's life). */
export async function signInAgain(member: Member): Promise<Member> {
  const tokens = tokensOf(
    await call('/oauth/token', {
      grant_type: 'password',
      businessId: 1,
      username: member.email,
      password: NEW_MEMBER.password,
    })
  )
  return { ...member, bearer: tokens.access_token }
}

/** A member's cash order (collection at the checkout store unless `method` says otherwise). */
export async function memberOrder(member: Member): Promise<Draft> {
  const draft = await draftOrder({
    bearer: member.bearer,
    email: member.email,
    method: 'paymentCash',
  })
  const result = await makePayment(
    paymentBody(draft, {
      paymentMethod: 'paymentCash',
      paymentGateway: 'cash',
      cashConfirmed: true,
    })
  )
  expect(result.status).toBe('succeeded')
  return draft
}

let manager: SignedInStaff | undefined

async function storeManager(): Promise<SignedInStaff> {
  manager ??= await staffMember([{ storeId: STORES.main, role: 'store_manager' }])
  return manager
}

/** Accepts, picks, readies and hands over a collection order: Delivered. */
export async function deliver(orderId: number): Promise<void> {
  const { bearer } = await storeManager()
  const store = STORES.main
  await actOk(bearer, store, orderId, 'sent_to_store', {
    type: 'accept',
    estimatedReadyAt: inMinutes(15),
  })
  await finishPicking(bearer, store, orderId)
  await actOk(bearer, store, orderId, 'picked', { type: 'ready_for_collection' })
  await actOk(bearer, store, orderId, 'picked', { type: 'collected' })
}

/** A member call of the demo business. */
export function memberCall(
  path: string,
  body: Record<string, unknown>,
  member: Member | undefined
): Promise<Call> {
  return call(path, { businessId: 1, ...body }, member ? { bearer: member.bearer } : {})
}

export function errorOf(answer: Call): { code: string; message: string; details?: unknown } {
  return (answer.json as { error: { code: string; message: string; details?: unknown } }).error
}
