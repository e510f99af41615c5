import { MESSAGES } from '../../../schemas/messages.ts'
import { STAFF_INVITATION_PATH, STAFF_INVITATION_TTL_SECONDS } from '../../../schemas/constants.ts'
import type {
  StaffInviteRequest,
  StaffProfile,
  StaffStoreRole,
  StoreRole,
} from '../../../schemas/staff.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { AuthDeps } from '../auth/sessions.ts'
import { auditStatement } from '../audit-repo.ts'
import { businessToken } from '../business-token.ts'
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
  setOperatorStatement,
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

/** What an invitation gives: the operator role and/or roles at stores. */
export interface StaffAccess {
  operator: boolean
  stores: ReadonlyArray<StaffStoreRole>
}

const uniqueRoles = (stores: ReadonlyArray<StaffStoreRole>): Array<StaffStoreRole> => [
  ...new Map(stores.map((entry) => [`${entry.storeId}:${entry.role}`, entry])).values(),
]

/** Refuses (422, nothing changed) store roles naming a store of another business. */
async function checkStoresOfBusiness(
  db: D1Database,
  businessId: number,
  stores: ReadonlyArray<StaffStoreRole>
): Promise<void> {
  const storeIds = [...new Set(stores.map((entry) => entry.storeId))]
  if ((await countBusinessStores(db, businessId, storeIds)) !== storeIds.length) {
    throw new AppError('validation_error', MESSAGES.staffStoreNotFound, {
      fields: [{ field: 'stores', message: MESSAGES.staffStoreNotFound }],
    })
  }
}

/** The audit row of a change to someone's access (migration 0040), in the change's batch. */
function staffAudit(
  db: D1Database,
  caller: StaffCaller,
  change: { action: string; staffId: number; before: unknown; after: unknown; summary: string },
  now: string
): D1PreparedStatement {
  return auditStatement(db, {
    businessId: caller.businessId,
    staffId: caller.staffId,
    action: change.action,
    entity: 'staff',
    entityId: change.staffId,
    before: change.before,
    after: change.after,
    summary: change.summary,
    at: now,
  })
}

/**
 * Invites someone by email to a role (POST /staff/invitations): one role at the named stores, or
 * the operator role.
 */
export function inviteStaff(
  deps: AuthDeps,
  caller: StaffCaller,
  input: StaffInviteRequest
): Promise<{ staffId: number; expiresAt: string }> {
  const operator = input.role === 'operator'
  return inviteStaffWithAccess(deps, caller, {
    email: input.email,
    name: input.name,
    operator,
    stores: operator
      ? []
      : input.storeIds.map((storeId) => ({ storeId, role: input.role as StoreRole })),
  })
}

/**
 * Invites someone by email: an invited account (no password, cannot sign in) with its roles, and
 * a link (7 days, stored hashed) mailed through the messenger. Inviting an address that is still
 * only invited sends a new link and retires the old; an address in use answers 409. Store roles
 * must name stores of the business. The operator console's invitations carry an audit row.
 */
export async function inviteStaffWithAccess(
  deps: AuthDeps,
  caller: StaffCaller,
  input: StaffAccess & { email: string; name: string },
  audited = false
): Promise<{ staffId: number; expiresAt: string }> {
  const stores = input.operator ? [] : uniqueRoles(input.stores)
  await checkStoresOfBusiness(deps.db, caller.businessId, stores)
  const nowIso = deps.now.toISOString()
  const { operator } = input
  const account = { businessId: caller.businessId, email: input.email, name: input.name }
  await deps.indexKey?.('staff_email', input.email, caller.businessId)
  let staffId = await insertInvitedStaff(deps.db, { ...account, operator, now: nowIso })
  const reinvite = staffId === null
  if (staffId === null) {
    const existing = await findStaffByEmail(deps.db, caller.businessId, input.email)
    if (existing?.status !== 'invited') throw new AppError('conflict', MESSAGES.staffEmailTaken)
    staffId = existing.id
  }
  return sendInvitation(deps, caller, {
    staffId,
    email: input.email,
    name: input.name,
    operator,
    stores,
    before: reinvite
      ? [updateInvitedStaffStatement(deps.db, staffId, { name: input.name, operator, now: nowIso })]
      : [],
    audit: audited
      ? {
          action: 'staff.invite',
          staffId,
          before: null,
          after: { email: input.email, name: input.name, operator, stores },
          summary: `${input.name} (${input.email}) invited`,
        }
      : null,
  })
}

