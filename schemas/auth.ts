import { z } from 'zod'
import { BusinessIdSchema, EmailSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { MobilePhoneSchema, OptionalMobilePhoneSchema } from './phone.ts'
import { ReferralCodeSchema } from './referrals.ts'
import { requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * Auth calls of spec §7 (Auth, Guest) and their answers. Tokens: a short-lived JWT access token
 * (sent as `Authorization: Bearer`) and an opaque rotating refresh token. In the browser both live
 * only in httpOnly cookies set by the worker (docs/decisions/009-auth-tokens-and-passwords.md).
 */

/** Spec §4 Auth kinds. */
export const AUTH_KINDS = ['guest', 'member'] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

/** Spec §4 Registration types. */
export const REGISTRATION_TYPES = ['registered', 'registered_with_verification'] as const

/** Shortest password accepted (ASVS 6.2.1). */
export const PASSWORD_MIN_LENGTH = 8
/** Longest password accepted: long passphrases are welcome (ASVS 6.2.9), megabytes are not. */
export const PASSWORD_MAX_LENGTH = 128

/** A new password: 8 to 128 characters, kept exactly as typed (spaces count). */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong })

/** A password being checked: any non-empty string (rules may have changed since it was set). */
export const PresentedPasswordSchema = z
  .string({ error: MESSAGES.loginFailed })
  .min(1, { error: MESSAGES.loginFailed })
  .max(1024, { error: MESSAGES.loginFailed })

/** An opaque token we issued (refresh, reset): 43 base64url characters; a little slack allowed. */
export const OpaqueTokenSchema = z
  .string({ error: MESSAGES.validationError })
  .trim()
  .min(16, { error: MESSAGES.validationError })
  .max(200, { error: MESSAGES.validationError })

const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined))

// --- Registration (spec §3 Customer contact, §4 Registration types) ---------------------------

const registrationFields = {
  businessId: BusinessIdSchema,
  firstName: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.firstNameRequired),
  lastName: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.lastNameRequired),
  email: EmailSchema,
  phone: OptionalMobilePhoneSchema,
  password: NewPasswordSchema,
  confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }),
  /** The where-did-you-hear-about-us answer. */
  whereHeard: OptionalText(200),
  registrationType: z.enum(REGISTRATION_TYPES).default('registered'),
  /** A friend's referral code (ADR 021); blank is none, a bad one refuses the registration. */
  referralCode: z
    .string({ error: MESSAGES.referralCodeInvalid })
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(ReferralCodeSchema.optional()),
  /** The device the storefront registers from (its device cookie; a self-referral signal). */
  messagingDeviceId: OptionalText(200),
}

function passwordsMatch(value: { password: string; confirmPassword: string }): boolean {
  return value.password === value.confirmPassword
}
const MISMATCH = { error: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] }

/** POST /auth/register: creates a member and signs them in (answers a TokenResponse). */
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>
export const RegisterRequestSchema = z.object(registrationFields).refine(passwordsMatch, MISMATCH)

// --- Token exchange (spec §7 Auth: /oauth/token; §3 Auth strategy names) -----------------------

const GuestGrantSchema = z.object({
  grant_type: z.literal('guest'),
  businessId: BusinessIdSchema,
})

const PasswordGrantSchema = z.object({
  grant_type: z.literal('password'),
  businessId: BusinessIdSchema,
  /** The member's email address (OAuth calls it username). */
  username: EmailSchema,
  password: PresentedPasswordSchema,
})

const RefreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  businessId: BusinessIdSchema,
  refresh_token: OpaqueTokenSchema,
})

const RegisterGrantSchema = z
  .object({ grant_type: z.literal('register'), ...registrationFields })
  .refine(passwordsMatch, MISMATCH)

/** A six-digit code as typed (one-time password, verification code). */
const sixDigits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{6}$/, { error: message })

/** The id POST /auth/otp/send answered; the code is bound to it. */
export const OtpRequestIdSchema = OpaqueTokenSchema

const OtpGrantSchema = z.object({
  grant_type: z.literal('otp'),
  businessId: BusinessIdSchema,
  requestId: OtpRequestIdSchema,
  /** The six digits the shopper received. */
  code: sixDigits(MESSAGES.otpIncorrect),
})

/** Social sign-in providers (spec §3 Auth strategy names; Apple per spec §4 Registered member). */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'apple'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** The providers' names as shoppers know them. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  google: 'Google',
  apple: 'Apple',
}

