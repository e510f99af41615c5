import type { Context } from 'hono'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type StaffRole, STORE_ROLES, type StoreRole } from '../../../schemas/staff.ts'
import { now as clockNow } from '../../lib/clock.ts'
import { requireSecret } from '../../lib/crypto.ts'
import { AppError } from '../../lib/errors.ts'
import { bearerToken } from '../auth/authenticate.ts'
import { sessionExpired } from '../auth/sessions.ts'
import type { BackendEnv } from '../env.ts'
import { countBusinessStores, findStaffSessionState, holdsStoreRole } from './repo.ts'
import { verifyStaffAccessToken } from './tokens.ts'

/** A signed-in member of staff. */
export interface StaffCaller {
  staffId: number
  businessId: number
  sessionId: string
  operator: boolean
}

const loginRequired = () => new AppError('unauthorized', MESSAGES.loginRequired)

/**
 * THE verifier of every staff call: a staff access token (audience 'storefront-staff', so a
 * shopper's token is a bad token here) of this business, whose session is live and whose account
 * is still active. Deactivation revokes the sessions and the status in one batch, and both are
 * read on every call: the next call after it is refused, not the next sign-in.
 */
export async function authenticateStaff(
  c: Context<BackendEnv>,
  businessId: number,
  now: Date = clockNow(c.env)
): Promise<StaffCaller> {
  const token = bearerToken(c)
  if (!token) throw loginRequired()
  const secret = requireSecret(c.env.SESSION_SECRET, 'SESSION_SECRET')
  const verified = await verifyStaffAccessToken(secret, token, now)
  if (!verified.ok) throw verified.reason === 'expired' ? sessionExpired() : loginRequired()
  const { claims } = verified
  if (claims.businessId !== businessId) throw loginRequired()
  const state = await findStaffSessionState(
    c.env.DB,
    businessId,
    claims.sessionId,
    claims.staffId,
    now.toISOString()
  )
  if (!state?.session_live) throw sessionExpired()
  if (state.status !== 'active') throw loginRequired()
  return { ...claims, operator: state.is_operator === 1 }
}

export interface StaffRequirement {
  businessId: number
  /** Who may: 'operator' lets operators in for every store of the business. */
  roles: ReadonlyArray<StaffRole>
  /** The store the call acts on; without one, holding a role at any store is enough. */
  storeId?: number
}

const isStoreRole = (role: StaffRole): role is StoreRole =>
  (STORE_ROLES as ReadonlyArray<StaffRole>).includes(role)

/**
 * The guard of staff routes: authenticates the caller ({@link authenticateStaff}), then lets an
 * operator in when `roles` names 'operator' (for any store of the business, never another's), and
 * anyone else only with one of the store roles of `roles` at that store. Refused → 403.
 *
 * @example const caller = await requireStaff(c, { businessId, roles: ['operator', 'store_manager'], storeId })
 */
export async function requireStaff(
  c: Context<BackendEnv>,
  requirement: StaffRequirement
): Promise<StaffCaller> {
  const caller = await authenticateStaff(c, requirement.businessId)
  const { storeId = null } = requirement
  const notAllowed = () => new AppError('forbidden', MESSAGES.staffNotAllowed)
  if (caller.operator && requirement.roles.includes('operator')) {
    if (
      storeId !== null &&
      (await countBusinessStores(c.env.DB, caller.businessId, [storeId])) !== 1
    ) {
      throw notAllowed()
    }
    return caller
  }
  const storeRoles = requirement.roles.filter(isStoreRole)
  if (!(await holdsStoreRole(c.env.DB, caller.staffId, storeId, storeRoles))) throw notAllowed()
  return caller
}
