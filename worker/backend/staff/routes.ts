import { MESSAGES } from '../../../schemas/messages.ts'
import {
  StaffAcceptInvitationRequestSchema,
  StaffBusinessRequestSchema,
  StaffChangePasswordRequestSchema,
  StaffPasswordChangedSchema,
  StaffChallengeSchema,
  StaffDeactivatedSchema,
  StaffDeactivateRequestSchema,
  StaffInvitationAcceptedSchema,
  StaffInvitedSchema,
  StaffInviteRequestSchema,
  StaffProfileSchema,
  StaffSignedOutSchema,
  StaffSignInRequestSchema,
  StaffSignOutRequestSchema,
  StaffTokenRequestSchema,
  StaffTokensSchema,
} from '../../../schemas/staff.ts'
import { bearerToken } from '../auth/authenticate.ts'
import { limitAuth } from '../auth/rate-limit.ts'
import { authDeps } from '../auth/sessions.ts'
import { createDomain } from '../route-registry.ts'
import { authenticateStaff, requireStaff } from './guard.ts'
import {
  acceptStaffInvitation,
  deactivateStaffAccount,
  inviteStaff,
  staffProfile,
} from './service.ts'
import { closeBoardSockets } from './board-sockets.ts'
import { changeStaffPassword, signOutEverywhere } from './account.ts'
import { refreshStaffSession, signOutStaff } from './sessions.ts'
import { staffCodeStep, staffPasswordStep } from './sign-in.ts'

/** Staff of the store console: sign-in, sessions, invitations, deactivation (ADR 009 addendum). */
export const staff = createDomain('Staff')

const STAFF_BEARER =
  "Bearer staff access token (audience 'storefront-staff'; a shopper's token answers " +
  `unauthorized '${MESSAGES.loginRequired}'). A deactivated account or an ended session ` +
  `answers unauthorized at once.`

staff.post(
  '/staff/auth/sign-in',
  {
    summary: 'Staff sign-in, step one: the password; a right one emails a six-digit code',
    description:
      `A wrong password, an unknown email, an invited or deactivated account all answer ` +
      `unauthorized '${MESSAGES.loginFailed}'. Failed password checks lock the account with ` +
      'escalating waits like members (429 rate_limited with Retry-After); rate limited per IP ' +
      'and per email. The code (10 minutes, 5 attempts) is exchanged at /staff/auth/token.',
    body: StaffSignInRequestSchema,
    response: StaffChallengeSchema,
    errors: ['unauthorized', 'rate_limited', 'upstream_error'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'staff-sign-in', body.email)
    return staffPasswordStep(authDeps(c), body.businessId, body.email, body.password)
  }
)

staff.post(
  '/staff/auth/token',
  {
    summary: 'Staff sign-in, step two (grant code) or a refresh (grant refresh_token)',
    description:
      `code: the challenge and its emailed code; wrong, expired, used or unknown answers ` +
      `unauthorized '${MESSAGES.otpIncorrect}' and the 5th wrong code kills it. refresh_token: ` +
      'single use; a used one presented again ends the session. Answers a staff access token ' +
      "(15 minutes, audience 'storefront-staff') and a refresh token.",
    body: StaffTokenRequestSchema,
    response: StaffTokensSchema,
    errors: ['unauthorized', 'rate_limited'],
  },
  async ({ body }, c) => {
    const deps = authDeps(c)
    if (body.grant_type === 'refresh_token') {
      return refreshStaffSession(deps, body.businessId, body.refresh_token)
    }
    await limitAuth(c, 'staff-code', body.challengeId)
    return staffCodeStep(deps, body.businessId, body.challengeId, body.code)
  }
)

staff.post(
  '/staff/auth/sign-out',
  {
    summary: 'Staff sign-out: ends the session of the refresh token and of the bearer token',
    description: 'Idempotent: unknown or already ended tokens are not an error.',
    body: StaffSignOutRequestSchema,
    response: StaffSignedOutSchema,
  },
  async ({ body }, c) => {
    const ended = await signOutStaff(
      authDeps(c),
      body.businessId,
      body.refresh_token,
      bearerToken(c)
    )
    await closeBoardSockets({ ...c.env, ...c.var.adapters }, body.businessId, ended)
    return { signedOut: true as const }
  }
)

