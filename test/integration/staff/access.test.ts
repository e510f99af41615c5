import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { StaffInvitedSchema, StaffProfileSchema } from '../../../schemas/staff.ts'
import { acceptStaffInvitation } from '../../../worker/backend/staff/service.ts'
import { depsAt, registerMember, whoami } from '../auth/fixtures.ts'
import { OTHER } from '../catalogue/fixtures.ts'
import {
  BUSINESS_ID,
  call,
  expectError,
  guarded,
  lastMessage,
  me,
  PASSWORD,
  passwordStep,
  seedCatalogue,
  seedStaff,
  signIn,
} from './fixtures.ts'

/** A second store of the demo business. */
let storeB = 0

beforeAll(async () => {
  await seedCatalogue(env.DB)
  const row = await env.DB.prepare(
    `select id from stores where business_id = ?1 and id != 1 order by id limit 1`
  )
    .bind(BUSINESS_ID)
    .first<{ id: number }>()
  storeB = row?.id ?? 0
  expect(storeB).toBeGreaterThan(0)
})

describe('token audiences', () => {
  it("refuses a shopper's token on staff calls", async () => {
    const { tokens } = await registerMember()
    expectError(await me(tokens.access_token), 401, MESSAGES.loginRequired)
    expect(await guarded(tokens.access_token, ['operator', 'picker'])).toBe(401)
    const invite = await call(
      '/staff/invitations',
      { businessId: BUSINESS_ID, email: 'x@example.com', name: 'X', role: 'operator' },
      { bearer: tokens.access_token }
    )
    expectError(invite, 401, MESSAGES.loginRequired)
  })

  it("refuses a staff token on shoppers' calls", async () => {
    const staff = await seedStaff({ operator: true })
    const tokens = await signIn(staff.email)
    expectError(await whoami(tokens.access_token), 401, MESSAGES.loginRequired)
    const change = await call(
      '/auth/change-password',
      { businessId: BUSINESS_ID, currentPassword: PASSWORD, password: 'another password' },
      { bearer: tokens.access_token }
    )
    expectError(change, 401, MESSAGES.loginRequired)
  })

  it('refuses a staff token for another business', async () => {
    const staff = await seedStaff({ operator: true })
    const tokens = await signIn(staff.email)
    expectError(await me(tokens.access_token, OTHER.businessId), 401, MESSAGES.loginRequired)
  })
})

describe('requireStaff', () => {
  it('lets an operator act for every store of the business, never another business', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    expect(await guarded(operator.access_token, ['operator', 'store_manager'], 1)).toBe(200)
    expect(await guarded(operator.access_token, ['operator', 'store_manager'], storeB)).toBe(200)
    expect(await guarded(operator.access_token, ['operator'], OTHER.storeId)).toBe(403)
    // A route that does not name operators does not let them in.
    expect(await guarded(operator.access_token, ['driver'], 1)).toBe(403)
  })

  it('lets store roles act only at their stores, in their roles', async () => {
    const picker = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'picker' }] })).email
    )
    const manager = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'store_manager' }] })).email
    )
    expect(await guarded(picker.access_token, ['store_manager', 'picker'], 1)).toBe(200)
    expect(await guarded(picker.access_token, ['store_manager', 'picker'], storeB)).toBe(403)
    expect(await guarded(picker.access_token, ['store_manager'], 1)).toBe(403)
    expect(await guarded(picker.access_token, ['operator'])).toBe(403)
    expect(await guarded(picker.access_token, ['picker'])).toBe(200)
    expect(await guarded(manager.access_token, ['store_manager'], 1)).toBe(200)
    expect(await guarded(manager.access_token, ['store_manager'], storeB)).toBe(403)
  })
})

describe('deactivation', () => {
  it('ends every session of the account at once and refuses its sign-in', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const picker = await seedStaff({ roles: [{ storeId: 1, role: 'picker' }] })
    const phone = await signIn(picker.email)
    const laptop = await signIn(picker.email)
    expect((await me(phone.access_token)).status).toBe(200)

    const done = await call(
      '/staff/accounts/deactivate',
      { businessId: BUSINESS_ID, staffId: picker.id },
      { bearer: operator.access_token }
    )
    expect(done).toEqual({ status: 200, json: { deactivated: true } })
    expectError(await me(phone.access_token), 401, MESSAGES.sessionExpired)
    expectError(await me(laptop.access_token), 401, MESSAGES.sessionExpired)
    expect(await guarded(phone.access_token, ['picker'], 1)).toBe(401)
    const refresh = await call('/staff/auth/token', {
      grant_type: 'refresh_token',
      businessId: BUSINESS_ID,
      refresh_token: laptop.refresh_token,
    })
    expectError(refresh, 401, MESSAGES.sessionExpired)
    expectError(await passwordStep(picker.email), 401, MESSAGES.loginFailed)
  })

  it('is for operators only', async () => {
    const manager = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'store_manager' }] })).email
    )
    const picker = await seedStaff({ roles: [{ storeId: 1, role: 'picker' }] })
    const refused = await call(
      '/staff/accounts/deactivate',
      { businessId: BUSINESS_ID, staffId: picker.id },
      { bearer: manager.access_token }
    )
    expectError(refused, 403, MESSAGES.staffNotAllowed)
  })
})

