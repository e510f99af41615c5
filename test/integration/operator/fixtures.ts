import { env } from 'cloudflare:test'
import { OTHER, seedCatalogue } from '../catalogue/fixtures.ts'
import { type Call, call } from '../auth/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'

export { call, type Call }

/**
 * The operator console's test world (ADR 027): the demo business (1) and the other grocer (2),
 * each with a brand, store, category, item, deal and banner; a signed-in operator of each, and a
 * store manager of business 1. An area's tests and the cross-business sweep start here.
 */

/** One business's things, by id: what an operator route may name. */
export interface Things {
  businessId: number
  brandId: number
  storeId: number
  categoryId: number
  menuItemId: number
  dealId: number
  bannerId: number
  /** A member of staff of the business (its store manager, or its operator for business 2). */
  staffId: number
  /** A failed task of the business (an effect the queue gave up on, ADR 037). */
  effectId: number
}

export interface OperatorWorld {
  own: Things
  other: Things
  /** Bearer tokens: an operator of business 1, one of business 2, a store manager of 1. */
  operator: string
  otherOperator: string
  manager: string
  /** The operator of business 1's staff id (audit rows name it). */
  operatorStaffId: number
}

async function firstId(table: string, businessId: number): Promise<number> {
  const row = await env.DB.prepare(
    `select id from ${table} where business_id = ?1 order by id limit 1`
  )
    .bind(businessId)
    .first<{ id: number }>()
  if (!row) throw new Error(`no ${table} row for business ${businessId}`)
  return row.id
}

async function thingsOf(businessId: number): Promise<Things> {
  const [brandId, storeId, categoryId, menuItemId, dealId, bannerId] = await Promise.all(
    ['brands', 'stores', 'categories', 'menu_items', 'deals', 'banners'].map((table) =>
      firstId(table, businessId)
    )
  )
  return {
    businessId,
    brandId: brandId ?? 0,
    storeId: storeId ?? 0,
    categoryId: categoryId ?? 0,
    menuItemId: menuItemId ?? 0,
    dealId: dealId ?? 0,
    bannerId: bannerId ?? 0,
    staffId: 0,
    effectId: await deadEffectOf(businessId),
  }
}

/** A dead outbox effect of the business, as the dead-letter queue leaves one. */
async function deadEffectOf(businessId: number): Promise<number> {
  const row = await env.DB.prepare(
    `insert into effects (business_id, effect_key, kind, payload_json, status, attempts,
       last_error, created_at)
     values (?1, ?2, 'order_placed_email', '{}', 'dead', 9, 'provider down', ?3) returning id`
  )
    .bind(businessId, `sweep:${businessId}:${crypto.randomUUID()}`, new Date().toISOString())
    .first<{ id: number }>()
  return row?.id ?? 0
}

let world: Promise<OperatorWorld> | undefined

/** Seeds the world once per test file (the pool isolates storage per file) and signs staff in. */
export function operatorWorld(): Promise<OperatorWorld> {
  world ??= (async () => {
    await seedCatalogue(env.DB)
    const [own, other] = await Promise.all([thingsOf(1), thingsOf(OTHER.businessId)])
    const operatorAccount = await seedStaff({ operator: true })
    const otherAccount = await seedStaff({ operator: true, businessId: OTHER.businessId })
    const managerAccount = await seedStaff({
      roles: [{ storeId: own.storeId, role: 'store_manager' }],
    })
    const operator = await signIn(operatorAccount.email)
    const otherOperator = await signIn(otherAccount.email, OTHER.businessId)
    const manager = await signIn(managerAccount.email)
    return {
      own: { ...own, staffId: managerAccount.id },
      other: { ...other, staffId: otherAccount.id },
      operator: operator.access_token,
      otherOperator: otherOperator.access_token,
      manager: manager.access_token,
      operatorStaffId: operatorAccount.id,
    }
  })()
  return world
}

/** Calls an operator route as `bearer`, for business 1 unless told otherwise. */
export function operatorCall(
  path: string,
  body: Record<string, unknown>,
  bearer: string | undefined,
  businessId = 1
): Promise<Call> {
  return call(path, { ...body, businessId }, bearer ? { bearer } : {})
}

/** The business's audit rows, newest first (for asserting what a change recorded). */
export async function auditRows(businessId = 1) {
  const { results } = await env.DB.prepare(
    `select staff_id, action, entity, entity_id, before_json, after_json, summary, at
       from operator_audit where business_id = ?1 order by id desc`
  )
    .bind(businessId)
    .all<{
      staff_id: number | null
      action: string
      entity: string
      entity_id: number | null
      before_json: string | null
      after_json: string | null
      summary: string
      at: string
    }>()
  return results
}