const socialGrantFields = {
  businessId: BusinessIdSchema,
  /** The provider's ID token (a signed JWT). */
  id_token: z.string().trim().min(1).max(8192),
  /** The nonce from POST /auth/nonce that the ID token carries; it works once. */
  nonce: z.string().trim().min(16).max(200),
}
const GoogleGrantSchema = z.object({ grant_type: z.literal('google'), ...socialGrantFields })
const FacebookGrantSchema = z.object({ grant_type: z.literal('facebook'), ...socialGrantFields })
const AppleGrantSchema = z.object({
  grant_type: z.literal('apple'),
  ...socialGrantFields,
  /*
   * The name Apple posts beside the ID token (its `user` JSON) on the first sign-in only: its ID
   * token never carries one. Used only to name a member created by this sign-in.
   */
  firstName: z.string().trim().max(50).optional(),
  lastName: z.string().trim().max(50).optional(),
})

/**
 * POST /oauth/token: one body per grant_type (guest, password, refresh_token, register, otp,
 * google, facebook, apple).
 */
export type TokenRequest = z.infer<typeof TokenRequestSchema>
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  GuestGrantSchema,
  PasswordGrantSchema,
  RefreshGrantSchema,
  RegisterGrantSchema,
  OtpGrantSchema,
  GoogleGrantSchema,
  FacebookGrantSchema,
  AppleGrantSchema,
])

/** The answer of every sign-in: OAuth 2 token response fields plus the session kind. */
export type TokenResponse = z.infer<typeof TokenResponseSchema>
export const TokenResponseSchema = z.object({
  /** JWT (HS256), at most 15 minutes; send as `Authorization: Bearer <access_token>`. */
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until access_token expires. */
  expires_in: z.int().positive(),
  /** Opaque, single use: exchanging it (grant refresh_token) answers a new pair. */
  refresh_token: z.string(),
  /** Seconds until refresh_token expires unless used first. */
  refresh_expires_in: z.int().positive(),
  kind: z.enum(AUTH_KINDS),
  /** Present for members. */
  customerId: IdSchema.optional(),
  /**
   * Registration with a referral code only (ADR 021): whether the invitation can earn its reward.
   * 'refused' never says which signal matched, so it cannot be used to probe the guards.
   */
  referral: z.enum(['accepted', 'refused']).optional(),
})

// --- Logout, passwords -------------------------------------------------------------------------

/** POST /auth/logout: ends the session of the refresh token and/or the bearer access token. */
export const LogoutRequestSchema = z.object({
  businessId: BusinessIdSchema,
  refresh_token: OpaqueTokenSchema.optional(),
})
export const LogoutResponseSchema = z.object({ loggedOut: z.literal(true) })

/** POST /auth/change-password (member, bearer token). logoutFromAll is always true (spec §7). */
export const ChangePasswordRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordIncorrect })
      .min(1, { error: MESSAGES.currentPasswordIncorrect })
      .max(1024, { error: MESSAGES.currentPasswordIncorrect }),
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).optional(),
    logoutFromAll: z.literal(true).default(true),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, MISMATCH)

/** POST /auth/reset-password/request: always the same answer, whether or not the email is known. */
export const ResetPasswordRequestSchema = z.object({
  businessId: BusinessIdSchema,
  email: EmailSchema,
})
export const ResetPasswordRequestedSchema = z.object({
  /** Always true: the answer never says whether an account exists. */
  accepted: z.literal(true),
  message: z.string(),
})

/** POST /auth/reset-password/validate: is this reset link still usable? */
export const ValidateResetTokenRequestSchema = z.object({
  businessId: BusinessIdSchema,
  resetToken: OpaqueTokenSchema,
})
export const ValidateResetTokenResponseSchema = z.object({
  valid: z.literal(true),
  /** When the link stops working (ISO 8601, UTC). */
  expiresAt: z.iso.datetime(),
})

/** POST /auth/reset-password: sets a new password from a reset link (spec §7). */
export const ResetPasswordSchema = z
  .object({
    businessId: BusinessIdSchema,
    resetToken: OpaqueTokenSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: MESSAGES.passwordsDoNotMatch }).optional(),
    logoutFromAll: z.boolean().default(false),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, MISMATCH)
export const ResetPasswordResponseSchema = z.object({ passwordReset: z.literal(true) })

// --- Nonce, device, guest registration status --------------------------------------------------

/** POST /auth/nonce: a single-use random value for a social sign-in request. */
export const NonceRequestSchema = z.object({ businessId: BusinessIdSchema })
export const NonceResponseSchema = z.object({
  nonce: z.string(),
  expiresAt: z.iso.datetime(),
})