describe('invitations', () => {
  const invite = (bearer: string, body: Record<string, unknown>) =>
    call('/staff/invitations', { businessId: BUSINESS_ID, name: 'Pat Picker', ...body }, { bearer })
  const accept = (token: string, password = 'a brand new password') =>
    call('/staff/invitations/accept', { businessId: BUSINESS_ID, token, password })
  const newEmail = () => `invitee.${crypto.randomUUID()}@example.com`

  it('sends a link that sets the password once; the invitee then signs in in their role', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = newEmail()
    const invited = await invite(operator.access_token, { email, role: 'picker', storeIds: [1] })
    expect(invited.status, JSON.stringify(invited.json)).toBe(200)
    const { staffId } = StaffInvitedSchema.parse(invited.json)
    // Invited, not yet able to sign in.
    expectError(await passwordStep(email), 401, MESSAGES.loginFailed)

    const { token = '', acceptPath = '' } = await lastMessage(email, 'staff_invitation')
    expect(acceptPath).toBe(`/store/invitation/${token}`)
    expect(await accept(token, PASSWORD)).toEqual({ status: 200, json: { staffId, email } })
    expectError(await accept(token), 404, MESSAGES.staffInvitationInvalid)

    const tokens = await signIn(email)
    expect(StaffProfileSchema.parse((await me(tokens.access_token)).json)).toMatchObject({
      staffId,
      operator: false,
      stores: [{ storeId: 1, role: 'picker' }],
    })
  })

  it('sets one password when the link is used twice at once', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = newEmail()
    await invite(operator.access_token, { email, role: 'picker', storeIds: [1] })
    const { token = '' } = await lastMessage(email, 'staff_invitation')
    const answers = await Promise.all([
      accept(token, 'first password'),
      accept(token, 'second password'),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404])
  })

  it('expires after 7 days', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = newEmail()
    await invite(operator.access_token, { email, role: 'driver', storeIds: [1] })
    const { token = '' } = await lastMessage(email, 'staff_invitation')
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000)
    await expect(
      acceptStaffInvitation(depsAt(eightDaysOn), {
        businessId: BUSINESS_ID,
        token,
        password: 'a brand new password',
      })
    ).rejects.toMatchObject({ code: 'not_found', message: MESSAGES.staffInvitationInvalid })
  })

  it('sent again retires the older link', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const email = newEmail()
    await invite(operator.access_token, { email, role: 'picker', storeIds: [1] })
    const { token: first = '' } = await lastMessage(email, 'staff_invitation')
    await invite(operator.access_token, { email, role: 'store_manager', storeIds: [storeB] })
    const { token: second = '' } = await lastMessage(email, 'staff_invitation')
    expectError(await accept(first), 404, MESSAGES.staffInvitationInvalid)
    expect((await accept(second)).status).toBe(200)
    const roles = await env.DB.prepare(
      `select store_id, role from staff_store_roles r join staff_accounts a on a.id = r.staff_id
       where a.email = ?1`
    )
      .bind(email)
      .all()
    expect(roles.results).toEqual([{ store_id: storeB, role: 'store_manager' }])
  })

  it('refuses an email in use, stores of another business and callers who are not operators', async () => {
    const operator = await signIn((await seedStaff({ operator: true })).email)
    const taken = await seedStaff()
    expectError(
      await invite(operator.access_token, { email: taken.email, role: 'picker', storeIds: [1] }),
      409,
      MESSAGES.staffEmailTaken
    )
    expectError(
      await invite(operator.access_token, {
        email: newEmail(),
        role: 'picker',
        storeIds: [OTHER.storeId],
      }),
      422,
      MESSAGES.staffStoreNotFound
    )
    const manager = await signIn(
      (await seedStaff({ roles: [{ storeId: 1, role: 'store_manager' }] })).email
    )
    expectError(
      await invite(manager.access_token, { email: newEmail(), role: 'picker', storeIds: [1] }),
      403,
      MESSAGES.staffNotAllowed
    )
  })
})
