import { z } from 'zod'
import { BusinessIdSchema, EmailSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { NewPasswordSchema, OpaqueTokenSchema, PresentedPasswordSchema } from './auth.ts'
import { requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * Staff of the store console (ADR 009 addendum): sign-in with a password and an emailed code, sessions
 * under their own token audience, invitations, deactivation. Never a shopper's token or account.
 */

/** Roles of staff: an operator acts for every store of the business; the others per store. */
export const STAFF_ROLES = ['operator', 'store_manager', 'picker', 'driver'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
/** The roles held per store (staff_store_roles). */
export const STORE_ROLES = ['store_manager', 'picker', 'driver'] as const
export type StoreRole = (typeof STORE_ROLES)[number]

/**
 * POST /staff/auth/sign-in: the first step; a right password emails a six-digit code. A call by
 * email alone (no businessId) is given the business the directory has for the email (ADR 056);
 * an email it does not know reaches the route without one and is refused as a wrong password.
 */
export const StaffSignInRequestSchema = z.object({
  businessId: BusinessIdSchema.optional(),
  email: EmailSchema,
  password: PresentedPasswordSchema,
})

/** The challenge to answer with the emailed code (10 minutes, 5 attempts). */
export type StaffChallenge = z.infer<typeof StaffChallengeSchema>
export const StaffChallengeSchema = z.object({
  challengeId: z.string(),
  /** The business signed in to: the next steps name it (a sign-in by email alone learns it here). */
  businessId: IdSchema,
  expiresAt: z.iso.datetime(),
})

/** POST /staff/auth/token: the code of a challenge, or a refresh token. */
export const StaffTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('code'),
    businessId: BusinessIdSchema,
    challengeId: OpaqueTokenSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: MESSAGES.otpIncorrect }),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    businessId: BusinessIdSchema,
    refresh_token: OpaqueTokenSchema,
  }),
])

/** A staff session's tokens: the access token's audience is 'storefront-staff', never the shop's. */
export type StaffTokens = z.infer<typeof StaffTokensSchema>
export const StaffTokensSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int().positive(),
  refresh_token: z.string(),
  refresh_expires_in: z.int().positive(),
  staffId: IdSchema,
})

/** POST /staff/auth/sign-out: ends the session of the bearer token and/or the refresh token. */
export const StaffSignOutRequestSchema = z.object({
  businessId: BusinessIdSchema,
  refresh_token: OpaqueTokenSchema.optional(),
})
export const StaffSignedOutSchema = z.object({ signedOut: z.literal(true) })

export const StaffBusinessRequestSchema = z.object({ businessId: BusinessIdSchema })

/** Who is signed in and what they may do where. */
export type StaffProfile = z.infer<typeof StaffProfileSchema>
export const StaffProfileSchema = z.object({
  staffId: IdSchema,
  businessId: IdSchema,
  email: z.string(),
  name: z.string(),
  operator: z.boolean(),
  stores: z.array(z.object({ storeId: IdSchema, role: z.enum(STORE_ROLES) })),
})

/** POST /staff/invitations: an operator invites someone to a role (store roles name stores). */
export const StaffInviteRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    email: EmailSchema,
    name: requiredText('Name', TEXT_MAX_LENGTH.name, MESSAGES.validationError),
    role: z.enum(STAFF_ROLES),
    storeIds: z.array(IdSchema).max(200).default([]),
  })
  .refine((input) => (input.role === 'operator') === (input.storeIds.length === 0), {
    error: MESSAGES.validationError,
    path: ['storeIds'],
  })
export type StaffInviteRequest = z.output<typeof StaffInviteRequestSchema>

export const StaffInvitedSchema = z.object({ staffId: IdSchema, expiresAt: z.iso.datetime() })

/** POST /staff/invitations/accept: the link's token and the new password. */
export const StaffAcceptInvitationRequestSchema = z.object({
  businessId: BusinessIdSchema,
  token: OpaqueTokenSchema,
  password: NewPasswordSchema,
})
export const StaffInvitationAcceptedSchema = z.object({ staffId: IdSchema, email: z.string() })

/** POST /staff/accounts/deactivate: an operator ends someone's access, every session at once. */
export const StaffDeactivateRequestSchema = z.object({
  businessId: BusinessIdSchema,
  staffId: IdSchema,
})
export const StaffDeactivatedSchema = z.object({ deactivated: z.literal(true) })

// --- The operator console's Staff page (issue 35 item 6) -----------------------------------------

/** One role at one store. */
export const StaffStoreRoleSchema = z.object({ storeId: IdSchema, role: z.enum(STORE_ROLES) })
export type StaffStoreRole = z.infer<typeof StaffStoreRoleSchema>

/** What someone may do: the operator role (every store), and/or roles at named stores. */
const staffAccessShape = {
  operator: z.boolean(),
  stores: z.array(StaffStoreRoleSchema).max(200),
}
const holdsSomeRole = (input: { operator: boolean; stores: ReadonlyArray<unknown> }) =>
  input.operator || input.stores.length > 0

/** POST /staff/operator/staff/invite: an invitation with one or more roles per store, or operator. */
export const OperatorStaffInviteRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    email: EmailSchema,
    name: requiredText('Name', TEXT_MAX_LENGTH.name, MESSAGES.validationError),
    ...staffAccessShape,
  })
  .refine(holdsSomeRole, { error: MESSAGES.staffRoleRequired, path: ['stores'] })
export type OperatorStaffInviteRequest = z.output<typeof OperatorStaffInviteRequestSchema>

/** POST /staff/operator/staff/roles: replaces what someone may do. */
export const OperatorStaffRolesRequestSchema = z
  .object({ businessId: BusinessIdSchema, staffId: IdSchema, ...staffAccessShape })
  .refine(holdsSomeRole, { error: MESSAGES.staffRoleRequired, path: ['stores'] })
export type OperatorStaffRolesRequest = z.output<typeof OperatorStaffRolesRequestSchema>

/** POST /staff/operator/staff/resend and /deactivate: one member of staff. */
export const OperatorStaffMemberRequestSchema = z.object({
  businessId: BusinessIdSchema,
  staffId: IdSchema,
})

export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const

/** A member of staff as the Staff page lists them. */
export const OperatorStaffMemberSchema = z.object({
  staffId: IdSchema,
  name: z.string(),
  email: z.string(),
  status: z.enum(STAFF_STATUSES),
  operator: z.boolean(),
  stores: z.array(StaffStoreRoleSchema.extend({ storeName: z.string() })),
})
export type OperatorStaffMember = z.infer<typeof OperatorStaffMemberSchema>

export const OperatorStaffListSchema = z.object({ staff: z.array(OperatorStaffMemberSchema) })

// --- The console's own account (issue 36 item 9) -------------------------------------------------

/** POST /staff/auth/change-password: the members' rules (spec §7) for the new password. */
export const StaffChangePasswordRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordIncorrect })
      .min(1, { error: MESSAGES.currentPasswordIncorrect })
      .max(1024, { error: MESSAGES.currentPasswordIncorrect }),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
export type StaffChangePasswordRequest = z.output<typeof StaffChangePasswordRequestSchema>
export const StaffPasswordChangedSchema = z.object({ changed: z.literal(true) })