/** Sends someone still invited a new link (the old one stops working), with their roles as now. */
export async function resendStaffInvitation(
  deps: AuthDeps,
  caller: StaffCaller,
  staffId: number
): Promise<{ staffId: number; expiresAt: string }> {
  const staff = await findStaff(deps.db, caller.businessId, staffId)
  if (!staff) throw new AppError('not_found', MESSAGES.staffNotFound)
  if (staff.status !== 'invited') {
    throw new AppError('conflict', MESSAGES.staffInvitationNotPending)
  }
  const stores = (await storeRolesOf(deps.db, staffId)).map((row) => ({
    storeId: row.store_id,
    role: row.role,
  }))
  return sendInvitation(deps, caller, {
    staffId,
    email: staff.email,
    name: staff.name,
    operator: staff.is_operator === 1,
    stores,
    before: [],
    audit: {
      action: 'staff.resend',
      staffId,
      before: null,
      after: null,
      summary: `Invitation of ${staff.name} sent again`,
    },
  })
}

async function sendInvitation(
  deps: AuthDeps,
  caller: StaffCaller,
  invite: StaffAccess & {
    staffId: number
    email: string
    name: string
    before: Array<D1PreparedStatement>
    audit: {
      action: string
      staffId: number
      before: unknown
      after: unknown
      summary: string
    } | null
  }
): Promise<{ staffId: number; expiresAt: string }> {
  const { staffId } = invite
  const nowIso = deps.now.toISOString()
  // The link's token carries the business, so it finds its shard alone (ADR 063).
  const token = businessToken(caller.businessId)
  const expiresAt = later(deps.now, STAFF_INVITATION_TTL_SECONDS)
  const role = invite.operator ? 'operator' : (invite.stores[0]?.role ?? 'operator')
  await deps.db.batch([
    ...invite.before,
    ...replaceStoreRolesStatements(deps.db, staffId, invite.stores, nowIso),
    ...insertInvitationStatements(deps.db, {
      businessId: caller.businessId,
      staffId,
      tokenHash: await sha256Hex(token),
      role,
      storeIds: [...new Set(invite.stores.map((entry) => entry.storeId))],
      invitedBy: caller.staffId,
      expiresAt,
      now: nowIso,
    }),
    ...(invite.audit ? [staffAudit(deps.db, caller, invite.audit, nowIso)] : []),
  ])
  try {
    await deps.messenger.send({
      businessId: caller.businessId,
      channel: 'email',
      to: invite.email,
      template: 'staff_invitation',
      data: {
        name: invite.name,
        role,
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
 * Replaces what a member of staff of the caller's business may do: the operator role and roles at
 * stores of the business, in one batch with its audit row. Another business's person → 404; a
 * store of another business → 422 and nothing changes; an operator cannot drop their own operator
 * role (the business would risk having none).
 */
export async function setStaffRoles(
  deps: AuthDeps,
  caller: StaffCaller,
  input: StaffAccess & { staffId: number }
): Promise<void> {
  const staff = await findStaff(deps.db, caller.businessId, input.staffId)
  if (!staff) throw new AppError('not_found', MESSAGES.staffNotFound)
  if (staff.id === caller.staffId && !input.operator) {
    throw new AppError('forbidden', MESSAGES.staffOwnOperatorRole)
  }
  const stores = uniqueRoles(input.stores)
  await checkStoresOfBusiness(deps.db, caller.businessId, stores)
  const before = {
    operator: staff.is_operator === 1,
    stores: (await storeRolesOf(deps.db, staff.id)).map((row) => ({
      storeId: row.store_id,
      role: row.role,
    })),
  }
  const nowIso = deps.now.toISOString()
  await deps.db.batch([
    setOperatorStatement(deps.db, caller.businessId, staff.id, input.operator, nowIso),
    ...replaceStoreRolesStatements(deps.db, staff.id, stores, nowIso),
    staffAudit(
      deps.db,
      caller,
      {
        action: 'staff.roles',
        staffId: staff.id,
        before,
        after: { operator: input.operator, stores },
        summary: `Roles of ${staff.name} changed`,
      },
      nowIso
    ),
  ])
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
  const nowIso = deps.now.toISOString()
  const record =
    staff.status === 'deactivated'
      ? []
      : [
          staffAudit(
            deps.db,
            caller,
            {
              action: 'staff.deactivate',
              staffId,
              before: { status: staff.status },
              after: { status: 'deactivated' },
              summary: `${staff.name} deactivated`,
            },
            nowIso
          ),
        ]
  await deactivateStaff(deps.db, caller.businessId, staffId, nowIso, record)
}
