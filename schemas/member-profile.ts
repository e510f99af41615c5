import { LoyaltySummarySchema } from './loyalty.ts'
import { z } from 'zod'
import { BusinessIdSchema, EmailSchema, IdSchema } from './common.ts'
import { MESSAGES } from './messages.ts'
import { OptionalMobilePhoneSchema } from './phone.ts'
import { optionalText, requiredText, TEXT_MAX_LENGTH } from './text-limits.ts'

/**
 * The member's own data (spec §3 Member profile, Marketing preferences; §7 Member: profile get/PUT,
 * marketing preferences get/PUT, verification code, forget me) and the data export.
 */

/** The marketing channels a member can opt into; every one is out until they opt in. */
export const MARKETING_CHANNELS = ['email', 'sms', 'push'] as const
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number]

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['registration', 'profile'] as const

/**
 * A retail (loyalty) membership number: 6–20 letters and digits, spaces and dashes as people type
 * them ignored, stored upper case. Null when it is not one.
 */
export function normaliseRetailMemberId(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '').toUpperCase()
  return /^[A-Z0-9]{6,20}$/.test(compact) ? compact : null
}

/** Blank means none (null); anything else must be a retail membership id. */
const OptionalRetailMemberIdSchema = z
  .string({ error: MESSAGES.retailMembershipInvalid })
  .max(40, { error: MESSAGES.retailMembershipInvalid })
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return null
    const id = normaliseRetailMemberId(value)
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.retailMembershipInvalid })
      return z.NEVER
    }
    return id
  })

export const MemberQuerySchema = z.object({ businessId: BusinessIdSchema })

/** GET /member/profile: what the member's details pages show. */
export const MemberProfileSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  /** E.164, or null. */
  mobileContactNumber: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  registrationType: z.enum(['registered', 'registered_with_verification']),
  /** An email change waiting for its code, if any. */
  pendingEmail: z.string().nullable(),
  whereHeard: z.string().nullable(),
  retailMemberId: z.string().nullable(),
})
export type MemberProfile = z.infer<typeof MemberProfileSchema>

/** PUT /member/profile (spec: firstname, lastname, mobileContactNumber; blank mobile removes it). */
export const ProfileUpdateSchema = z.object({
  businessId: BusinessIdSchema,
  firstname: requiredText('First name', TEXT_MAX_LENGTH.name, MESSAGES.firstNameRequired),
  lastname: requiredText('Last name', TEXT_MAX_LENGTH.name, MESSAGES.lastNameRequired),
  mobileContactNumber: OptionalMobilePhoneSchema,
  /** Absent: kept as it is; blank: removed. */
  whereHeard: optionalText('Where you heard about us', TEXT_MAX_LENGTH.whereHeard).optional(),
  /** Absent: kept as it is; blank: removed. */
  retailMemberId: OptionalRetailMemberIdSchema.optional(),
})

const sixDigits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{6}$/, { error: message })

/** POST /member/email-change/request: a code goes to the new address. */
export const EmailChangeRequestSchema = z.object({
  businessId: BusinessIdSchema,
  newEmail: EmailSchema,
})
export const EmailChangeRequestedSchema = z.object({
  pendingEmail: z.string(),
  expiresAt: z.iso.datetime(),
})

/** POST /member/email-change/confirm: the code from the new address's email. */
export const EmailChangeConfirmSchema = z.object({
  businessId: BusinessIdSchema,
  verificationCode: sixDigits(MESSAGES.codeIncorrect),
})

export const MarketingConsentSchema = z.object({
  channel: z.enum(MARKETING_CHANNELS),
  optedIn: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  recordedAt: z.string(),
})

/** GET /member/marketing-preferences: each channel in or out, and every change ever recorded. */
export const MarketingPreferencesSchema = z.object({
  channels: z.array(
    z.object({
      marketingChannelId: IdSchema,
      channel: z.enum(MARKETING_CHANNELS),
      name: z.string(),
      description: z.string().nullable(),
      optedIn: z.boolean(),
      /** When the member last changed it; null while it is the default (out). */
      updatedAt: z.string().nullable(),
    })
  ),
  history: z.array(MarketingConsentSchema),
})
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>

/** PUT /member/marketing-preferences (spec: marketingOptions, marketingChannelId). */
export const MarketingUpdateSchema = z.object({
  businessId: BusinessIdSchema,
  marketingOptions: z
    .array(z.object({ marketingChannelId: IdSchema, optedIn: z.boolean() }))
    .max(MARKETING_CHANNELS.length),
  source: z.enum(CONSENT_SOURCES).default('profile'),
})

/** POST /member/forget-me/request: a code goes to the member's email. */
export const ForgetMeRequestSchema = z.object({ businessId: BusinessIdSchema })
export const ForgetMeRequestedSchema = z.object({ expiresAt: z.iso.datetime() })

/** POST /member/forget-me/confirm (spec: confirmationCode). */
export const ForgetMeConfirmSchema = z.object({
  businessId: BusinessIdSchema,
  confirmationCode: sixDigits(MESSAGES.codeIncorrect),
})
export const ForgetMeConfirmedSchema = z.object({ forgotten: z.literal(true) })

const JsonRecord = z.record(z.string(), z.unknown())

/** GET /member/data-export: everything we hold about the member (UK GDPR art. 15 and 20). */
export const DataExportSchema = z.object({
  exportedAt: z.string(),
  profile: MemberProfileSchema.omit({ pendingEmail: true }).extend({
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  addresses: z.array(JsonRecord),
  orders: z.array(JsonRecord),
  savedCards: z.array(JsonRecord),
  marketing: MarketingPreferencesSchema,
  reviews: z.array(JsonRecord),
  devices: z.array(JsonRecord),
  /** What the member sent through the contact form, attachments by name and size (ADR 022). */
  contactRequests: z.array(JsonRecord),
  /** Points, their history and the store credit ledger (ADR 020). */
  loyalty: LoyaltySummarySchema,
  /** The member's own referral code, when they have one (ADR 021). */
  referralCode: z.string().nullable(),
})
export type DataExport = z.infer<typeof DataExportSchema>

/** The register page's white-label settings (the `register` section; spec §9). */
export const RegisterSettingsSchema = z.looseObject({
  /** Register as registered_with_verification: the email is verified by a code. */
  requireEmailVerification: z.boolean().default(false),
  /** Offer the marketing opt-in boxes (always unticked). */
  showMarketingOptIn: z.boolean().default(true),
})

/** The registration form's opt-in box of each channel: `marketing-<channel>=in` when ticked. */
export const marketingOptInField = (channel: MarketingChannel) => `marketing-${channel}`

/**
 * The member's default substitution choice (issue 42) for items they never chose for: best match
 * or no substitute (a replacement is chosen per item, in the basket).
 */
export const SubstitutionDefaultSchema = z.object({
  substitution: z.enum(['best_match', 'none'], { error: MESSAGES.validationError }),
})
export type SubstitutionDefault = z.infer<typeof SubstitutionDefaultSchema>

/** POST /member/substitution-default. */
export const SubstitutionDefaultUpdateSchema = SubstitutionDefaultSchema.extend({
  businessId: BusinessIdSchema,
})
