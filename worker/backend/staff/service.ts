import { MESSAGES } from '../../../schemas/messages.ts'
import { STAFF_INVITATION_PATH, STAFF_INVITATION_TTL_SECONDS } from '../../../schemas/constants.ts'
import type { StaffInviteRequest, StaffProfile } from '../../../schemas/staff.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { AuthDeps } from '../auth/sessions.ts'
import type { StaffCaller } from './guard.ts'
import {
  acceptInvitation,
  countBusinessStores,
  deactivateStaff,
  findStaff,
  findStaffByEmail,
  insertInvitationStatements,
  insertInvitedStaff,
  replaceStoreRolesStatements,
  storeRolesOf,
  updateInvitedStaffStatement,
} from './repo.ts'

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

/** The signed-in member of staff: name, and where they hold which role. */
export async function staffProfile(deps: AuthDeps, caller: StaffCaller): Promise<StaffProfile> {
  const staff = await findStaff(deps.db, caller.businessId, caller.staffId)
  if (!staff) throw new AppError('unauthorized', MESSAGES.loginRequired)
  const roles = await storeRolesOf(deps.db, staff.id)
  return {
    staffId: staff.id,
    businessId: staff.business_id,
    email: staff.email,
    name: staff.name,
    operator: staff.is_operator === 1,
    stores: roles.map((row) => ({ storeId: row.store_id, role: row.role })),
  }
}

/**
 * Invites someone by email to a role: an invited account (no password, cannot sign in) with its
 * store roles, and a link (7 days, stored hashed) mailed through the messenger. Inviting an
 * address that is still only invited sends a new link and retires the old; an address in use
 * answers 409. Store roles must name stores of the business.
 */
export async function inviteStaff(
  deps: AuthDeps,
  caller: StaffCaller,
  input: StaffInviteRequest
): Promise<{ staffId: number; expiresAt: string }> {
  const storeIds = [...new Set(input.storeIds)]
  if ((await countBusinessStores(deps.db, caller.businessId, storeIds)) !== storeIds.length) {
    throw new AppError('validation_error', MESSAGES.staffStoreNotFound, {
      fields: [{ field: 'storeIds', message: MESSAGES.staffStoreNotFound }],
    })
  }
  const nowIso = deps.now.toISOString()
  const operator = input.role === 'operator'
  const account = { businessId: caller.businessId, email: input.email, name: input.name }
  let staffId = await insertInvitedStaff(deps.db, { ...account, operator, now: nowIso })
  const reinvite = staffId === null
  if (staffId === null) {
    const existing = await findStaffByEmail(deps.db, caller.businessId, input.email)
    if (existing?.status !== 'invited') throw new AppError('conflict', MESSAGES.staffEmailTaken)
    staffId = existing.id
  }
  const token = randomToken()
  const expiresAt = later(deps.now, STAFF_INVITATION_TTL_SECONDS)
  await deps.db.batch([
    ...(reinvite
      ? [updateInvitedStaffStatement(deps.db, staffId, { name: input.name, operator, now: nowIso })]
      : []),
    ...replaceStoreRolesStatements(
      deps.db,
      staffId,
      input.role === 'operator' ? null : input.role,
      storeIds,
      nowIso
    ),
    ...insertInvitationStatements(deps.db, {
      businessId: caller.businessId,
      staffId,
      tokenHash: await sha256Hex(token),
      role: input.role,
      storeIds,
      invitedBy: caller.staffId,
      expiresAt,
      now: nowIso,
    }),
  ])
  try {
    await deps.messenger.send({
      businessId: caller.businessId,
      channel: 'email',
      to: input.email,
      template: 'staff_invitation',
      data: {
        name: input.name,
        role: input.role,
        acceptPath: `${STAFF_INVITATION_PATH}${token}`,
        token,
        expiresAt,
      },
    })
  } catch (error) {
    // The invitation stands; the operator can send it again, which retires this link.
    logError(error, { event: 'staff invitation send failed', staffId })
    throw new AppError('upstream_error', MESSAGES.messageSendFailed)
  }
  return { staffId, expiresAt }
}

/**
 * Accepts an invitation: the link works once, before it expires and while no newer one replaced
 * it; it sets the account's first password and makes it active. The person then signs in with
 * the password and an emailed code like everyone else. Unknown, used, retired or expired → 404.
 */
export async function acceptStaffInvitation(
  deps: AuthDeps,
  input: { businessId: number; token: string; password: string }
): Promise<{ staffId: number; email: string }> {
  const nowIso = deps.now.toISOString()
  // Hashed first, so a used link and a good one take the same time to answer.
  const passwordHash = await hashPassword(input.password, deps.pepper)
  const staffId = await acceptInvitation(deps.db, {
    businessId: input.businessId,
    tokenHash: await sha256Hex(input.token),
    passwordHash,
    now: nowIso,
  })
  if (staffId === null) throw new AppError('not_found', MESSAGES.staffInvitationInvalid)
  const staff = await findStaff(deps.db, input.businessId, staffId)
  return { staffId, email: staff?.email ?? '' }
}

/**
 * Deactivates a member of staff of the caller's business: the account can no longer sign in and
 * every session ends at once (the staff guard reads both on every call). Idempotent. An operator
 * cannot deactivate themselves (the business would risk having none).
 */
export async function deactivateStaffAccount(
  deps: AuthDeps,
  caller: StaffCaller,
  staffId: number
): Promise<void> {
  if (staffId === caller.staffId) throw new AppError('forbidden', MESSAGES.staffNotAllowed)
  const staff = await findStaff(deps.db, caller.businessId, staffId)
  if (!staff) throw new AppError('not_found', MESSAGES.staffNotFound)
  await deactivateStaff(deps.db, caller.businessId, staffId, deps.now.toISOString())
}
