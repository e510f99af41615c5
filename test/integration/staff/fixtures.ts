import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { expect } from 'vitest'
import {
  StaffChallengeSchema,
  StaffTokensSchema,
  type StaffTokens,
} from '../../../schemas/staff.ts'
import type { StaffRole, StoreRole } from '../../../schemas/staff.ts'
import { hashPassword } from '../../../worker/backend/auth/passwords.ts'
import type { BackendEnv } from '../../../worker/backend/env.ts'
import { requireStaff } from '../../../worker/backend/staff/guard.ts'
import { errorEnvelopeResponse } from '../../../worker/lib/error-response.ts'
import { insertRow } from '../../support/workers/seed.ts'
import {
  BUSINESS_ID,
  type Call,
  call,
  PASSWORD,
  TEST_SECRETS,
  testEnv,
  uniqueEmail,
} from '../auth/fixtures.ts'

export {
  BUSINESS_ID,
  call,
  expectError,
  errorOf,
  PASSWORD,
  seedCatalogue,
} from '../auth/fixtures.ts'

export interface SeededStaff {
  id: number
  email: string
}

/** Some staff hashes are made once: PBKDF2 at 100,000 iterations is slow in the pool. */
let passwordHash: Promise<string> | undefined

/** A member of staff of the demo business with {@link PASSWORD}, straight into D1. */
export async function seedStaff(
  options: {
    operator?: boolean
    roles?: ReadonlyArray<{ storeId: number; role: StoreRole }>
    status?: 'active' | 'invited' | 'deactivated'
    businessId?: number
  } = {}
): Promise<SeededStaff> {
  passwordHash ??= hashPassword(PASSWORD, TEST_SECRETS.AUTH_PEPPER)
  const email = uniqueEmail('staff')
  const now = new Date().toISOString()
  const row = await insertRow(env.DB, 'staff_accounts', {
    businessId: options.businessId ?? BUSINESS_ID,
    email,
    name: 'Sam Staff',
    passwordHash: options.status === 'invited' ? null : await passwordHash,
    status: options.status ?? 'active',
    isOperator: options.operator ? 1 : 0,
    createdAt: now,
    updatedAt: now,
  }).run()
  const id = Number(row.meta.last_row_id)
  for (const { storeId, role } of options.roles ?? []) {
    await insertRow(env.DB, 'staff_store_roles', {
      staffId: id,
      storeId,
      role,
      createdAt: now,
    }).run()
  }
  return { id, email }
}

/** The payload of the latest message of `template` to `recipient`. */
export async function lastMessage(
  recipient: string,
  template: 'staff_sign_in_code' | 'staff_invitation'
): Promise<Record<string, string>> {
  const row = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = ?2 order by id desc`
  )
    .bind(recipient, template)
    .first<{ payload_json: string }>()
  if (!row) throw new Error(`no ${template} sent to ${recipient}`)
  return JSON.parse(row.payload_json) as Record<string, string>
}

export const passwordStep = (email: string, password = PASSWORD, businessId = BUSINESS_ID) =>
  call('/staff/auth/sign-in', { businessId, email, password })

export const codeStep = (challengeId: string, code: string, businessId = BUSINESS_ID) =>
  call('/staff/auth/token', { grant_type: 'code', businessId, challengeId, code })

/** Both steps of sign-in: the password, then the emailed code. */
export async function signIn(email: string, businessId = BUSINESS_ID): Promise<StaffTokens> {
  const first = await passwordStep(email, PASSWORD, businessId)
  expect(first.status, JSON.stringify(first.json)).toBe(200)
  const { challengeId } = StaffChallengeSchema.parse(first.json)
  const { code = '' } = await lastMessage(email, 'staff_sign_in_code')
  return staffTokensOf(await codeStep(challengeId, code, businessId))
}

export function staffTokensOf(result: Call): StaffTokens {
  expect(result.status, JSON.stringify(result.json)).toBe(200)
  return StaffTokensSchema.parse(result.json)
}

export const me = (bearer: string, businessId = BUSINESS_ID) =>
  call('/staff/me', { businessId }, { bearer })

// A staff route built on requireStaff(), the guard every console route will use.
const probe = new Hono<BackendEnv>()
probe.post('/guarded', async (c) => {
  const roles = (c.req.query('roles') ?? '').split(',') as Array<StaffRole>
  const store = c.req.query('storeId')
  const caller = await requireStaff(c, {
    businessId: BUSINESS_ID,
    roles,
    ...(store ? { storeId: Number(store) } : {}),
  })
  return c.json({ staffId: caller.staffId })
})
probe.onError((error) => errorEnvelopeResponse(error, undefined))

/** Calls requireStaff(roles, storeId) with a bearer token; answers the status. */
export async function guarded(
  bearer: string,
  roles: ReadonlyArray<StaffRole>,
  storeId?: number
): Promise<number> {
  const query = `roles=${roles.join(',')}${storeId ? `&storeId=${storeId}` : ''}`
  const res = await probe.request(
    `/guarded?${query}`,
    { method: 'POST', headers: { authorization: `Bearer ${bearer}` } },
    testEnv
  )
  await res.body?.cancel()
  return res.status
}
