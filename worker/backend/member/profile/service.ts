import { assertBusinessMobile } from '../../business-phone.ts'
import type { z } from 'zod'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type {
  MarketingPreferences,
  MarketingUpdateSchema,
  MemberProfile,
  ProfileUpdateSchema,
} from '../../../../schemas/member-profile.ts'
import { AppError } from '../../../lib/errors.ts'
import { hashOneTimeCode, sixDigitCode } from '../../auth/otp.ts'
import type { AuthDeps } from '../../auth/sessions.ts'
import {
  applyEmailChange,
  countEmailChangeAttempt,
  emailTaken,
  findLiveEmailChange,
  findProfile,
  listPreferences,
  recordConsentStatements,
  type ProfileRow,
  replaceEmailChangeStatements,
  updateProfile,
} from './repo.ts'

/** A code to confirm a new email address works for 30 minutes, like the verification code. */
export const EMAIL_CHANGE_TTL_SECONDS = 30 * 60

/** Who is asking: the member requireMember answered, of the business of the call. */
export interface Member {
  businessId: number
  customerId: number
}

// The code is bound to the member and the address: it never confirms another change.
const boundTo = (customerId: number, email: string) => `email_change:${customerId}:${email}`

function gone(): AppError {
  return new AppError('unauthorized', MESSAGES.loginRequired)
}

export function profileOf(row: ProfileRow): MemberProfile {
  return {
    firstname: row.first_name,
    lastname: row.last_name,
    mobileContactNumber: row.phone,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    registrationType: row.registration_type,
    pendingEmail: row.pending_email,
    whereHeard: row.where_heard,
    retailMemberId: row.retail_member_id,
  }
}

export async function getProfile(deps: AuthDeps, member: Member): Promise<MemberProfile> {
  const row = await findProfile(deps.db, member.businessId, member.customerId, iso(deps))
  if (!row) throw gone()
  return profileOf(row)
}

const iso = (deps: AuthDeps) => deps.now.toISOString()

export async function saveProfile(
  deps: AuthDeps,
  member: Member,
  body: z.output<typeof ProfileUpdateSchema>
): Promise<MemberProfile> {
  await assertBusinessMobile(
    deps.db,
    member.businessId,
    body.mobileContactNumber,
    'mobileContactNumber'
  )
  // The spec's PUT names three fields: the others are kept unless the caller sends them.
  const current = await getProfile(deps, member)
  const saved = await updateProfile(deps.db, {
    ...member,
    firstName: body.firstname,
    lastName: body.lastname,
    phone: body.mobileContactNumber ?? null,
    whereHeard: body.whereHeard === undefined ? current.whereHeard : body.whereHeard,
    retailMemberId:
      body.retailMemberId === undefined ? current.retailMemberId : body.retailMemberId,
    now: iso(deps),
  })
  if (!saved) throw gone()
  return getProfile(deps, member)
}

function emailRegistered(): AppError {
  return new AppError('conflict', MESSAGES.emailRegistered, {
    fields: [{ field: 'newEmail', message: MESSAGES.emailRegistered }],
  })
}

/**
 * Emails a code to the new address; the email changes only once the code is checked. The same
 * address as now, or one another account has, is refused before anything is sent.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  member: Member,
  newEmail: string
): Promise<{ pendingEmail: string; expiresAt: string }> {
  const profile = await getProfile(deps, member)
  if (profile.email === newEmail) {
    throw new AppError('validation_error', MESSAGES.emailSameAsNow, {
      fields: [{ field: 'newEmail', message: MESSAGES.emailSameAsNow }],
    })
  }
  if (await emailTaken(deps.db, member.businessId, newEmail, member.customerId)) {
    throw emailRegistered()
  }
  const code = sixDigitCode()
  const expiresAt = new Date(deps.now.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000).toISOString()
  try {
    await deps.messenger.send({
      businessId: member.businessId,
      channel: 'email',
      to: newEmail,
      template: 'email_change_code',
      data: { code, firstName: profile.firstname, expiresAt },
    })
  } catch (error) {
    throw new AppError('upstream_error', MESSAGES.verificationCodeFailed, { cause: error })
  }
  await deps.db.batch(
    replaceEmailChangeStatements(deps.db, {
      ...member,
      newEmail,
      codeHash: await hashOneTimeCode(
        deps.sessionSecret,
        code,
        boundTo(member.customerId, newEmail)
      ),
      expiresAt,
      now: iso(deps),
    })
  )
  return { pendingEmail: newEmail, expiresAt }
}

/**
 * Checks the code sent to the new address and moves the member to it; the old address is told.
 * A wrong code counts an attempt ('The code was incorrect'); none live (expired, used, 5 wrong)
 * answers 'Unable to verify your email address'.
 */
