import { describe, expect, it } from 'vitest'
import { backendDomains } from '../../../worker/backend/index.ts'
import { backend } from '../../../worker/local-backend.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { testEnv } from '../auth/fixtures.ts'
import { type OperatorWorld, operatorWorld, type Things } from './fixtures.ts'
import type { OperatorRouteCase } from './sweep/case.ts'
import { BRANDS_CASES } from './sweep/brands.ts'
import { CATALOGUE_CASES } from './sweep/catalogue.ts'
import { CONTENT_CASES } from './sweep/content.ts'
import { PROMOTIONS_CASES } from './sweep/promotions.ts'
import { STAFF_CASES } from './sweep/staff.ts'
import { STORES_CASES } from './sweep/stores.ts'

/*
 * Every operator route (ADR 027), whatever area it belongs to, against the tenant boundary: no
 * token is 401, a store manager 403, another business's operator 401, and business 1's operator
 * naming business 2's things 404, with nothing written by any of them. A route added without a
 * case here fails the first test.
 */

const SHARED_CASES: ReadonlyArray<OperatorRouteCase> = [
  {
    path: '/staff/operator/audit',
    body: () => ({ entity: 'store' }),
    namesThings: false,
  },
  { path: '/staff/operator/effects', body: () => ({}), namesThings: false },
  {
    path: '/staff/operator/effects/retry',
    body: (things) => ({ effectId: things.effectId }),
    namesThings: true,
  },
  { path: '/staff/operator/refunds', body: () => ({}), namesThings: false },
  {
    path: '/staff/operator/insight',
    body: (things) => ({ scope: 'store', scopeId: things.storeId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/order-reasons/update',
    body: () => ({ reject: ['Too busy'], cancel: ['Closed early'] }),
    namesThings: false,
  },
  { path: '/staff/operator/order-archive', body: () => ({}), namesThings: false },
  {
    path: '/staff/operator/order-archive/update',
    body: () => ({ months: 36 }),
    namesThings: false,
  },
  {
    // The world archives no orders: a number no business has stands for business 2's (the
    // archive's own tests show another business's archived order answers 404).
    path: '/staff/operator/order-archive/find',
    body: () => ({ businessOrderId: 'SWEEP-NONE' }),
    namesThings: true,
  },
  {
    path: '/staff/operator/order-archive/restore',
    body: () => ({ businessOrderId: 'SWEEP-NONE' }),
    namesThings: true,
  },
  {
    // The world holds no payments: a refund id no business has stands for business 2's (its
    // own tests show another business's unsettled refund answers 404 and is not asked about).
    path: '/staff/operator/refunds/retry',
    body: () => ({ refundId: 999_999_999 }),
    namesThings: true,
  },
  { path: '/staff/operator/money', body: () => ({}), namesThings: false },
  {
    // As for refunds: an id no business has stands for business 2's (the money page's own
    // tests show another business's unsettled effect answers 404 and is not asked about).
    path: '/staff/operator/money/retry',
    body: () => ({ kind: 'refund', id: 999_999_999 }),
    namesThings: true,
  },
]

const CASES: ReadonlyArray<OperatorRouteCase> = [
  ...SHARED_CASES,
  ...BRANDS_CASES,
  ...STORES_CASES,
  ...CATALOGUE_CASES,
  ...PROMOTIONS_CASES,
  ...CONTENT_CASES,
  ...STAFF_CASES,
]

const OPERATOR_ROUTES = backendDomains
  .flatMap((domain) => domain.routes)
  .filter((route) => route.path.startsWith('/staff/operator/'))
  .map((route) => route.path)

let sent = 0

/** Sends a case's body for `things`, as `bearer`, for `businessId`; answers the status and text. */
async function send(
  testCase: OperatorRouteCase,
  things: Things,
  bearer: string | undefined,
  businessId: number
): Promise<{ status: number; text: string }> {
  const body = testCase.body(things)
  const headers: Record<string, string> = { 'cf-connecting-ip': `198.51.105.${(sent++ % 250) + 1}` }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  let init: RequestInit
  if (body instanceof FormData) {
    body.set('businessId', String(businessId))
    init = { method: 'POST', headers, body }
  } else {
    headers['content-type'] = 'application/json'
    init = { method: 'POST', headers, body: JSON.stringify({ ...body, businessId }) }
  }
  const res = await backend.request(testCase.path, init, testEnv)
  return { status: res.status, text: await res.text() }
}

describe('every operator route keeps to its business', () => {
  it('has a case for every route under /staff/operator/', () => {
    const covered = new Set(CASES.map((testCase) => testCase.path))
    expect(OPERATOR_ROUTES.filter((path) => !covered.has(path))).toEqual([])
    expect(
      CASES.map((testCase) => testCase.path).filter((p) => !OPERATOR_ROUTES.includes(p))
    ).toEqual([])
  })

  it.each(CASES.map((testCase) => [testCase.path, testCase] as const))(
    '%s refuses strangers, store roles and other businesses, and writes nothing',
    async (_path, testCase) => {
      const world: OperatorWorld = await operatorWorld()
      const before = await fingerprint()
      const refusals: Array<[string, string | undefined, Things, number, number]> = [
        ['no token', undefined, world.own, 1, 401],
        ['a store manager', world.manager, world.own, 1, 403],
        ["another business's operator", world.otherOperator, world.own, 1, 401],
      ]
      if (testCase.namesThings) {
        refusals.push(["business 2's things", world.operator, world.other, 1, 404])
      }
      for (const [who, bearer, things, businessId, status] of refusals) {
        const answer = await send(testCase, things, bearer, businessId)
        expect(answer.status, `${who}: ${answer.text.slice(0, 300)}`).toBe(status)
        expect(changedTables(before, await fingerprint()), who).toEqual([])
      }
    },
    // Four calls and four fingerprints of every table: over the default 5 s on a busy machine.
    30_000
  )
})