staff.post(
  '/staff/me',
  {
    summary: 'The signed-in member of staff and their roles per store',
    description: STAFF_BEARER,
    body: StaffBusinessRequestSchema,
    response: StaffProfileSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => staffProfile(authDeps(c), await authenticateStaff(c, body.businessId))
)

staff.post(
  '/staff/invitations',
  {
    summary: 'Invite someone by email to a role (operators only)',
    description:
      `${STAFF_BEARER} An operator role names no stores; a store role names stores of the ` +
      `business. An address already in use answers conflict '${MESSAGES.staffEmailTaken}'; ` +
      'inviting an address still invited sends a new link (7 days) and retires the old.',
    body: StaffInviteRequestSchema,
    response: StaffInvitedSchema,
    errors: ['unauthorized', 'forbidden', 'conflict', 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, { businessId: body.businessId, roles: ['operator'] })
    return inviteStaff(authDeps(c), caller, body)
  }
)

staff.post(
  '/staff/invitations/accept',
  {
    summary: "Accept an invitation: set the account's first password",
    description:
      `The link works once, for 7 days; unknown, used, replaced or expired answers not_found ` +
      `'${MESSAGES.staffInvitationInvalid}'. Then sign in with the password and an emailed code. ` +
      'Rate limited per IP and per link.',
    body: StaffAcceptInvitationRequestSchema,
    response: StaffInvitationAcceptedSchema,
    errors: ['not_found', 'rate_limited'],
  },
  async ({ body }, c) => {
    await limitAuth(c, 'staff-invitation', body.token)
    return acceptStaffInvitation(authDeps(c), body)
  }
)

staff.post(
  '/staff/accounts/deactivate',
  {
    summary: 'Deactivate a member of staff: every session of theirs ends at once (operators only)',
    description: `${STAFF_BEARER} Idempotent; an operator cannot deactivate themselves.`,
    body: StaffDeactivateRequestSchema,
    response: StaffDeactivatedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireStaff(c, { businessId: body.businessId, roles: ['operator'] })
    await deactivateStaffAccount(authDeps(c), caller, body.staffId)
    await closeBoardSockets({ ...c.env, ...c.var.adapters }, caller.businessId, [body.staffId])
    return { deactivated: true as const }
  }
)

staff.post(
  '/staff/auth/sign-out-everywhere',
  {
    summary: 'Ends every session of the signed-in member of staff, this one included',
    description:
      `${STAFF_BEARER} Every device is signed out at its next call, and the person's open ` +
      'board sockets close at once.',
    body: StaffBusinessRequestSchema,
    response: StaffSignedOutSchema,
    errors: ['unauthorized'],
  },
  async ({ body }, c) => {
    const caller = await authenticateStaff(c, body.businessId)
    await signOutEverywhere(authDeps(c), caller)
    await closeBoardSockets({ ...c.env, ...c.var.adapters }, caller.businessId, [caller.staffId])
    return { signedOut: true as const }
  }
)

staff.post(
  '/staff/auth/change-password',
  {
    summary: "Change the signed-in member of staff's password; every other session ends",
    description:
      `${STAFF_BEARER} The members' rules for the new password. A wrong currentPassword ` +
      `answers validation_error '${MESSAGES.currentPasswordIncorrect}' and changes nothing; ` +
      'wrong guesses count against the account like sign-in failures (429 while locked). The ' +
      "other sessions end ('password_changed') and the person's open board sockets close.",
    body: StaffChangePasswordRequestSchema,
    response: StaffPasswordChangedSchema,
    errors: ['unauthorized', 'validation_error', 'rate_limited'],
  },
  async ({ body }, c) => {
    const caller = await authenticateStaff(c, body.businessId)
    await limitAuth(c, 'password', `staff:${caller.staffId}`)
    await changeStaffPassword(authDeps(c), caller, body)
    await closeBoardSockets({ ...c.env, ...c.var.adapters }, caller.businessId, [caller.staffId])
    return { changed: true as const }
  }
)