export async function confirmEmailChange(
  deps: AuthDeps,
  member: Member,
  code: string
): Promise<MemberProfile> {
  const before = await getProfile(deps, member)
  const request = await findLiveEmailChange(deps.db, member.customerId, iso(deps))
  const refuse = (message: string) =>
    new AppError('validation_error', message, {
      fields: [{ field: 'verificationCode', message }],
    })
  if (!request) throw refuse(MESSAGES.emailVerifyFailed)
  const hash = await hashOneTimeCode(
    deps.sessionSecret,
    code,
    boundTo(member.customerId, request.new_email)
  )
  if (hash !== request.code_hash) {
    await countEmailChangeAttempt(deps.db, request.id)
    throw refuse(MESSAGES.codeIncorrect)
  }
  if (await emailTaken(deps.db, member.businessId, request.new_email, member.customerId)) {
    throw emailRegistered()
  }
  const applied = await applyEmailChange(deps.db, {
    customerId: member.customerId,
    requestId: request.id,
    newEmail: request.new_email,
    now: iso(deps),
  })
  if (!applied) throw refuse(MESSAGES.emailVerifyFailed)
  try {
    // Told after the change: a lost notice must not undo a change the member proved.
    await deps.messenger.send({
      businessId: member.businessId,
      channel: 'email',
      to: before.email,
      template: 'email_changed',
      data: { firstName: before.firstname, newEmail: request.new_email },
    })
  } catch {
    // The messenger logs its own failures; the change stands.
  }
  return getProfile(deps, member)
}

export async function getMarketingPreferences(
  deps: AuthDeps,
  member: Member
): Promise<MarketingPreferences> {
  const { channels, history } = await listPreferences(deps.db, member.businessId, member.customerId)
  return {
    channels: channels.map((row) => ({
      marketingChannelId: row.marketing_channel_id,
      channel: row.channel,
      name: row.name,
      description: row.description,
      // Out until the member opts in (PECR: consent is given, never assumed).
      optedIn: row.opted_in === 1,
      updatedAt: row.updated_at,
    })),
    history: history.map((row) => ({
      channel: row.channel,
      optedIn: row.opted_in === 1,
      source: row.source,
      recordedAt: row.recorded_at,
    })),
  }
}

/**
 * Saves the member's choices; each channel whose choice changes gets a history row with the time
 * and source. An unknown channel id answers 404 and nothing is saved.
 */
export async function saveMarketingPreferences(
  deps: AuthDeps,
  member: Member,
  body: z.output<typeof MarketingUpdateSchema>
): Promise<MarketingPreferences> {
  const current = await getMarketingPreferences(deps, member)
  const byId = new Map(current.channels.map((channel) => [channel.marketingChannelId, channel]))
  const statements: Array<D1PreparedStatement> = []
  for (const option of body.marketingOptions) {
    const channel = byId.get(option.marketingChannelId)
    if (!channel) throw new AppError('not_found', MESSAGES.marketingChannelNotFound)
    // A choice never made counts as out, so "out" for it is no change and no history row.
    if (channel.optedIn === option.optedIn) continue
    statements.push(
      ...recordConsentStatements(deps.db, {
        ...member,
        marketingChannelId: channel.marketingChannelId,
        channel: channel.channel,
        optedIn: option.optedIn,
        source: body.source,
        now: iso(deps),
      })
    )
  }
  if (statements.length > 0) await deps.db.batch(statements)
  return getMarketingPreferences(deps, member)
}