/** Spec §3 Device. */
export const DEVICE_PLATFORMS = ['web', 'ios', 'android'] as const
/** POST /auth/devices: registers (or updates) a device for messages; a bearer member owns it. */
export const RegisterDeviceRequestSchema = z.object({
  businessId: BusinessIdSchema,
  messagingDeviceId: z.string().trim().min(1).max(512),
  platform: z.enum(DEVICE_PLATFORMS).optional(),
  systemVersion: OptionalText(100),
  deviceModel: OptionalText(100),
  deviceName: OptionalText(100),
  appVersion: OptionalText(50),
  promoConsentLevel: OptionalText(50),
})
export const RegisterDeviceResponseSchema = z.object({ deviceId: IdSchema })

/**
 * POST /guest/registration-status (spec §6 Guest, §7 Guest): does this email belong to a member
 * (who must then log in)? basketToken is accepted as the spec's payload carries it.
 */
export const RegistrationStatusRequestSchema = z.object({
  businessId: BusinessIdSchema,
  email: EmailSchema,
  basketToken: z.string().trim().max(200).optional(),
})
export const RegistrationStatusSchema = z.object({ registered: z.boolean() })

// --- One-time passwords (spec §7 Auth "Send one-time-password message") ------------------------

/** Where a one-time password is sent. */
export const OTP_CHANNELS = ['email', 'sms'] as const
export type OtpChannel = (typeof OTP_CHANNELS)[number]

/**
 * POST /auth/otp/send: a six-digit login code to the member with this email (or mobile phone),
 * by email or by text to the address or number on their account.
 */
export type OtpSendRequest = z.output<typeof OtpSendRequestSchema>
export const OtpSendRequestSchema = z
  .object({
    businessId: BusinessIdSchema,
    email: EmailSchema.optional(),
    phone: MobilePhoneSchema.optional(),
    channel: z.enum(OTP_CHANNELS).default('email'),
    type: z.literal('login').default('login'),
  })
  .refine((v) => (v.email === undefined) !== (v.phone === undefined), {
    error: MESSAGES.emailInvalid,
    path: ['email'],
  })

/**
 * The answer of POST /auth/otp/send, the same whether or not the account exists. The client keeps
 * it under `restorable.strategy.otp` (spec §7 key prefix 'restorable.strategy.') until the shopper
 * types the code, then exchanges `requestId` + code with grant_type 'otp'.
 */
export type OtpSent = z.infer<typeof OtpSentSchema>
export const OtpSentSchema = z.object({
  requestId: z.string(),
  channel: z.enum(OTP_CHANNELS),
  /** When the code stops working (ISO 8601, UTC): 10 minutes after sending. */
  expiresAt: z.iso.datetime(),
})

/** The key prefix under which the client keeps a pending sign-in strategy (spec §7 Auth). */
export const RESTORABLE_STRATEGY_KEY_PREFIX = 'restorable.strategy.'

// --- Email verification codes (spec §7 Member, §4 registered_with_verification) ----------------

/** POST /member/verification-code/request (bearer member): emails a new six-digit code. */
export const VerificationCodeRequestSchema = z.object({
  businessId: BusinessIdSchema,
  platform: z.enum(DEVICE_PLATFORMS),
  /** The robot-check token (Turnstile; LOCAL_ROBOT_CHECK_TOKEN of schemas/basket.ts locally). */
  verifyToken: z.string().trim().min(1).max(4096),
  /** Accepted as the spec's payload carries it; not used. */
  basketToken: z.string().trim().max(200).optional(),
})
export const VerificationCodeRequestedSchema = z.object({
  /** True when the email was already verified: no code is sent. */
  emailVerified: z.boolean(),
  /** When the new code stops working; absent when none was sent. */
  expiresAt: z.iso.datetime().optional(),
})

/** POST /member/verification-code/check (bearer member): the code from the email. */
/**
 * `details.reason` of a social grant's 409: the provider's email belongs to an account the grant
 * may not walk into; the shopper signs in to it and POST /auth/social/link links it.
 */
export const SOCIAL_LINK_REQUIRED = 'social_link_required'

/** Links a waiting social sign-in to the signed-in member (issue 36.1). */
export const SocialLinkRequestSchema = z.object({
  businessId: BusinessIdSchema,
  linkToken: z.string().trim().min(16).max(200),
})
export type SocialLinkRequest = z.infer<typeof SocialLinkRequestSchema>

/** Which provider now signs this member in, or null when the link was not made. */
export const SocialLinkedSchema = z.object({ linked: z.enum(SOCIAL_PROVIDERS).nullable() })

export const VerificationCodeCheckSchema = z.object({
  businessId: BusinessIdSchema,
  verificationCode: sixDigits(MESSAGES.codeIncorrect),
  /** Accepted as the spec's payload carries it; not used. */
  basketToken: z.string().trim().max(200).optional(),
})
export const VerificationCodeCheckedSchema = z.object({ emailVerified: z.literal(true) })
