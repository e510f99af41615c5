import { MESSAGES } from '../../../schemas/messages.ts'
import type { StaffChangePasswordRequest } from '../../../schemas/staff.ts'
import { AppError } from '../../lib/errors.ts'
import { attemptSucceededStatement, claimPasswordAttempt } from '../auth/login-attempts.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import type { AuthDeps } from '../auth/sessions.ts'
import type { StaffCaller } from './guard.ts'
import { findStaff, revokeStaffSessionsStatement, setStaffPasswordStatement } from './repo.ts'
import { staffAttemptIdentifier } from './sign-in.ts'

/**
 * The console's own account (issue 36 item 9): a member of staff ends every session of theirs,
 * or changes their password (every other session ends). Callers close the person's live board
 * sockets after either, since an open socket makes no call for the guard to refuse.
 */

/** Ends every session of the caller, this one included ('logout'). */
export async function signOutEverywhere(deps: AuthDeps, caller: StaffCaller): Promise<void> {
  await revokeStaffSessionsStatement(
    deps.db,
    caller.businessId,
    caller.staffId,
    'logout',
    deps.now.toISOString()
  ).run()
}

/**
 * Changes the caller's password after checking the current one (counted as a password attempt of
 * the account, like a sign-in, so a stolen session guesses no faster than the sign-in form), and
 * ends every other session of theirs ('password_changed'), in one batch. A wrong current password
 * is 422 on its field and changes nothing.
 */
export async function changeStaffPassword(
  deps: AuthDeps,
  caller: StaffCaller,
  input: StaffChangePasswordRequest
): Promise<void> {
  const staff = await findStaff(deps.db, caller.businessId, caller.staffId)
  const incorrect = () =>
    new AppError('validation_error', MESSAGES.currentPasswordIncorrect, {
      fields: [{ field: 'currentPassword', message: MESSAGES.currentPasswordIncorrect }],
    })
  if (!staff) throw incorrect()
  const attempt = await claimPasswordAttempt(
    deps,
    caller.businessId,
    staffAttemptIdentifier(staff.email)
  )
  const current = staff.password_hash
    ? await verifyPassword(input.currentPassword, staff.password_hash, deps.pepper)
    : { ok: false }
  if (!current.ok) throw incorrect()
  const nowIso = deps.now.toISOString()
  const passwordHash = await hashPassword(input.password, deps.pepper)
  await deps.db.batch([
    attemptSucceededStatement(deps, attempt),
    setStaffPasswordStatement(deps.db, caller.businessId, staff.id, passwordHash, nowIso),
    revokeStaffSessionsStatement(
      deps.db,
      caller.businessId,
      staff.id,
      'password_changed',
      nowIso,
      caller.sessionId
    ),
  ])
}
